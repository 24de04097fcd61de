// What a JSON parameter's value holds, checked by the limits the link records (nested-limits.ts): a field the document
// makes nullable takes null, a map's values are walked to their fields, a union whose tag is a number names its shape
// by the number (not its text), and a union no field tells apart is still refused with each shape's reason.
import { describe, expect, it } from "vitest";
import type { NestedLimits, ParamSpec } from "../spec/tool-types.js";
import { checkJson } from "./json-params.js";

const param = (limits: Partial<ParamSpec>): ParamSpec => ({
  name: "zqValue",
  type: "json",
  title: "Zq value",
  description: "A value.",
  required: true,
  secret: false,
  visibility: "user-or-llm",
  wire: { in: "body", pointer: "/zqValue" },
  ...limits,
});

const message = (spec: ParamSpec, value: unknown) => {
  const checked = checkJson(spec, value);
  return "issue" in checked ? checked.issue.message : "accepted";
};

describe("the limits inside a JSON value", () => {
  // issue 59: a 3.1 tuple went to the service unchecked (a wrong pair).
  it("holds a tuple's items to their positions' limits, the rest to items, and its count", () => {
    const tuple: NestedLimits = {
      type: "array",
      prefix: [{ type: "string" }, { type: "number" }],
      items: { type: "boolean" },
      minItems: 2,
      maxItems: 3,
    };
    const spec = param({ jsonType: "array", tuple });
    expect(message(spec, ["zq", 1, true])).toBe("accepted");
    expect(message(spec, ["zq", "1"])).toBe('zqValue[1]: must be a number, got "1"');
    expect(message(spec, ["zq", 1, "yes"])).toBe('zqValue[2]: must be true or false, got "yes"');
    expect(message(spec, ["zq"])).toBe('zqValue: must have at least 2 items, got array ["zq"]');
    expect(message(spec, ["zq", 1, true, false])).toMatch(/^zqValue: must have at most 3 items, got /);
    const inside = param({ jsonType: "object", object: { type: "object", fields: { zqPair: tuple } } });
    expect(message(inside, { zqPair: [1, 1] })).toBe("zqValue.zqPair[0]: must be a string, got 1");
  });

  it("takes null where the document allows it, and refuses it elsewhere", () => {
    const spec = param({
      jsonType: "object",
      object: {
        type: "object",
        fields: { zqNote: { type: "string", nullable: true }, zqAt: { type: "string" } },
      },
    });
    expect(message(spec, { zqNote: null, zqAt: "x" })).toBe("accepted");
    expect(message(spec, { zqAt: null })).toBe("zqValue.zqAt: must be a string, got null");
  });

  it("walks a map's values to their fields, naming the key and the field", () => {
    const spec = param({
      jsonType: "object",
      values: { type: "object", required: ["zqLabel"], fields: { "zq size": { type: "integer" } } },
    });
    expect(message(spec, { a: { zqLabel: "x", "zq size": 2 } })).toBe("accepted");
    expect(message(spec, { a: { zqLabel: "x", "zq size": "2" } })).toBe(
      'zqValue["a"]["zq size"]: must be a number, got "2"',
    );
    expect(message(spec, { a: {} })).toBe('zqValue["a"].zqLabel: is required, got nothing');
  });

  it('tells a union\'s shapes apart by a tag of numbers, 1 and "1" apart', () => {
    const shapes: NestedLimits["shapes"] = [
      { fields: { zqV: { type: "integer", enum: [1] }, zqA: { type: "string" } }, required: ["zqV", "zqA"] },
      { fields: { zqV: { type: "integer", enum: [2] }, zqB: { type: "string" } }, required: ["zqV", "zqB"] },
    ];
    const spec = param({ jsonType: "array", items: { shapes, tag: "zqV" } });
    expect(message(spec, [{ zqV: 2, zqB: "x" }])).toBe("accepted");
    expect(message(spec, [{ zqV: "1", zqA: "x" }])).toBe('zqValue[0].zqV: must be one of 1, 2, got "1"');
    expect(message(spec, [{ zqV: 1, zqB: "x" }])).toBe("zqValue[0].zqA: is required, got nothing");
  });

  it("refuses a value of a union no field tells apart with each shape's reason, deep fields included", () => {
    const shapes: NestedLimits["shapes"] = [
      { fields: { zqIban: { type: "string" } }, required: ["zqIban"] },
      { fields: { zqCard: { type: "object", fields: { zqLast4: { type: "string", maxLength: 4 } } } } },
    ];
    const spec = param({ jsonType: "object", object: { shapes } });
    expect(message(spec, { zqCard: { zqLast4: "4242" } })).toBe("accepted");
    expect(message(spec, { zqCard: { zqLast4: "42424" } })).toContain(
      "zqValue: must meet one of its 2 shapes: shape 1: zqIban is required; shape 2: zqCard.zqLast4 must be at " +
        "most 4 characters long (it has 5)",
    );
  });
});
