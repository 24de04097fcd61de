// A value of several forms (`anyOf`, param-unions.ts): accepted when it meets one form, tried in order (text meets
// a string form before it is read as a number or parsed as JSON), sent as that form takes it; refused before any
// request when it meets none, naming what each form of its kind wants; and a caller without the part is told so.
import { describe, expect, it } from "vitest";
import type { ParamSpec } from "../spec/tool-types.js";
import { checkValue } from "./full-check.js";
import { checkJson } from "./json-params.js";

const idOrName: ParamSpec = {
  name: "user",
  type: "json",
  title: "User",
  description: "An id or a name.",
  required: true,
  secret: false,
  visibility: "user-or-llm",
  anyOf: [
    { type: "number", integer: true, minimum: 1 },
    { type: "string", pattern: "^[a-z]+$", maxLength: 20 },
    { type: "json", jsonType: "array", maxItems: 2, items: { type: "integer" } },
  ],
  wire: { in: "query", name: "user" },
};

describe("a value of several forms", () => {
  it("is accepted by the form of its kind, and kept as that form takes it", () => {
    expect(checkValue(idOrName, 42)).toEqual({ value: 42 });
    expect(checkValue(idOrName, "ada")).toEqual({ value: "ada" });
    // Text that is no name but a number: the number form reads it (the command line's text).
    expect(checkValue(idOrName, "42")).toEqual({ value: 42 });
    expect(checkValue(idOrName, [1, 2])).toEqual({ value: [1, 2] });
    expect(checkValue(idOrName, "[1,2]")).toEqual({ value: [1, 2] });
  });

  it("is refused when it meets no form, naming what each form of its kind wants", () => {
    expect(checkValue(idOrName, 0)).toEqual({
      issue: { param: "user", rule: "minimum", message: "user: must be at least 1, got 0" },
    });
    expect(checkValue(idOrName, "Ada")).toMatchObject({
      issue: {
        param: "user",
        rule: "anyOf",
        message: expect.stringMatching(
          new RegExp(
            String.raw`^user: must meet one of its forms: must be a value matching \^\[a-z\]\+\$; ` +
              'or must be a number; or must be valid JSON .*, got "Ada"$',
          ),
        ),
      },
    });
    expect(checkValue(idOrName, [1, 2, 3])).toMatchObject({ issue: { rule: "maxItems" } });
    expect(checkValue(idOrName, true)).toEqual({
      issue: { param: "user", rule: "anyOf", message: "user: must be an integer or a string or a list, got true" },
    });
  });

  it("names forms of one kind once when the value is of none of their kinds", () => {
    const dayOrCode: ParamSpec = {
      ...idOrName,
      name: "zqwhen",
      anyOf: [{ type: "string", format: "date" }, { type: "string", pattern: "^[A-Z]{3}$" }, { type: "boolean" }],
    };
    expect(checkValue(dayOrCode, 7)).toEqual({
      issue: { param: "zqwhen", rule: "anyOf", message: "zqwhen: must be a string or true or false, got 7" },
    });
  });

  it("says each distinct reason of its forms once", () => {
    const count: ParamSpec = {
      ...idOrName,
      name: "zqcount",
      anyOf: [{ type: "number", integer: true }, { type: "number" }],
    };
    expect(checkValue(count, "zq")).toEqual({
      issue: { param: "zqcount", rule: "type", message: 'zqcount: must be a number, got "zq"' },
    });
    const countOrList: ParamSpec = {
      ...count,
      anyOf: [...(count.anyOf ?? []), { type: "json", jsonType: "array", items: { type: "integer" } }],
    };
    expect(checkValue(countOrList, "zq")).toMatchObject({
      issue: {
        rule: "anyOf",
        message: expect.stringMatching(/^zqcount: must meet one of its forms: must be a number; or must be valid JSON/),
      },
    });
  });

  it("without the unions part, names it", () => {
    expect(checkJson(idOrName, 42, [], {})).toEqual({
      issue: {
        param: "user",
        rule: "support",
        message: "user: needs the runtime's unions support, which this call lacks",
      },
    });
  });
});
