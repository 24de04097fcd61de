// A list in one string (`separator`) whose items have a pattern, and whose whole text a length bound: the random
// invalid input meant to break the length alone was a run of x's, which broke the items' pattern too (the runtime
// refused it by its pattern, and the case expecting maxLength failed); one meant to break the pattern could be items
// that each match it (`ab,cd` against `^[a-z]+$`). Each now breaks its own rule alone.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { shelfListBooks } from "../../../test-support/contract/shelf-list-books.js";
import { type ParamSpec, splitList, type ToolSpec } from "@blockwright/runtime/internal";
import { invalidInput } from "./invalid-inputs.js";
import { ToolValues } from "./values.js";

const { listBooks, doc, text } = await shelfListBooks();
// An optional query text `zqTags`: a comma-separated list of lower-case words of at most 8 letters, 40 in all.
const ITEM = /^[a-z]{1,8}$/u;
const tags = {
  ...text,
  name: "zqTags",
  title: "zqTags",
  required: false,
  separator: ",",
  pattern: ITEM.source,
  maxLength: 40,
  wire: { in: "query", name: "zqTags" },
} as ParamSpec;
const tool: ToolSpec = { ...listBooks, params: [...listBooks.params, tags] };

describe("the random invalid inputs of a list in one string", () => {
  const draws = fc.sample(invalidInput(tool, new ToolValues(tool, doc), "http://127.0.0.1:1"), {
    numRuns: 600,
    seed: 11,
  });
  const of = (rule: string) =>
    draws.filter((d) => d.param === "zqTags" && d.rule.includes(rule)).map((d) => String(d.input.zqTags));

  it("one past the length is of items the pattern takes", () => {
    const long = of("maxLength");
    expect(long.length).toBeGreaterThan(0);
    for (const value of long) {
      expect(value.length).toBeGreaterThan(40);
      expect(splitList(value, ",").every((item) => ITEM.test(item))).toBe(true);
    }
  });

  it("one breaking the pattern has an item that breaks it", () => {
    const broken = of("pattern");
    expect(broken.length).toBeGreaterThan(0);
    for (const value of broken) expect(splitList(value, ",").some((item) => !ITEM.test(item))).toBe(true);
  });
});
