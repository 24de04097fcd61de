// A query value of one id or a list of them (`anyOf: [{type: string, format: uuid}, {type: array, items: {type:
// string, format: uuid}}]`, a filter "include the parameter several times for several ids"): the list form was drafted
// with its items' enum and maximum length alone, so a list of texts that are no ids went out, which the document (and
// the request judge) refuses. Its items keep every text limit: format, pattern and lengths.
import { rmSync } from "node:fs";
import { executeToolDefinition, type ToolSpec } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { json, scriptedFetch } from "../../../test-support/runtime/scripted-fetch.js";
import { draftWorkFolder, drafted, linkedTools, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const uuid = { type: "string", format: "uuid" };
const code = { type: "string", minLength: 2, maxLength: 6, pattern: "^zq" };
const document = openapi({
  "/zq-views": {
    get: {
      operationId: "listZqViews",
      parameters: [
        { name: "ids", in: "query", schema: { anyOf: [uuid, { type: "array", items: uuid }] } },
        { name: "codes", in: "query", schema: { oneOf: [code, { type: "array", items: code }] } },
      ],
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
    },
  },
});

const ID = "3fa85f64-5717-4562-b3fc-2c963f66afa6";

async function call(tool: ToolSpec, params: Record<string, unknown>) {
  const { fetch, seen } = scriptedFetch(json(200, { id: "zq1" }));
  const result = await executeToolDefinition(
    tool,
    { accessToken: "zq-token-0123456789", ...params },
    { baseUrl: "http://127.0.0.1:9", fetch },
  );
  return { result, seen };
}

describe("a union of a text and a list of such texts", () => {
  const d = drafted(document, ["listZqViews"]);
  const params = d.manifest.operations.acme_list_zq_views!.params!;

  it("drafts the list form's items with the text's format, pattern and lengths; it links", async () => {
    expect(params.ids!.anyOf).toEqual([
      { type: "string", format: "uuid" },
      { type: "json", jsonType: "array", items: { type: "string", format: "uuid" } },
    ]);
    expect(params.codes!.anyOf![1]).toEqual({
      type: "json",
      jsonType: "array",
      items: { type: "string", minLength: 2, maxLength: 6, pattern: "^zq" },
    });
    expect(await linkProblems(d)).toEqual([]);
  });

  it("refuses a list holding a text of neither form before any request; sends a list, one pair each", async () => {
    const [tool] = await linkedTools(d);
    const bad = await call(tool!, { ids: [ID, "a b"] });
    expect(bad.result).toMatchObject({ success: false, error: { type: "validation", param: "ids" } });
    expect(bad.seen).toHaveLength(0);
    const short = await call(tool!, { codes: ["zq1", "z"] });
    expect(short.result).toMatchObject({ success: false, error: { type: "validation", param: "codes" } });
    expect(short.seen).toHaveLength(0);
    const good = await call(tool!, { ids: [ID, ID], codes: ["zq1"] });
    expect(good.result.success).toBe(true);
    expect(new URL(good.seen[0]!.url).search).toBe(`?ids=${ID}&ids=${ID}&codes=zq1`);
  });
});
