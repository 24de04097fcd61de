// A text with no type (the command line's --param, a workflow's environment variable or interpolation) given to a
// parameter that is a number or a text: a number where it is one written as the number writes itself and a number form
// takes it; else the text as typed. Before, the string form took every text, so `--param amount=42` sent "42".
import { describe, expect, it } from "vitest";
import type { ParamCall, ToolSpec } from "../spec/tool-types.js";
import { resolveInputs } from "../workflow/run.js";
import { typedText } from "./text-values.js";

const zqref: ParamCall = {
  name: "zqref",
  type: "json",
  required: false,
  secret: false,
  anyOf: [
    { type: "number", integer: true, minimum: 1, maximum: 999 },
    { type: "string", maxLength: 20 },
  ],
  wire: { in: "body", pointer: "/zqref" },
};

describe("a text given to a number-or-text parameter", () => {
  it("is the number it writes, where a number form takes it", () => {
    expect(typedText(zqref, "42")).toBe(42);
    expect(typedText({ ...zqref, anyOf: [...(zqref.anyOf ?? [])].reverse() }, "42")).toBe(42);
  });

  it("stays the text typed where its number would send other text, or no number form takes it", () => {
    for (const text of ["007", "1e3", "4.0", " 42", "0x2a", "", "-0", "zq-7", "1000", "1.5", "Infinity"])
      expect(typedText(zqref, text), text).toBe(text);
  });

  it("and any other value, or another parameter's, as it is", () => {
    expect(typedText(zqref, "42" as unknown)).toBe(42);
    expect(typedText(zqref, 42)).toBe(42);
    expect(typedText({ ...zqref, anyOf: undefined, type: "string" }, "42")).toBe("42");
    expect(typedText({ ...zqref, anyOf: [{ type: "number" }, { type: "boolean" }] }, "42")).toBe("42");
  });
});

describe("a workflow's input for a number-or-text parameter", () => {
  const tool = { id: "zq_pay", params: [zqref] } as unknown as ToolSpec;
  const block = (zqrefInput: string) => ({
    type: "zq",
    name: "Pay",
    inputs: { operation: "zq_pay", zqref: zqrefInput },
  });
  const upstream = {
    id: "up",
    name: "Up",
    type: "zq",
    operation: "zq_list",
    status: "succeeded" as const,
    durationMs: 1,
    outputs: { ref: "42" },
  };

  it("given by an environment variable or interpolated, is read as the command line's text is", () => {
    expect(resolveInputs(tool, block("{{ZQ_REF}}"), new Map(), { ZQ_REF: "42" })).toEqual({ zqref: 42 });
    expect(resolveInputs(tool, block("{{ZQ_REF}}"), new Map(), { ZQ_REF: "007" })).toEqual({ zqref: "007" });
    expect(resolveInputs(tool, block("4{{ZQ_REF}}"), new Map(), { ZQ_REF: "2" })).toEqual({ zqref: 42 });
  });

  it("written as text in the workflow, or one upstream output's text, keeps its type", () => {
    expect(resolveInputs(tool, block("42"), new Map(), {})).toEqual({ zqref: "42" });
    expect(resolveInputs(tool, block("{{up.ref}}"), new Map([["up", upstream]]), {})).toEqual({ zqref: "42" });
  });
});

// A text-or-list parameter (`connection_id: oneOf [string, array of strings]`): the command line's `--param
// 'zqids=["a b","c"]'` went as the text `["a b","c"]` (the string form took every text), so the list could not be
// given at all. JSON text of a list or an object is that value where a form of its kind takes it now.
describe("a text given to a text-or-list parameter", () => {
  const zqids: ParamCall = {
    name: "zqids",
    type: "json",
    required: true,
    secret: false,
    anyOf: [
      { type: "string", maxLength: 40 },
      { type: "json", jsonType: "array", maxItems: 2, items: { type: "string" } },
    ],
    wire: { in: "body", pointer: "/zqids" },
  };

  it("is the list its JSON text writes, where the list form takes it", () => {
    expect(typedText(zqids, '["a b","é&,"]')).toEqual(["a b", "é&,"]);
    const object: ParamCall = { ...zqids, anyOf: [{ type: "string" }, { type: "json", jsonType: "object" }] };
    expect(typedText(object, '{"zq": 1}')).toEqual({ zq: 1 });
  });

  it("stays the text typed where no form of its kind takes that value, or it is no JSON of a list or an object", () => {
    for (const text of ['["a","b","c"]', "[1,2]", '{"zq":1}', "[a, b]", "{", "a,b", "null"])
      expect(typedText(zqids, text), text).toBe(text);
  });
});

// A text field whose document admits null (`nullable`: a setting cleared, the service's default restored): the
// command line's `--param zqnote=null` went as the text "null", so a user could send null only as JSON
// (`--params '{"zqnote": null}'`). The text `null` is null to a parameter that may be null now, a text one too; the
// text itself goes as JSON text, and a text that may not be null, or whose listed values hold `null`, keeps it.
describe("the text null given to a parameter", () => {
  const zqnote: ParamCall = {
    name: "zqnote",
    type: "string",
    required: false,
    secret: false,
    nullable: true,
    wire: { in: "body", pointer: "/zqnote" },
  };

  it("is null where the parameter may be null, a text parameter too", () => {
    expect(typedText(zqnote, "null")).toBeNull();
    expect(typedText({ ...zqnote, type: "json", jsonType: "array" }, "null")).toBeNull();
    expect(typedText(zqnote, "Null")).toBe("Null");
    expect(typedText(zqnote, "zq null")).toBe("zq null");
  });

  it("stays the text where the parameter may not be null, or lists the text null among its values", () => {
    expect(typedText({ ...zqnote, nullable: undefined }, "null")).toBe("null");
    expect(typedText({ ...zqnote, enum: ["zqon", "null"] }, "null")).toBe("null");
  });
});

// A date-or-timestamp parameter (`from: oneOf [{string, date-time}, integer]`): the command line's `--param
// 'from="2025-01-02T03:04:05Z"'` went with its quotes, which the dated form refused ("must be a date-time"), though
// the help says JSON parameters take JSON text. JSON text of a text in quotes, or of true or false, is that value
// where a form of its kind takes it now, as a number's, a list's and an object's are.
describe("a text in quotes, or true or false, given to a parameter of forms", () => {
  const zqfrom: ParamCall = {
    name: "zqfrom",
    type: "json",
    required: false,
    secret: false,
    anyOf: [
      { type: "string", format: "date-time" },
      { type: "number", integer: true },
    ],
    wire: { in: "query", name: "zqfrom" },
  };

  it("is the text between the quotes, where a text form takes it", () => {
    expect(typedText(zqfrom, '"2025-01-02T03:04:05Z"')).toBe("2025-01-02T03:04:05Z");
    expect(typedText(zqfrom, "2025-01-02T03:04:05Z")).toBe("2025-01-02T03:04:05Z");
    expect(typedText(zqref, '"zq \\"7\\""')).toBe('zq "7"');
    expect(typedText(zqref, '"42"')).toBe("42");
  });

  it("stays the text typed where no text form takes the text between the quotes, or it is no JSON", () => {
    for (const text of ['"zq"', '"2025-01-02"', '"2025-01-02T03:04:05Z', '"a" "b"', "'2025-01-02T03:04:05Z'"])
      expect(typedText(zqfrom, text), text).toBe(text);
    expect(typedText(zqref, `"${"z".repeat(21)}"`)).toBe(`"${"z".repeat(21)}"`);
  });

  it("is true or false where a true-or-false form takes it", () => {
    const zqall: ParamCall = { ...zqfrom, anyOf: [{ type: "boolean" }, { type: "string", enum: ["zqsome"] }] };
    expect(typedText(zqall, "true")).toBe(true);
    expect(typedText(zqall, "false")).toBe(false);
    expect(typedText(zqall, '"zqsome"')).toBe("zqsome");
    expect(typedText(zqfrom, "true")).toBe("true");
    expect(typedText({ ...zqall, anyOf: [{ type: "boolean", enum: [true] }, { type: "string" }] }, "false")).toBe(
      "false",
    );
  });

  it("given by a workflow's environment variable, is read as the command line's text is", () => {
    const tool = { id: "zq_usage", params: [zqfrom] } as unknown as ToolSpec;
    const block = { type: "zq", name: "Usage", inputs: { operation: "zq_usage", zqfrom: "{{ZQ_FROM}}" } };
    const env = { ZQ_FROM: '"2025-01-02T03:04:05Z"' };
    expect(resolveInputs(tool, block, new Map(), env)).toEqual({ zqfrom: "2025-01-02T03:04:05Z" });
  });

  it("keeps the quotes of a text parameter, whose text is the value as typed", () => {
    const zqtag: ParamCall = { ...zqfrom, type: "string", anyOf: undefined };
    expect(typedText(zqtag, '"zq-v1"')).toBe('"zq-v1"');
    expect(typedText({ ...zqtag, nullable: true }, '"null"')).toBe('"null"');
    expect(typedText({ ...zqfrom, nullable: true, anyOf: [{ type: "string" }, { type: "number" }] }, '"null"')).toBe(
      "null",
    );
  });
});
