// A JSON body field whose document admits null where null means something leaving it out does not (a service's
// built-in list given `custom_stop_words: null`, a value cleared): the runtime read null as not given, so no caller
// could send it, and `--param k=null` sent the text "null". `nullable` (drafted by add for every such field, 3.0's
// `nullable`, 3.1's type list, an anyOf with null, a whole body too) sends null as JSON null; a parameter left out
// stays out; null given to another counts as not given; the link refuses `nullable` where the document admits no null
// or null has no form on the wire. Every derived case, the null case among them, passes on the mock.
import { rmSync } from "node:fs";
import { executeToolDefinition, inputSchema, type ToolSpec, typedText } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { json, scriptedFetch } from "../../../test-support/runtime/scripted-fetch.js";
import { casesNotPassed, draftedOnMock } from "../../contract/__fixtures__/drafted-subject.js";
import { deriveCases } from "../../contract/derive.js";
import { paramTsType } from "../../emit/emit-tool-types.js";
import { draftWorkFolder, drafted, linkedTools, linkProblems, openapi } from "../../import/__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const document = openapi({
  "/zqindexes/{zqTable}": {
    post: {
      operationId: "zqCreateIndex",
      parameters: [
        { name: "zqTable", in: "path", required: true, schema: { type: "string", maxLength: 40 } },
        { name: "zqFilter", in: "query", schema: { type: "string", maxLength: 40, nullable: true } },
      ],
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              required: ["zqColumn"],
              properties: {
                zqColumn: { type: "string", maxLength: 40 },
                zqStopWords: {
                  type: "array",
                  items: { type: "string", maxLength: 20 },
                  maxItems: 5,
                  nullable: true,
                  description: "null: the built-in list.",
                },
                zqLimit: { anyOf: [{ type: "integer", minimum: 1, maximum: 9 }, { type: "null" }] },
                zqPlain: { type: "string", maxLength: 40 },
              },
            },
          },
        },
      },
      responses: { "204": { description: "Made." } },
    },
  },
  "/zqvalues/{zqKey}": {
    put: {
      operationId: "zqPutValue",
      parameters: [{ name: "zqKey", in: "path", required: true, schema: { type: "string", maxLength: 40 } }],
      requestBody: {
        required: true,
        content: { "application/json": { schema: { type: "object", nullable: true, additionalProperties: true } } },
      },
      responses: { "204": { description: "Put." } },
    },
  },
});

const operations = ["zqCreateIndex", "zqPutValue"];
const token = { accessToken: "zq-token-0000000001" };

async function sentBody(tool: ToolSpec, params: Record<string, unknown>): Promise<string> {
  const { fetch, seen } = scriptedFetch(json(200, {}));
  const result = await executeToolDefinition(
    tool,
    { ...token, ...params },
    { baseUrl: "https://api.acme.test", fetch },
  );
  if (!result.success) throw new Error(result.error.message);
  return seen[0]?.body ?? "";
}

describe("a body field whose document admits null (nullable)", () => {
  it("is drafted nullable where the document admits null, and the draft links", async () => {
    const d = drafted(document, operations);
    const index = d.manifest.operations.acme_zq_create_index?.params ?? {};
    expect(index.zqStopWords?.nullable).toBe(true);
    expect(index.zqLimit?.nullable).toBe(true);
    expect(index.zqPlain?.nullable).toBeUndefined();
    expect(index.zqFilter?.nullable).toBe(true); // a query value: null sends no pair, as OpenAPI writes none
    expect(d.manifest.operations.acme_zq_put_value?.params?.body?.nullable).toBe(true);
    expect(await linkProblems(d)).toEqual([]);
  });

  it("sends null as JSON null; a field left out stays out, and null to another is not given", async () => {
    const [index, put] = (await linkedTools(drafted(document, operations))) as [ToolSpec, ToolSpec];
    const base = { zqTable: "zq1", zqColumn: "zqbody" };
    expect(JSON.parse(await sentBody(index, { ...base, zqStopWords: null, zqLimit: null }))).toEqual({
      zqColumn: "zqbody",
      zqStopWords: null,
      zqLimit: null,
    });
    expect(JSON.parse(await sentBody(index, base))).toEqual({ zqColumn: "zqbody" });
    expect(JSON.parse(await sentBody(index, { ...base, zqPlain: null, zqFilter: null }))).toEqual({
      zqColumn: "zqbody",
    });
    expect(await sentBody(put, { zqKey: "zq1", body: null })).toBe("null");
    // The command line's text `null`: null to such a parameter, the text to a text.
    const stop = index.params.find((p) => p.name === "zqStopWords") as ToolSpec["params"][number];
    const plain = index.params.find((p) => p.name === "zqPlain") as ToolSpec["params"][number];
    expect(typedText(stop, "null")).toBeNull();
    expect(typedText(plain, "null")).toBe("null");
    // A typed caller and a model are told: `| null` in the types, null among the schema's types.
    expect(paramTsType(stop)).toBe("string[] | null");
    const properties = inputSchema(index).properties as Record<string, { type?: unknown }>;
    expect(properties.zqStopWords?.type).toEqual(["array", "null"]);
    expect(properties.zqPlain?.type).toBe("string");
  });

  it("is refused where the document admits no null, or null has no form on the wire", async () => {
    const d = drafted(document, operations);
    const marked = d.manifestText
      .replace(/(\n {6}zqPlain:\n)/, "$1        nullable: true\n")
      .replace(/(\n {6}zqTable:\n)/, "$1        nullable: true\n");
    const problems = await linkProblems({ ...d, manifestText: marked });
    expect(problems.join("\n")).toMatch(/zqPlain\.nullable.*does not admit null/);
    expect(problems.join("\n")).toMatch(/zqTable\.nullable.*null has no form in the path/);
  });

  it("sends null where the document takes it: every derived case passes on the mock", async () => {
    const on = await draftedOnMock("acme", document, operations);
    try {
      const ids = deriveCases(on.subject).map((c) => c.id);
      expect(ids.filter((id) => id.includes("sent as JSON null"))).toHaveLength(2);
      // The query's, given null: no pair sent, and the mock judging the request by the document takes it.
      expect(ids.filter((id) => id.includes("null given to zqFilter: sent as nothing in the query"))).toHaveLength(1);
      expect(await casesNotPassed(on)).toEqual([]);
    } finally {
      await on.close();
    }
  }, 120_000);
});
