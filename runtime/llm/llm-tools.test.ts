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
  connectionParams,
  inputSchema,
  llmCallParams,
  LLM_TOOL_FORMATS,
  LLM_TOOL_NAME,
  LLM_TOOL_NAME_MAX,
  llmToolName,
  modelParams,
  outputSchema,
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
// The formats a tool's schema may carry (JSON Schema's own: date-time, email, uri…) are known to it; strict about everything else.
const ajv2020 = new Ajv2020({ strict: true, allowUnionTypes: true, formats: Object.fromEntries(Object.keys(VALUE_FORMATS).map((f) => [f, true])) });
const ajv07 = new Ajv({ strict: false });

function inputOf(format: string, t: OpenAiTool | AnthropicTool | McpTool): ObjectSchema {
  return format === "openai" ? (t as OpenAiTool).function.parameters : format === "anthropic" ? (t as AnthropicTool).input_schema : (t as McpTool).inputSchema;
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
    for (const key of Object.keys(s)) if (!OPENAI_KEYWORDS.has(key)) problems.push(`${at}: keyword "${key}" is not supported`);
    const types = ([] as unknown[]).concat(s.type ?? []);
    for (const t of types) if (!OPENAI_TYPES.has(String(t))) problems.push(`${at}: type ${JSON.stringify(t)} is not supported`);
    if (s.format !== undefined && !OPENAI_FORMATS.has(String(s.format))) problems.push(`${at}: format "${String(s.format)}" is not supported`);
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
      for (const name of required) if (!names.includes(name)) problems.push(`${at}: required "${name}" is not a property`);
    }
    if (s.items && typeof s.items === "object") walk(s.items as Record<string, unknown>, `${at}[]`, depth + 1);
    if (Array.isArray(s.anyOf)) for (const [i, sub] of s.anyOf.entries()) walk(sub as Record<string, unknown>, `${at}.anyOf[${i}]`, depth + 1);
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
      properties: { location: { type: "string", description: "The location" }, unit: { type: ["string", "null"], enum: ["F", "C", null] } },
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
    expect(strictModeProblems({ anyOf: [{ type: "object", properties: {}, required: [], additionalProperties: false }] })).toEqual(["(root): must be type object, is undefined", "(root): must not be anyOf"]);
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
      expect(defs[i]).toHaveProperty(format === "openai" ? "function.description" : "description", expect.stringMatching(/\S/));
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
    const v = validateParams(t, { apiKey: "k-12345678", instanceUrl: "https://x.example.com", sobject: "Account", fields: '{"Name": "Acme"}' });
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
    it(`${tool.id}: the output schema is a valid 2020-12 object schema that draft-07 Ajv (the SDK client's) also compiles`, () => {
      const schema = defs[i]!.outputSchema;
      expect(schema.type).toBe("object");
      expect(ajv2020.validateSchema(schema), JSON.stringify(ajv2020.errors)).toBe(true);
      expect(() => ajv2020.compile(schema)).not.toThrow();
      expect(() => ajv07.compile(schema)).not.toThrow();
      expect(defs[i]!.title).toBe(tool.title);
      expect(defs[i]!.annotations.title).toBe(tool.title);
    });
  }

  it("every name, with Claude Code's mcp__blockwright__ prefix, stays within 64 characters", () => {
    for (const d of toLlmTools(repo, "mcp")) expect(`mcp__blockwright__${d.name}`.length).toBeLessThanOrEqual(64);
  });
});

// ---- what the schemas say --------------------------------------------------------

describe("input schemas", () => {
  it("leave out every secret and user-only parameter, in every format", () => {
    for (const tool of all) {
      const hidden = connectionParams(tool).map((p) => p.name);
      expect(hidden.length, tool.id).toBeGreaterThan(0);
      for (const format of LLM_TOOL_FORMATS) {
        const props = Object.keys(inputOf(format, toLlmTools([tool], format)[0]!).properties);
        for (const name of hidden) expect(props, `${format} ${tool.id}`).not.toContain(name);
        expect(props).toEqual(modelParams(tool).map((p) => p.name));
      }
    }
    // The OAuth 2 flows' parameters (auth.flows) are connection parameters too.
    expect(connectionParams(byId("crm_query")).map((p) => p.name)).toEqual(["apiKey", "clientId", "clientSecret", "refreshToken", "username", "privateKey", "audience", "instanceUrl"]);
    expect(connectionParams(byId("directory_create_user")).map((p) => p.name)).toEqual(["accessToken", "tenantId", "clientId", "clientSecret", "password"]);
  });

  it("keep limits, enums, patterns and defaults (Anthropic, MCP)", () => {
    const props = (id: string) => inputSchema(byId(id)).properties;
    expect(props("books_search_volumes").maxResults).toMatchObject({ type: "integer", minimum: 1, maximum: 40, default: 10 });
    expect(props("crm_get_record").recordId).toMatchObject({ type: "string", maxLength: 18, pattern: "^[A-Za-z0-9]{15}([A-Za-z0-9]{3})?$" });
    expect(props("docgen_generate").textMode).toMatchObject({ type: "string", enum: ["generate", "condense", "preserve"] });
    expect(props("docgen_generate").format).toMatchObject({ enum: ["presentation", "document", "webpage", "social"], default: "presentation" });
    expect(props("crm_create_record").fields).toMatchObject({ type: "object" });
    expect(props("shelf_add_book").meta).toMatchObject({ type: "object" });
    expect(inputSchema(byId("books_search_volumes")).required).toEqual(["q"]);
  });

  it("refuse what the runtime refuses, at the same limits", () => {
    const t = byId("books_search_volumes");
    const check = ajv2020.compile(inputSchema(t));
    const runtime = (args: Record<string, unknown>) => validateParams(t, { apiKey: "k-12345678", ...args }).ok;
    for (const [args, ok] of [
      [{ q: "dune", maxResults: 40 }, true],
      [{ q: "dune", maxResults: 41 }, false],
      [{ q: "dune", maxResults: 0 }, false],
      [{ q: "" }, false],
      [{ q: "x".repeat(2000) }, true],
      [{ q: "x".repeat(2001) }, false],
      [{}, false],
    ] as const) {
      expect(check(args), JSON.stringify(args)).toBe(ok);
      expect(runtime(args), JSON.stringify(args)).toBe(ok);
    }
  });

  it("turn cross-field rules and polling into sentences of the description, not unions", () => {
    const [search, enrich, generate, status] = toLlmTools(["persondata_person_search", "persondata_person_enrich", "docgen_generate", "docgen_check_status"].map(byId), "anthropic");
    expect(search!.description).toContain("Give exactly one of query or sql.");
    expect(enrich!.description).toContain("Give email, or name with company (at least one).");
    expect(generate!.description).toContain("Allowed cardDimensions values depend on format: with format presentation: fluid, 16x9, 4x3;");
    expect(generate!.description).toContain("with format webpage: none (leave it out).");
    expect(status!.description).toContain("While status is pending, call again (about every 5 s, at least 1 s apart) until it is completed or failed.");
  });
});

describe("output schemas", () => {
  it("nest dotted outputs and require what every reply carries", () => {
    const schema = outputSchema(byId("books_search_volumes"));
    expect(schema).toEqual({
      type: "object",
      properties: {
        data: { type: "array", description: expect.any(String) },
        metadata: {
          type: "object",
          properties: { count: { type: "number", description: expect.any(String) }, totalItems: { type: "number", description: expect.any(String) } },
          required: ["count", "totalItems"],
        },
      },
      required: ["data", "metadata"],
    });
  });

  it("accept what an outcome answers and leave optional outputs optional", () => {
    const check = ajv2020.compile(outputSchema(byId("persondata_company_enrich")));
    expect(check({ data: null, metadata: { status: 404 } })).toBe(true);
    expect(check({ data: { name: "x" }, metadata: { status: 200, likelihood: 8 } })).toBe(true);
    expect(check({ metadata: { status: 200 } })).toBe(false);
    expect(check({ data: {}, metadata: { status: "200" } })).toBe(false);
  });

  it("widen a type an outcome replaces with another constant, and require only what every answer carries", () => {
    const body = (name: string) => ({ expression: `$response.body#/${name}`, ref: { kind: "body" as const, pointer: [name] }, required: true });
    const t: Pick<ToolSpec, "params" | "outputs" | "outcomes"> = {
      params: [],
      outputs: [
        { path: "item.name", type: "string", description: "Name.", optional: false, source: body("name") },
        { path: "item.size", type: "number", description: "Size.", optional: false, source: body("size") },
      ],
      outcomes: [{ status: 404, description: "Gone.", outputs: [{ path: "item.name", source: { value: null } }] }],
    };
    const item = outputSchema(t).properties.item;
    expect(item!.properties).toEqual({ name: { type: ["string", "null"], description: "Name." }, size: { type: "number", description: "Size." } });
    expect(item!.required).toEqual(["name"]);
  });

  it("allow null where the reply may lack the value, and only there", () => {
    const loose = { expression: "$response.body#/note", ref: { kind: "body" as const, pointer: ["note"] } };
    const t: Pick<ToolSpec, "params" | "outputs" | "outcomes"> = {
      params: [{ name: "id", type: "string", title: "Id", description: "Id.", required: true, secret: false, visibility: "user-or-llm", wire: { in: "path", name: "id" } }],
      outputs: [
        { path: "note", type: "string", description: "Note.", optional: false, source: loose },
        { path: "hint", type: "string", description: "Hint.", optional: true, source: loose },
        { path: "id", type: "string", description: "Id.", optional: false, source: { expression: "$params.id", ref: { kind: "param", name: "id" } } },
        { path: "count", type: "number", description: "Count.", optional: false, source: { ...loose, count: true } },
        { path: "status", type: "number", description: "Status.", optional: false, source: { expression: "$statusCode", ref: { kind: "status" } } },
      ],
      outcomes: [],
    };
    const schema = outputSchema(t);
    expect(Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, v.type]))).toEqual({ note: ["string", "null"], hint: "string", id: "string", count: "number", status: "number" });
    expect(schema.required).toEqual(["note", "id", "count", "status"]);
  });
});

// ---- names and call arguments -----------------------------------------------------

describe("names", () => {
  it("keep a valid id as it is", () => {
    expect(llmToolName("books_get_volume")).toBe("books_get_volume");
  });

  it("shorten a long id to LLM_TOOL_NAME_MAX characters, distinct ids staying distinct", () => {
    const a = llmToolName(`${"x".repeat(70)}_a`);
    const b = llmToolName(`${"x".repeat(70)}_b`);
    expect(a).toMatch(LLM_TOOL_NAME);
    expect(a).toHaveLength(LLM_TOOL_NAME_MAX);
    expect(a).not.toBe(b);
  });

  it("shorten an id that fits 64 characters but not with Claude Code's mcp__blockwright__ prefix (a drafted provider's long operation id)", () => {
    const id = "zqcc_get_all_config_with_meta_data_agent_burnout";
    const name = llmToolName(id);
    expect(`mcp__blockwright__${name}`.length).toBeLessThanOrEqual(64);
    expect(name).toHaveLength(LLM_TOOL_NAME_MAX);
    expect(name.startsWith(id.slice(0, LLM_TOOL_NAME_MAX - 9))).toBe(true);
  });

  it("replace characters clients refuse", () => {
    expect(llmToolName("shelf.list books")).toMatch(/^shelf_list_books_[0-9a-f]{8}$/);
  });
});

describe("call arguments", () => {
  const t = byId("crm_query");
  const connection = { apiKey: "token-0123456789", instanceUrl: "https://acme.example.com" };

  it("add the connection's values to the model's arguments", () => {
    expect(llmCallParams(t, { query: "SELECT Id FROM Account" }, connection)).toEqual({ params: { query: "SELECT Id FROM Account", ...connection } });
  });

  it("refuse a connection parameter given by the model, without echoing it", () => {
    const result = llmCallParams(t, { query: "q", apiKey: "model-chosen-key" }, connection);
    expect(result).toEqual({ error: expect.objectContaining({ type: "validation", param: "apiKey", rule: "connection" }) });
    expect(JSON.stringify(result)).not.toContain("model-chosen-key");
  });

  it("ignore a connection parameter the model sent as null (strict mode never sends one)", () => {
    expect(llmCallParams(t, { query: "q", apiKey: null }, connection)).toEqual({ params: { query: "q", ...connection } });
  });

  it("refuse arguments that are not an object", () => {
    expect(llmCallParams(t, ["q"], connection)).toEqual({ error: expect.objectContaining({ rule: "arguments", message: expect.stringContaining("got an array") }) });
  });
});

describe("formats and lists of enum values in tool schemas", () => {
  const base = byId("shelf_list_books");
  const tool: ToolSpec = {
    ...base,
    params: [
      { name: "since", type: "string", title: "Since", description: "Updated after.", required: false, format: "date-time", maxLength: 35, secret: false, visibility: "user-or-llm", wire: { in: "query", name: "since" } },
      { name: "labels", type: "string", title: "Labels", description: "Labels.", required: false, enum: ["bug", "ui"], separator: ",", maxLength: 6, secret: false, visibility: "user-or-llm", wire: { in: "query", name: "labels" } },
    ],
  };

  it("give the format, and a list as text naming its values (an enum would refuse a list)", () => {
    const loose = inputSchema(tool);
    expect(loose.properties.since).toMatchObject({ type: "string", format: "date-time" });
    expect(loose.properties.labels).not.toHaveProperty("enum");
    expect(loose.properties.labels?.description).toBe('Labels. A list of bug, ui, separated by ",".');
    const strict = inputSchema(tool, { strict: true });
    expect(strict.properties.since).not.toHaveProperty("format");
    expect(strict.properties.since?.description).toContain("Format: date-time.");
  });

  it("are valid JSON Schema for a strict validator (a published provider with a date-time parameter failed here)", () => {
    for (const definition of toLlmTools({ [tool.id]: tool }, "mcp")) expect(() => ajv2020.compile(definition.inputSchema)).not.toThrow();
  });
});
