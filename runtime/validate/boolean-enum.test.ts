// A boolean parameter's enum (`[true]`: a confirmation the service takes only as true), checked by the booleans
// support before any request, naming the parameter, the rule and the allowed value; its text read as the boolean.
import { describe, expect, it } from "vitest";
import type { ParamCall, ToolCall } from "../spec/tool-types.js";
import { checkValue } from "./full-check.js";
import { booleanValue, validateInput } from "./validate-params.js";

const confirmed: ParamCall = {
  name: "zqConfirmed",
  type: "boolean",
  required: true,
  secret: false,
  wire: { in: "body", pointer: "/confirmed" },
  enum: [true],
};
const tool = { id: "zq_confirm", params: [confirmed], rules: [], routes: [] } as unknown as ToolCall;
const support = { boolean: booleanValue };

describe("a boolean parameter's enum", () => {
  it("takes the allowed value, given as a boolean or as its text", () => {
    expect(validateInput(tool, { zqConfirmed: true }, support)).toMatchObject({
      ok: true,
      values: { zqConfirmed: true },
    });
    expect(validateInput(tool, { zqConfirmed: "true" }, support)).toMatchObject({
      ok: true,
      values: { zqConfirmed: true },
    });
  });

  it("refuses the other value before any request: parameter, rule enum and the allowed value", () => {
    expect(validateInput(tool, { zqConfirmed: false }, support)).toEqual({
      ok: false,
      issues: [{ param: "zqConfirmed", rule: "enum", message: "zqConfirmed: must be true, got false" }],
    });
    expect(validateInput(tool, { zqConfirmed: "false" }, support)).toEqual({
      ok: false,
      issues: [{ param: "zqConfirmed", rule: "enum", message: 'zqConfirmed: must be true, got "false"' }],
    });
  });

  it("of both values restricts nothing; a value not a boolean is refused as of the wrong type first", () => {
    const either = { ...tool, params: [{ ...confirmed, enum: [true, false] }] } as ToolCall;
    expect(validateInput(either, { zqConfirmed: false }, support)).toMatchObject({ ok: true });
    expect(validateInput(tool, { zqConfirmed: 1 }, support)).toMatchObject({ ok: false, issues: [{ rule: "type" }] });
  });

  it("holds in a form of a parameter of several forms, which a refusal names by its allowed value", () => {
    const dayOrYes: ParamCall = {
      ...confirmed,
      type: "json",
      enum: undefined,
      anyOf: [
        { type: "string", format: "date" },
        { type: "boolean", enum: [true] },
      ],
    };
    expect(checkValue(dayOrYes, true)).toEqual({ value: true });
    expect(checkValue(dayOrYes, false)).toMatchObject({ issue: { rule: "enum" } });
    expect(checkValue(dayOrYes, 7)).toEqual({
      issue: { param: "zqConfirmed", rule: "anyOf", message: "zqConfirmed: must be a string or true, got 7" },
    });
  });
});
