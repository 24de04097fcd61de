// A list's item count set by another parameter's value (the rule dependentLimits with minItems/maxItems: JSON
// Schema's if/then with `minItems: 1` on a list one value requires non-empty): the random valid inputs hold to it,
// and the random invalid inputs break it alone, each refused before any request naming the list and the rule.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type ParamSpec, type ToolSpec, validateParams } from "@blockwright/runtime/internal";
import { loadProvider } from "../../emit/link-provider.js";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { loadYamlSource } from "../../load/yaml-source.js";
import { invalidInput } from "./invalid-inputs.js";
import { validInput } from "./random-inputs.js";
import { ToolValues } from "./values.js";

const fixtures = fileURLToPath(new URL("../../../test-support/fixtures/", import.meta.url));
const shelf = await loadProvider(fixtures, join(fixtures, "specs/shelf"));
const doc = new OpenApiDocument(loadYamlSource(join(fixtures, "specs/shelf/openapi.yaml")));
const getBook = shelf.operations.find((op) => op.tool.id === "shelf_get_book")!.tool;
const bookId = getBook.params.find((p) => p.name === "bookId")!;

const reach: ParamSpec = {
  ...bookId,
  name: "zqReach",
  required: false,
  enum: ["every", "picked"],
  pattern: undefined,
  minLength: undefined,
  maxLength: undefined,
  example: undefined,
  placeholder: undefined,
  wire: { in: "query", name: "zq_reach" },
};
const hosts: ParamSpec = {
  ...reach,
  name: "zqHosts",
  type: "json",
  jsonType: "array",
  enum: undefined,
  items: { type: "string" },
  example: ["a.example", "b.example", "c.example"],
  wire: { in: "query", name: "zq_hosts", encoding: { style: "form", explode: false } },
};
const mode: ParamSpec = { ...reach, name: "zqMode", enum: ["plain", "fancy"], wire: { in: "query", name: "zq_mode" } };
const tool: ToolSpec = {
  ...getBook,
  routes: [],
  params: [...getBook.params, reach, hosts, mode],
  rules: [
    // A rule of another parameter on the same selector: its breaker sets the selector, the list kept to its count.
    { rule: "allowedValues", param: "zqMode", dependsOn: "zqReach", values: { picked: ["plain"] } },
    {
      rule: "dependentLimits",
      param: "zqHosts",
      dependsOn: "zqReach",
      limits: { picked: { minItems: 1 }, every: { maxItems: 2 } },
    },
  ],
};
const values = new ToolValues(tool, doc);

describe("a list's item count another parameter's value sets (dependentLimits with minItems/maxItems)", () => {
  it("the random invalid inputs break it for each value, alone: one short of the fewest, one past the most", () => {
    const draws = fc.sample(invalidInput(tool, values, "http://127.0.0.1:1"), { numRuns: 3000, seed: 3917 });
    const broken = draws.filter((d) => d.rule.includes("dependentLimits"));
    const lengths = new Set(broken.map((d) => `${d.input.zqReach} ${(d.input.zqHosts as unknown[]).length}`));
    expect([...lengths].sort()).toEqual(["every 3", "picked 0"]);
    const selected = draws.filter((d) => d.rule.includes("allowedValues"));
    expect(selected.some((d) => Array.isArray(d.input.zqHosts) && d.input.zqHosts.length === 0)).toBe(false);
    for (const draw of [...broken, ...selected]) {
      const result = validateParams(tool, draw.input);
      expect(result.ok, draw.broken).toBe(false);
      if (!result.ok)
        expect(
          result.issues.map((i) => [i.param, i.rule]),
          JSON.stringify(draw.input),
        ).toEqual([[draw.param, draw.rule[0]]]);
    }
  });

  it("the random valid inputs keep it, whichever value and list they draw", () => {
    const draws = fc.sample(validInput(tool, values, "http://127.0.0.1:1"), { numRuns: 400, seed: 3917 });
    const picked = draws.filter((d) => d.zqReach === "picked" && Array.isArray(d.zqHosts));
    expect(picked.length).toBeGreaterThan(0);
    for (const input of draws) expect(validateParams(tool, input), JSON.stringify(input)).toMatchObject({ ok: true });
  });

  it("an input the cases make keeps it: too few items take the example, too many are cut, a pinned list stays", () => {
    const example = ["a.example", "b.example", "c.example"];
    expect(values.satisfy({ zqReach: "picked", zqHosts: [] }, ["zqReach"])).toMatchObject({ zqHosts: example });
    expect(values.satisfy({ zqReach: "every", zqHosts: example }, ["zqReach"])).toMatchObject({
      zqHosts: example.slice(0, 2),
    });
    expect(values.satisfy({ zqReach: "picked", zqHosts: [] }, ["zqReach", "zqHosts"])).toBeUndefined();
  });
});
