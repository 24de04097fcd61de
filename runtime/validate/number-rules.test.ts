// A number's enum and step (number-rules.ts): checked by the number rules
// support, naming the field, the rule and the value; a caller made without
// the support is refused where it is used.
import { describe, expect, it } from "vitest";
import type { ParamCall, ToolCall } from "../spec/tool-types.js";
import { isMultipleOf, multipleNear, numberRules } from "./number-rules.js";
import { validateInput } from "./validate-params.js";

const offset: ParamCall = {
  name: "zqOffset",
  type: "number",
  required: true,
  secret: false,
  wire: { in: "query", name: "offset" },
  integer: true,
  minimum: 0,
  multipleOf: 20,
};
const tool = { id: "zq_list", params: [offset], rules: [], routes: [] } as unknown as ToolCall;

describe("a number's step", () => {
  it("holds for multiples within a double's rounding, and not for others", () => {
    expect([
      isMultipleOf(40, 20),
      isMultipleOf(0, 20),
      isMultipleOf(-60, 20),
      isMultipleOf(0.3, 0.1),
      isMultipleOf(1.5, 0.5),
    ]).toEqual([true, true, true, true, true]);
    expect([isMultipleOf(7, 20), isMultipleOf(30, 20), isMultipleOf(0.35, 0.1)]).toEqual([false, false, false]);
  });

  it(
    "the multiple nearest a bound, inside it: a bound itself when it is one, " +
      "a decimal step's as a validator reads it",
    () => {
      expect([
        multipleNear(3, 5, true),
        multipleNear(52, 5, false),
        multipleNear(40, 20, true),
        multipleNear(-7, 5, true),
      ]).toEqual([5, 50, 40, -5]);
      expect(multipleNear(0.25, 0.1, true)).toBe(0.3);
      expect(isMultipleOf(multipleNear(0.25, 0.1, true), 0.1)).toBe(true);
    },
  );

  it("a value off the step is refused before any request: field, rule and value", () => {
    expect(validateInput(tool, { zqOffset: 40 }, { numbers: numberRules })).toMatchObject({
      ok: true,
      values: { zqOffset: 40 },
    });
    expect(validateInput(tool, { zqOffset: "35" }, { numbers: numberRules })).toEqual({
      ok: false,
      issues: [{ param: "zqOffset", rule: "multipleOf", message: "zqOffset: must be a multiple of 20, got 35" }],
    });
    // The bounds and the integer rule first: a fraction is refused as one.
    expect(validateInput(tool, { zqOffset: 2.5 }, { numbers: numberRules })).toMatchObject({
      ok: false,
      issues: [{ rule: "integer" }],
    });
  });

  it("a number's enum is the same support's", () => {
    const sized = { ...tool, params: [{ ...offset, multipleOf: undefined, enum: [10, 25, 50] }] } as ToolCall;
    expect(validateInput(sized, { zqOffset: 25 }, { numbers: numberRules })).toMatchObject({ ok: true });
    expect(validateInput(sized, { zqOffset: 20 }, { numbers: numberRules })).toMatchObject({
      ok: false,
      issues: [{ rule: "enum", message: "zqOffset: must be one of 10, 25, 50, got 20" }],
    });
  });

  it("without the support, a step or a number's enum is refused where it is used, naming the part", () => {
    expect(validateInput(tool, { zqOffset: 40 }, {})).toEqual({
      ok: false,
      issues: [
        {
          param: "zqOffset",
          rule: "support",
          message: "zqOffset: needs the runtime's numbers support, which this call lacks",
        },
      ],
    });
  });
});

// A number given as text (the command line's `--param`, a platform's expression, a workflow's): `Number` read `0x10` as
// 16 and `0b11` as 3, which were sent.
describe("a number's text", () => {
  const page: ParamCall = {
    name: "zqPage",
    type: "number",
    required: true,
    secret: false,
    wire: { in: "query", name: "page" },
  };
  const pages = { id: "zq_pages", params: [page], rules: [], routes: [] } as unknown as ToolCall;
  const read = (text: string) => validateInput(pages, { zqPage: text }, { numbers: numberRules });

  it("is read in decimal, with a sign, a fraction or an exponent", () => {
    const texts = ["16", " 16 ", "-2", "+3", "2.5", ".5", "5.", "1e1", "1.5E-2"];
    expect(texts.map((t) => (read(t) as unknown as { values: { zqPage: unknown } }).values?.zqPage)).toEqual([
      16, 16, -2, 3, 2.5, 0.5, 5, 10, 0.015,
    ]);
  });

  it("is refused in another base or as a word, naming the field, the rule and the value", () => {
    for (const text of ["0x10", "0b11", "0o7", "Infinity", "1_000"]) {
      expect(read(text)).toMatchObject({
        issues: [{ param: "zqPage", rule: "type", message: `zqPage: must be a number, got ${JSON.stringify(text)}` }],
      });
    }
  });
});
