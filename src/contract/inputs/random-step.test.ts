// A number parameter with a step (`multipleOf`): the suite's values are
// multiples (its example, a bound's value, every valid draw), and it
// derives a case and draws inputs that break the step alone (within the
// bounds; for an integer, one apart from a multiple).
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ParamSpec, ToolSpec } from "@blockwright/runtime/internal";
import { loadProvider } from "../../emit/link-provider.js";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { loadYamlSource } from "../../load/yaml-source.js";
import { limitKind } from "../kinds/limit.js";
import { invalidInput } from "./invalid-inputs.js";
import { validInput } from "./random-inputs.js";
import { ToolValues } from "./values.js";

const fixtures = fileURLToPath(new URL("../../../test-support/fixtures/", import.meta.url));
const shelf = await loadProvider(fixtures, join(fixtures, "specs/shelf"));
const doc = new OpenApiDocument(loadYamlSource(join(fixtures, "specs/shelf/openapi.yaml")));
const listBooks = shelf.operations.find((op) => op.tool.id === "shelf_list_books")!.tool;
// Its page size (an integer, 1 to 50, default 10) moving by fives, from 3: the first multiple inside is 5, the last 50.
const tool: ToolSpec = {
  ...listBooks,
  params: listBooks.params.map((p) => (p.name === "top" ? ({ ...p, minimum: 3, multipleOf: 5 } as ParamSpec) : p)),
};
const values = new ToolValues(tool, doc);

describe("a number's step in the derived suite", () => {
  it("its example is a multiple; a case sends one apart from a multiple, refused for its step", async () => {
    expect(Number(values.example("top")?.value) % 5).toBe(0);
    const cases = limitKind.derive(tool, { provider: "shelf", tools: [tool], document: doc });
    expect(cases.map((c) => c.name)).toEqual(
      expect.arrayContaining(["top multipleOf 5 at the boundary", "top multipleOf 5 one step past it"]),
    );
    // The value past the step is refused by the runtime, before any request (nothing listens at port 1), for its step.
    const past = cases.find((c) => c.name === "top multipleOf 5 one step past it")!;
    const calls: { input: Record<string, unknown>; exchanges: unknown[] }[] = [];
    // It resolves only when the call is refused with the rule the case names (multipleOf).
    await expect(
      past.run({ mockUrl: () => "http://127.0.0.1:1", seed: 1, runs: 1, observe: (call) => calls.push(call) }),
    ).resolves.toBeUndefined();
    expect(calls.map((c) => [c.input.top, c.exchanges.length])).toEqual([[11, 0]]);
  });

  it("draws valid values that are multiples, and invalid ones that break the step alone", () => {
    const valid = fc.sample(validInput(tool, values, "http://127.0.0.1:1"), { numRuns: 40, seed: 3 });
    const tops = valid.filter((input) => input.top !== undefined).map((input) => Number(input.top));
    // Most draws give it (an optional parameter is sometimes left out): none checked would prove nothing.
    expect(tops.length).toBeGreaterThan(10);
    expect(tops.filter((top) => top % 5 !== 0 || top < 3 || top > 50)).toEqual([]);
    const invalid = fc
      .sample(invalidInput(tool, values, "http://127.0.0.1:1"), { numRuns: 400, seed: 3 })
      .filter((d) => d.rule.includes("multipleOf"));
    expect(invalid.length).toBeGreaterThan(0);
    for (const d of invalid) {
      const top = Number(d.input.top);
      expect([top % 5 !== 0, top >= 3, top <= 50]).toEqual([true, true, true]);
    }
  });
});
