// OpenAI strict mode took every structured parameter as JSON text ("Give it as JSON text of an object"), its fields in
// words, though strict mode takes an object natively when its fields are listed and it takes no other: every field
// required, one it may lack nullable. Such a value is now given as its schema; its null fields the value may lack are
// taken out before the call (strict mode's "not given"), a null a field takes is kept. What no closed schema says (a
// map of other keys, an object of unlisted fields) stays JSON text.
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import type { ParamSpec, ToolSpec } from "../spec/tool-types.js";
import { validateParams } from "../validate/full-check.js";
import { llmCallParams, toLlmTools } from "./llm-tools.js";

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
  id: "zqnative_make",
  params,
  rules: [],
  routes: [],
});

const zqnote = json("zqnote", {
  jsonType: "object",
  object: {
    fields: {
      body: { type: "string", minLength: 1, maxLength: 200 },
      zqtags: { type: "array", items: { type: "string", enum: ["zqa", "zqb"] }, maxItems: 3 },
      zqdue: { type: "string", format: "date" },
      zqowner: { type: "object", fields: { zqid: { type: "integer", minimum: 1 } }, required: ["zqid"] },
      zqparent: { type: "string", nullable: true },
    },
    required: ["body"],
  },
});
const zqitems = json("zqitems", {
  required: false,
  jsonType: "array",
  minItems: 1,
  items: { type: "object", fields: { zqsku: { type: "string" }, zqqty: { type: "integer" } }, required: ["zqsku"] },
});
const zqmeta = json("zqmeta", { jsonType: "object", values: { type: "string" } });
const zqopen = json("zqopen", { jsonType: "object", object: { fields: { zqa: { type: "string" } }, open: true } });
const made = tool([zqnote, zqitems, zqmeta, zqopen]);
const strict = () => toLlmTools([made], "openai")[0]!.function.parameters.properties;

describe("a structured parameter in OpenAI strict mode", () => {
  it("is given as its schema where its fields are listed and it takes no other, each field required", () => {
    expect(strict().zqnote).toEqual({
      type: "object",
      description: "The zqnote.",
      properties: {
        body: { description: "1–200 characters.", type: "string" },
        zqtags: {
          description: "null to leave it out.",
          type: ["array", "null"],
          items: { type: "string", enum: ["zqa", "zqb"] },
          maxItems: 3,
        },
        zqdue: { description: "Format: date. null to leave it out.", type: ["string", "null"] },
        zqowner: {
          description: "null to leave it out.",
          type: ["object", "null"],
          properties: { zqid: { type: "integer", minimum: 1 } },
          required: ["zqid"],
          additionalProperties: false,
        },
        // A null of its own: sent as null (strict mode cannot leave it out), and not said to leave it out.
        zqparent: { type: ["string", "null"] },
      },
      required: ["body", "zqtags", "zqdue", "zqowner", "zqparent"],
      additionalProperties: false,
    });
    expect(strict().zqitems).toMatchObject({
      type: ["array", "null"],
      minItems: 1,
      items: {
        type: "object",
        properties: { zqsku: { type: "string" }, zqqty: { type: ["integer", "null"] } },
        required: ["zqsku", "zqqty"],
        additionalProperties: false,
      },
    });
  });

  it("stays JSON text where no closed schema says it: a map of other keys, an object of unlisted fields", () => {
    expect(strict().zqmeta).toMatchObject({ type: "string", description: expect.stringContaining("JSON text") });
    expect(strict().zqopen).toMatchObject({ type: "string", description: expect.stringContaining("JSON text") });
  });

  it("takes out the nulls of fields a value may lack before the call, and keeps a null a field takes", () => {
    const args = {
      zqnote: { body: "zq", zqtags: null, zqdue: null, zqowner: { zqid: 7 }, zqparent: null },
      zqitems: [{ zqsku: "zq-1", zqqty: null }],
      zqmeta: '{"a": "b"}',
      zqopen: '{"zqa": "x"}',
    };
    const built = llmCallParams(made, args, {});
    if ("error" in built) throw new Error(built.error.message);
    expect(built.params.zqnote).toEqual({ body: "zq", zqowner: { zqid: 7 }, zqparent: null });
    expect(built.params.zqitems).toEqual([{ zqsku: "zq-1" }]);
    // The values are the call's: checked as any other, every field where the runtime holds it.
    const checked = validateParams(made, built.params);
    expect(checked.ok, JSON.stringify(checked)).toBe(true);
  });
});
