// LLM tool definitions, checked against what each consumer accepts:
//  - JSON Schema 2020-12 (Anthropic input_schema, MCP inputSchema and
//    outputSchema): Ajv's 2020 meta-schema and its strict compiler; MCP
//    schemas also compile on draft-07 Ajv, which the MCP SDK's client uses to
//    check structuredContent.
//  - OpenAI strict mode: the rules of OpenAI's Structured Outputs guide,
//    "Supported schemas" (platform.openai.com/docs/guides/structured-outputs):
//    root an object and not anyOf; additionalProperties false in every
//    object; every property required, optional ones as a union with null;
//    supported keywords only (strings: pattern, format from a fixed list;
//    numbers: multipleOf, minimum, maximum, exclusive bounds; arrays:
//    minItems, maxItems; composition: anyOf only; `default` is refused);
//    at most 5000 properties, 10 levels of nesting, 1000 enum values and
//    120,000 characters of names and enum values.
//  - Names: 1–64 characters of [a-zA-Z0-9_-] (OpenAI and Anthropic), unique.
import AjvModule from "ajv";
import Ajv2020Module from "ajv/dist/2020.js";
import { VALUE_FORMATS } from "../spec/formats.js";
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { OPERATION_IDS, tools as repoTools } from "../../test-support/runtime/packages.js";
import {
  LLM_TOOL_FORMATS,
  llmToolName,
  modelParams,
  toLlmTools,
  type McpTool,
  type ObjectSchema,
  type OpenAiTool,
  type AnthropicTool,
} from "./llm-tools.js";
import type { ToolSpec } from "../spec/tool-types.js";
import { validateParams } from "../validate/full-check.js";

const shelf = irFixture("shelf");
const all: ToolSpec[] = [...Object.values(repoTools), ...shelf.operations.map((o) => o.tool)];
const repo = Object.values(repoTools);
const byId = (id: string): ToolSpec => all.find((t) => t.id === id)!;

// CommonJS default exports, as Node's ESM loader hands them over.
const Ajv = AjvModule.default ?? AjvModule;
const Ajv2020 = Ajv2020Module.default ?? Ajv2020Module;
// The formats a tool's schema may carry (JSON Schema's own: date-time, email, uri…) are known to it; strict about
// everything else.
const ajv2020 = new Ajv2020({
  strict: true,
  allowUnionTypes: true,
  formats: Object.fromEntries(Object.keys(VALUE_FORMATS).map((f) => [f, true])),
});
const ajv07 = new Ajv({ strict: false });

function inputOf(format: string, t: OpenAiTool | AnthropicTool | McpTool): ObjectSchema {
  return format === "openai"
    ? (t as OpenAiTool).function.parameters
    : format === "anthropic"
      ? (t as AnthropicTool).input_schema
      : (t as McpTool).inputSchema;
}

function nameOf(format: string, t: OpenAiTool | AnthropicTool | McpTool): string {
  return format === "openai" ? (t as OpenAiTool).function.name : (t as AnthropicTool | McpTool).name;
}

// ---- OpenAI strict mode, as a rule checker ------------------------------------

const OPENAI_KEYWORDS = new Set([
  "type",
  "description",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "enum",
  "const",
  "anyOf",
  "$ref",
  "$defs",
  "pattern",
  "format",
  "multipleOf",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minItems",
  "maxItems",
]);
const OPENAI_FORMATS = new Set(["date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"]);
const OPENAI_TYPES = new Set(["string", "number", "integer", "boolean", "object", "array", "null"]);

/** Every way `schema` breaks OpenAI's strict-mode rules (empty: accepted). */
function strictModeProblems(schema: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const totals = { properties: 0, enumValues: 0, chars: 0 };
  if (schema.type !== "object") problems.push(`(root): must be type object, is ${JSON.stringify(schema.type)}`);
  if ("anyOf" in schema) problems.push("(root): must not be anyOf");
  const walk = (s: Record<string, unknown>, at: string, depth: number) => {
    if (depth > 10) problems.push(`${at}: nested deeper than 10 levels`);
    for (const key of Object.keys(s))
      if (!OPENAI_KEYWORDS.has(key)) problems.push(`${at}: keyword "${key}" is not supported`);
    const types = ([] as unknown[]).concat(s.type ?? []);
    for (const t of types)
      if (!OPENAI_TYPES.has(String(t))) problems.push(`${at}: type ${JSON.stringify(t)} is not supported`);
    if (s.format !== undefined && !OPENAI_FORMATS.has(String(s.format)))
      problems.push(`${at}: format "${String(s.format)}" is not supported`);
    if (Array.isArray(s.enum)) {
      totals.enumValues += s.enum.length;
      for (const v of s.enum) totals.chars += String(v).length;
      if (types.includes("null") && !s.enum.includes(null)) problems.push(`${at}: nullable enum must list null`);
    }
    if (types.includes("object")) {
      if (s.additionalProperties !== false) problems.push(`${at}: additionalProperties must be false`);
      const props = (s.properties ?? {}) as Record<string, Record<string, unknown>>;
      if (!s.properties) problems.push(`${at}: an object must list its properties`);
      const required = (s.required ?? []) as string[];
      const names = Object.keys(props);
      totals.properties += names.length;
      for (const name of names) {
        totals.chars += name.length;
        if (!required.includes(name)) problems.push(`${at}.${name}: must be listed in required`);
        walk(props[name]!, `${at}.${name}`, depth + 1);
      }
      for (const name of required)
        if (!names.includes(name)) problems.push(`${at}: required "${name}" is not a property`);
    }
    if (s.items && typeof s.items === "object") walk(s.items as Record<string, unknown>, `${at}[]`, depth + 1);
    if (Array.isArray(s.anyOf))
      for (const [i, sub] of s.anyOf.entries()) walk(sub as Record<string, unknown>, `${at}.anyOf[${i}]`, depth + 1);
  };
  walk(schema, "(root)", 1);
  if (totals.properties > 5000) problems.push(`more than 5000 properties (${totals.properties})`);
  if (totals.enumValues > 1000) problems.push(`more than 1000 enum values (${totals.enumValues})`);
  if (totals.chars > 120_000) problems.push(`more than 120,000 characters of names and enum values (${totals.chars})`);
  return problems;
}

describe("the OpenAI strict-mode checker", () => {
  it("accepts OpenAI's own example of an optional parameter", () => {
    const example = {
      type: "object",
      properties: {
        location: { type: "string", description: "The location" },
        unit: { type: ["string", "null"], enum: ["F", "C", null] },
      },
      additionalProperties: false,
      required: ["location", "unit"],
    };
    expect(strictModeProblems(example)).toEqual([]);
  });

  it("finds each rule broken", () => {
    const broken = {
      type: "object",
      properties: {
        a: { type: "string", minLength: 1, default: "x" },
        b: { type: "object", properties: {} },
        c: { type: ["string", "null"], enum: ["x"] },
        d: { type: "string", format: "uri" },
      },
      required: ["a", "b", "c"],
    };
    expect(strictModeProblems(broken)).toEqual([
      "(root): additionalProperties must be false",
      '(root).a: keyword "minLength" is not supported',
      '(root).a: keyword "default" is not supported',
      "(root).b: additionalProperties must be false",
      "(root).c: nullable enum must list null",
      "(root).d: must be listed in required",
      '(root).d: format "uri" is not supported',
    ]);
    expect(
      strictModeProblems({ anyOf: [{ type: "object", properties: {}, required: [], additionalProperties: false }] }),
    ).toEqual(["(root): must be type object, is undefined", "(root): must not be anyOf"]);
  });
});

// ---- every tool, every format --------------------------------------------------

describe.each(LLM_TOOL_FORMATS)("%s definitions of every tool", (format) => {
  const defs = toLlmTools(all, format);

  it("has one definition per tool, in order", () => {
    // Named after the tool's id (shortened when it is too long: llmToolName).
    expect(defs.map((d) => nameOf(format, d))).toEqual(all.map((t) => llmToolName(t.id)));
    // Every operation of specs/ is among them (the glob over generated/ found every package).
    expect(repo.map((t) => t.id).sort()).toEqual([...OPERATION_IDS].sort());
  });

  it("names fit 1–64 characters of [a-zA-Z0-9_-] and are unique", () => {
    const names = defs.map((d) => nameOf(format, d));
    for (const name of names) expect(name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    expect(new Set(names).size).toBe(names.length);
  });

  for (const [i, tool] of all.entries()) {
    it(`${tool.id}: the input schema is a valid JSON Schema 2020-12 object schema without top-level unions`, () => {
      const schema = inputOf(format, defs[i]!);
      expect(ajv2020.validateSchema(schema), JSON.stringify(ajv2020.errors)).toBe(true);
      expect(() => ajv2020.compile(schema)).not.toThrow();
      expect(schema.type).toBe("object");
      for (const key of ["anyOf", "oneOf", "allOf", "not", "if", "enum"]) expect(schema).not.toHaveProperty(key);
      expect(defs[i]).toHaveProperty(
        format === "openai" ? "function.description" : "description",
        expect.stringMatching(/\S/),
      );
    });
  }
});

describe("OpenAI definitions follow strict mode", () => {
  const defs = toLlmTools(all, "openai");
  for (const [i, tool] of all.entries()) {
    it(`${tool.id}: strict, and every rule of strict mode holds`, () => {
      expect(defs[i]!.type).toBe("function");
      expect(defs[i]!.function.strict).toBe(true);
      expect(strictModeProblems(defs[i]!.function.parameters as unknown as Record<string, unknown>)).toEqual([]);
    });

    it(`${tool.id}: optional parameters are nullable, required ones are not`, () => {
      const props = defs[i]!.function.parameters.properties;
      for (const p of modelParams(tool)) {
        const types = ([] as unknown[]).concat(props[p.name]!.type);
        expect(types.includes("null"), p.name).toBe(!(p.required && p.default === undefined));
      }
    });
  }

  it("takes free-form JSON objects as JSON text, which the runtime parses", () => {
    const t = byId("crm_create_record");
    const fields = toLlmTools([t], "openai")[0]!.function.parameters.properties.fields;
    expect(fields).toMatchObject({ type: "string", description: expect.stringContaining("JSON text of an object") });
    const v = validateParams(t, {
      apiKey: "k-12345678",
      instanceUrl: "https://x.example.com",
      sobject: "Account",
      fields: '{"Name": "Acme"}',
    });
    expect(v.ok && v.values.fields).toEqual({ Name: "Acme" });
  });

  it("says in the description what strict mode cannot express: lengths and defaults", () => {
    const props = toLlmTools([byId("books_search_volumes")], "openai")[0]!.function.parameters.properties;
    expect(props.q!.description).toContain("1–2000 characters.");
    expect(props.maxResults!.description).toContain("Default: 10.");
    expect(props.maxResults).toMatchObject({ type: ["integer", "null"], minimum: 1, maximum: 40 });
  });

  it("a null optional argument counts as not given", () => {
    const t = byId("books_search_volumes");
    const v = validateParams(t, { apiKey: "k-12345678", q: "dune", maxResults: null });
    expect(v.ok && v.values.maxResults).toBe(10);
  });
});

describe("MCP definitions", () => {
  const defs = toLlmTools(all, "mcp");
  for (const [i, tool] of all.entries()) {
    it(
      `${tool.id}: the output schema is a valid 2020-12 object schema that draft-07 Ajv (the SDK client's) ` +
        `also compiles`,
      () => {
        const schema = defs[i]!.outputSchema;
        expect(schema.type).toBe("object");
        expect(ajv2020.validateSchema(schema), JSON.stringify(ajv2020.errors)).toBe(true);
        expect(() => ajv2020.compile(schema)).not.toThrow();
        expect(() => ajv07.compile(schema)).not.toThrow();
        expect(defs[i]!.title).toBe(tool.title);
        expect(defs[i]!.annotations.title).toBe(tool.title);
      },
    );
  }

  it("every name, with Claude Code's mcp__blockwright__ prefix, stays within 64 characters", () => {
    for (const d of toLlmTools(repo, "mcp")) expect(`mcp__blockwright__${d.name}`.length).toBeLessThanOrEqual(64);
  });
});
