// A text of a format whose length is bounded too (a date-time of exactly 25 characters, `+05:30` and no fraction):
// the value the suite sends as "not of the format" broke the length first (30 February, 20 characters: minLength),
// so the case that expects the format refused failed. The value not of the format now keeps the lengths beside it.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { shelfListBooks } from "../../../test-support/contract/shelf-list-books.js";
import { matchesFormat, type ParamSpec, type ToolSpec, type ValueFormat } from "@blockwright/runtime/internal";
import { notOfFormat } from "../../model/string-values.js";
import { limitKind } from "../kinds/limit.js";
import { invalidInput } from "./invalid-inputs.js";
import { ToolValues } from "./values.js";

const { listBooks, doc, text } = await shelfListBooks();
// An optional query text `zqSince`, a date-time of exactly 25 characters.
const since = {
  ...text,
  name: "zqSince",
  title: "zqSince",
  required: false,
  format: "date-time",
  minLength: 25,
  maxLength: 25,
  wire: { in: "query", name: "zqSince" },
} as ParamSpec;
const tool: ToolSpec = { ...listBooks, params: [...listBooks.params, since] };

describe("a value not of a format whose length is bounded too", () => {
  it("the limit case sends one of the bounded length, refused by the runtime for its format", async () => {
    const cases = limitKind.derive(tool, { provider: "shelf", tools: [tool], document: doc });
    const past = cases.find((c) => c.name === "zqSince format date-time one step past it")!;
    expect(past).toBeDefined();
    const calls: { input: Record<string, unknown>; exchanges: unknown[] }[] = [];
    // It resolves only when the call is refused, before any request (nothing listens at port 1), with rule format.
    await expect(
      past.run({ mockUrl: () => "http://127.0.0.1:1", seed: 1, runs: 1, observe: (call) => calls.push(call) }),
    ).resolves.toBeUndefined();
    expect(calls.map((c) => [String(c.input.zqSince).length, c.exchanges.length])).toEqual([[25, 0]]);
  });

  it("the random invalid inputs that break the format alone keep the length", () => {
    const values = new ToolValues(tool, doc);
    const broken = fc
      .sample(invalidInput(tool, values, "http://127.0.0.1:1"), { numRuns: 400, seed: 5 })
      .filter((d) => d.param === "zqSince" && d.rule.includes("format"));
    expect(broken.length).toBeGreaterThan(0);
    for (const d of broken) expect(String(d.input.zqSince)).toHaveLength(25);
  });

  it("of every format, within each length a value of it can have", () => {
    const bounds: [ValueFormat, number][] = [
      ["date-time", 25],
      ["date-time", 30],
      ["email", 40],
      ["uri", 60],
      ["ipv4", 15],
      ["ipv6", 39],
      ["hostname", 200],
    ];
    for (const [format, length] of bounds) {
      const value = notOfFormat(format, { minLength: length, maxLength: length });
      expect([format, value.length, matchesFormat(format, value)]).toEqual([format, length, false]);
    }
  });
});
