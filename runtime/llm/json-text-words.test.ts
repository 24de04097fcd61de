// OpenAI strict mode takes a structured parameter as JSON text: what it holds was said for shapes and kinds of items
// only, so a list of listed values (`access`: `playable`, `preview`, `blocked`) and an object's fields (`comment`:
// `body` required, `timestamp`) reached a model as "JSON text of an array", "of an object", and nothing more.
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import type { ParamSpec, ToolSpec } from "../spec/tool-types.js";
import { toLlmTools } from "./llm-tools.js";

const json = (name: string, more: Partial<ParamSpec>): ParamSpec => ({
  name,
  type: "json",
  title: name,
  description: `The ${name}.`,
  required: true,
  secret: false,
  visibility: "user-or-llm",
  wire: { in: "body", pointer: `/${name}` },
  ...more,
});
const tool = (params: ParamSpec[]): ToolSpec => ({
  ...irFixture("shelf").operations[0]!.tool,
  id: "zqwords_make",
  params,
  rules: [],
  routes: [],
});

describe("a structured parameter given as JSON text, in words", () => {
  it("names a list's listed values and an object's fields, those required marked", () => {
    const made = tool([
      json("zqaccess", { jsonType: "array", items: { type: "string", enum: ["playable", "preview", "blocked"] } }),
      json("zqcomment", {
        jsonType: "object",
        // Of other fields too (open): no closed schema of strict mode's says it (strict-native.test.ts: one that can).
        object: {
          fields: { body: { type: "string" }, timestamp: { type: "integer" } },
          required: ["body"],
          open: true,
        },
      }),
    ]);
    const [openai] = toLlmTools([made], "openai");
    if (!openai) throw new Error("no OpenAI tool made");
    const { properties } = openai.function.parameters as { properties: Record<string, { description: string }> };
    // A list of listed values is one strict mode takes as it is.
    expect(properties.zqaccess).toMatchObject({
      type: "array",
      items: { type: "string", enum: ["playable", "preview", "blocked"] },
    });
    expect(properties.zqcomment?.description).toContain(
      "Its fields: body (a string, required), timestamp (an integer).",
    );
    // A schema that carries them itself (MCP, Anthropic) is not told again in words.
    const [mcp] = toLlmTools([made], "mcp");
    expect(JSON.stringify(mcp)).not.toContain("Its fields:");
  });
});

// A map of texts (`additionalProperties: {type: string}`): the runtime refused `{"a": 1}` (`meta["a"]: must be a
// string, got 1`), while a model's schema showed a bare object, and strict mode's words said nothing of its values.
describe("an object whose keys are the caller's, its values of one kind", () => {
  it("shows that kind to every model: a schema's additionalProperties, strict mode's words", () => {
    const made = tool([json("zqmeta", { jsonType: "object", values: { type: "string" } })]);
    const [mcp] = toLlmTools([made], "mcp");
    const { properties } = (mcp as { inputSchema: { properties: Record<string, unknown> } }).inputSchema;
    expect(properties.zqmeta).toMatchObject({ type: "object", additionalProperties: { type: "string" } });
    const [openai] = toLlmTools([made], "openai");
    const words = (openai!.function.parameters as { properties: Record<string, { description: string }> }).properties;
    expect(words.zqmeta?.description).toContain("Each key's value a string.");
  });
});

// A list of objects whose fields the document lists but leaves open (a published sandbox API's `configuredRoutes`,
// each item's `errorOverrideType` required, one of three values): strict mode takes it as JSON text, and its words
// said only "Each item an object.", so an OpenAI model had nothing to write the items by, while MCP and Anthropic
// tools carried the items' schema.
describe("a list of objects with listed fields, given as JSON text", () => {
  it("names the items' fields, those required marked", () => {
    const made = tool([
      json("zqroutes", {
        jsonType: "array",
        items: {
          type: "object",
          fields: { zqKind: { type: "string", enum: ["NONE", "TIMEOUT"] }, zqDelay: { type: "integer" } },
          required: ["zqKind"],
          open: true,
        },
      }),
    ]);
    const [openai] = toLlmTools([made], "openai");
    const { properties } = openai!.function.parameters as { properties: Record<string, { description: string }> };
    expect(properties.zqroutes?.description).toContain(
      'Each item an object. Its items\' fields: zqKind (one of "NONE", "TIMEOUT", required), zqDelay (an integer).',
    );
    const [mcp] = toLlmTools([made], "mcp");
    expect(JSON.stringify(mcp)).not.toContain("Its items' fields:");
  });
});
