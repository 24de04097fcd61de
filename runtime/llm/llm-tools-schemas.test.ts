// LLM tool definitions' schemas, names and call arguments, over every tool (the rest of llm-tools.test.ts, which
// checks every definition against what each consumer accepts): input and output schemas, names, the arguments a
// model's call gives, formats and lists of enum values.
import Ajv2020Module from "ajv/dist/2020.js";
import { VALUE_FORMATS } from "../spec/formats.js";
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { tools as repoTools } from "../../test-support/runtime/packages.js";
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
const byId = (id: string): ToolSpec => all.find((t) => t.id === id)!;

// A CommonJS default export, as Node's ESM loader hands it over.
const Ajv2020 = Ajv2020Module.default ?? Ajv2020Module;
// The formats a tool's schema may carry (JSON Schema's own: date-time, email, uri…) are known to it; strict about
// everything else.
const ajv2020 = new Ajv2020({
  strict: true,
  allowUnionTypes: true,
  formats: Object.fromEntries(Object.keys(VALUE_FORMATS).map((f) => [f, true])),
});

function inputOf(format: string, t: OpenAiTool | AnthropicTool | McpTool): ObjectSchema {
  return format === "openai"
    ? (t as OpenAiTool).function.parameters
    : format === "anthropic"
      ? (t as AnthropicTool).input_schema
      : (t as McpTool).inputSchema;
}

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
    expect(connectionParams(byId("crm_query")).map((p) => p.name)).toEqual([
      "apiKey",
      "clientId",
      "clientSecret",
      "refreshToken",
      "username",
      "privateKey",
      "audience",
      "instanceUrl",
    ]);
    expect(connectionParams(byId("directory_create_user")).map((p) => p.name)).toEqual([
      "accessToken",
      "tenantId",
      "clientId",
      "clientSecret",
      "password",
    ]);
  });

  it("keep limits, enums, patterns and defaults (Anthropic, MCP)", () => {
    const props = (id: string) => inputSchema(byId(id)).properties;
    expect(props("books_search_volumes").maxResults).toMatchObject({
      type: "integer",
      minimum: 1,
      maximum: 40,
      default: 10,
    });
    expect(props("crm_get_record").recordId).toMatchObject({
      type: "string",
      maxLength: 18,
      pattern: "^[A-Za-z0-9]{15}([A-Za-z0-9]{3})?$",
    });
    expect(props("docgen_generate").textMode).toMatchObject({
      type: "string",
      enum: ["generate", "condense", "preserve"],
    });
    expect(props("docgen_generate").format).toMatchObject({
      enum: ["presentation", "document", "webpage", "social"],
      default: "presentation",
    });
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
    const [search, enrich, generate, status] = toLlmTools(
      ["persondata_person_search", "persondata_person_enrich", "docgen_generate", "docgen_check_status"].map(byId),
      "anthropic",
    );
    expect(search!.description).toContain("Give exactly one of query or sql.");
    expect(enrich!.description).toContain("Give email, or name with company (at least one).");
    expect(generate!.description).toContain(
      "Allowed cardDimensions values depend on format: with format presentation: fluid, 16x9, 4x3;",
    );
    expect(generate!.description).toContain("with format webpage: none (leave it out).");
    expect(status!.description).toContain(
      "While status is pending, call again (about every 5 s, at least 1 s apart) until it is completed or failed.",
    );
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
          properties: {
            count: { type: "number", description: expect.any(String) },
            totalItems: { type: "number", description: expect.any(String) },
          },
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
    const body = (name: string) => ({
      expression: `$response.body#/${name}`,
      ref: { kind: "body" as const, pointer: [name] },
      required: true,
    });
    const t: Pick<ToolSpec, "params" | "outputs" | "outcomes"> = {
      params: [],
      outputs: [
        { path: "item.name", type: "string", description: "Name.", optional: false, source: body("name") },
        { path: "item.size", type: "number", description: "Size.", optional: false, source: body("size") },
      ],
      outcomes: [{ status: 404, description: "Gone.", outputs: [{ path: "item.name", source: { value: null } }] }],
    };
    const item = outputSchema(t).properties.item;
    expect(item!.properties).toEqual({
      name: { type: ["string", "null"], description: "Name." },
      size: { type: "number", description: "Size." },
    });
    expect(item!.required).toEqual(["name"]);
  });

  it("allow null where the reply may lack the value, and only there", () => {
    const loose = { expression: "$response.body#/note", ref: { kind: "body" as const, pointer: ["note"] } };
    const t: Pick<ToolSpec, "params" | "outputs" | "outcomes"> = {
      params: [
        {
          name: "id",
          type: "string",
          title: "Id",
          description: "Id.",
          required: true,
          secret: false,
          visibility: "user-or-llm",
          wire: { in: "path", name: "id" },
        },
      ],
      outputs: [
        { path: "note", type: "string", description: "Note.", optional: false, source: loose },
        { path: "hint", type: "string", description: "Hint.", optional: true, source: loose },
        {
          path: "id",
          type: "string",
          description: "Id.",
          optional: false,
          source: { expression: "$params.id", ref: { kind: "param", name: "id" } },
        },
        { path: "count", type: "number", description: "Count.", optional: false, source: { ...loose, count: true } },
        {
          path: "status",
          type: "number",
          description: "Status.",
          optional: false,
          source: { expression: "$statusCode", ref: { kind: "status" } },
        },
      ],
      outcomes: [],
    };
    const schema = outputSchema(t);
    expect(Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, v.type]))).toEqual({
      note: ["string", "null"],
      hint: "string",
      id: "string",
      count: "number",
      status: "number",
    });
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

  it(
    "shorten an id that fits 64 characters but not with Claude Code's mcp__blockwright__ prefix (a drafted " +
      "provider's long operation id)",
    () => {
      const id = "zqcc_get_all_config_with_meta_data_agent_burnout";
      const name = llmToolName(id);
      expect(`mcp__blockwright__${name}`.length).toBeLessThanOrEqual(64);
      expect(name).toMatch(/^zqcc_get_[a-z_]*_agent_burnout_[0-9a-f]{8}$/);
    },
  );

  it("keep the first two words and the last of a long path's id: siblings differ by more than a hash", () => {
    const ids = [
      "zqbb_get_repositories_workspace_repo_slug_src_commit_path",
      "zqbb_get_repositories_workspace_repo_slug_issues_issue_id_comments",
      "zqbb_get_repositories_workspace_repo_slug_pullrequests_pull_request_id_diff",
    ];
    const names = ids.map(llmToolName);
    expect(names.map((n) => n.replace(/_[0-9a-f]{8}$/, ""))).toEqual([
      "zqbb_get_repo_slug_src_commit_path",
      "zqbb_get_repo_slug_issues_id_comments",
      "zqbb_get_slug_pullrequests_id_diff",
    ]);
    for (const n of names) expect(n.length).toBeLessThanOrEqual(LLM_TOOL_NAME_MAX);
  });

  it("replace characters clients refuse", () => {
    expect(llmToolName("shelf.list books")).toMatch(/^shelf_list_books_[0-9a-f]{8}$/);
  });
});

describe("call arguments", () => {
  const t = byId("crm_query");
  const connection = { apiKey: "token-0123456789", instanceUrl: "https://acme.example.com" };

  it("add the connection's values to the model's arguments", () => {
    expect(llmCallParams(t, { query: "SELECT Id FROM Account" }, connection)).toEqual({
      params: { query: "SELECT Id FROM Account", ...connection },
    });
  });

  it("refuse a connection parameter given by the model, without echoing it", () => {
    const result = llmCallParams(t, { query: "q", apiKey: "model-chosen-key" }, connection);
    expect(result).toEqual({
      error: expect.objectContaining({ type: "validation", param: "apiKey", rule: "connection" }),
    });
    expect(JSON.stringify(result)).not.toContain("model-chosen-key");
  });

  it("ignore a connection parameter the model sent as null (strict mode never sends one)", () => {
    expect(llmCallParams(t, { query: "q", apiKey: null }, connection)).toEqual({
      params: { query: "q", ...connection },
    });
  });

  it("refuse arguments that are not an object", () => {
    expect(llmCallParams(t, ["q"], connection)).toEqual({
      error: expect.objectContaining({ rule: "arguments", message: expect.stringContaining("got an array") }),
    });
  });
});

describe("formats and lists of enum values in tool schemas", () => {
  const base = byId("shelf_list_books");
  const tool: ToolSpec = {
    ...base,
    params: [
      {
        name: "since",
        type: "string",
        title: "Since",
        description: "Updated after.",
        required: false,
        format: "date-time",
        maxLength: 35,
        secret: false,
        visibility: "user-or-llm",
        wire: { in: "query", name: "since" },
      },
      {
        name: "labels",
        type: "string",
        title: "Labels",
        description: "Labels.",
        required: false,
        enum: ["bug", "ui"],
        separator: ",",
        maxLength: 6,
        secret: false,
        visibility: "user-or-llm",
        wire: { in: "query", name: "labels" },
      },
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

  it(
    "are valid JSON Schema for a strict validator (a " + "published provider with a date-time parameter failed here)",
    () => {
      for (const definition of toLlmTools({ [tool.id]: tool }, "mcp"))
        expect(() => ajv2020.compile(definition.inputSchema)).not.toThrow();
    },
  );
});
