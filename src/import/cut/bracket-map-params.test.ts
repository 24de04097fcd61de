// A query key written as a name and a placeholder in brackets (`zqfilters[{field}]`: "replace {field} with the
// property", `zqfilters[status]=published`) was left out of the cut as a name that is a pattern, so no call could
// filter. It is OpenAPI's deepObject of any keys: drafted as one (`zqfilters`, its values the schema given), said in
// the cut's header and a note; one whose name the operation already sends is left out as before.
import { rmSync } from "node:fs";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { requestJudge, type SentRequest } from "../../judge/judge.js";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { parseYamlSource } from "../../load/yaml-source.js";
import { draftWorkFolder, drafted, linkedTools, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const text = { type: "string", example: "published" };
const doc = openapi({
  "/zqpages": {
    get: {
      operationId: "listZqPages",
      parameters: [
        {
          in: "query",
          name: "zqfilters[{field}]",
          style: "form",
          explode: true,
          schema: text,
          description: "By field.",
        },
        { in: "query", name: "zqsort", schema: { type: "string" } },
        { in: "query", name: "zqsort[{field}]", schema: text },
      ],
      responses: { "200": reply({ type: "object", properties: { total: { type: "integer" } } }, { total: 1 }) },
    },
  },
});

describe("a query key of a name and a placeholder in brackets", () => {
  const d = drafted(doc, ["listZqPages"]);
  const params = d.manifest.operations.acme_list_zq_pages?.params ?? {};

  it("is drafted as a deepObject of any keys, said so; one whose name is taken is left out", async () => {
    expect(params.zqfilters).toMatchObject({ type: "json", jsonType: "object", wire: { in: "query" } });
    expect(Object.keys(params).sort()).toEqual(["zqfilters", "zqsort"]);
    const notes = d.notes.map((n) => n.note).join("\n");
    expect(notes).toContain("GET /zqpages query parameter zqfilters[{field}] as the deepObject zqfilters");
    expect(notes).toContain('query parameter zqsort[{field}] (wire: { in: query, name: "zqsort[<name>]" }');
    expect(await linkProblems(d)).toEqual([]);
  });

  it("sends each key in brackets, which the judge takes", async () => {
    const [tool] = await linkedTools(d);
    let sent: SentRequest | undefined;
    const fetchFn = async (request: Request) => {
      sent = { method: request.method, url: request.url, headers: new Headers(request.headers) };
      return new Response(JSON.stringify({ total: 1 }), { headers: { "content-type": "application/json" } });
    };
    const result = await executeToolDefinition(
      tool!,
      { accessToken: "zq-token-0001", zqfilters: { status: "published", "parameters.collection.sort": "a&b" } },
      { baseUrl: "https://api.acme.test", fetch: fetchFn },
    );
    expect(result).toMatchObject({ success: true });
    expect([...new URL(sent!.url).searchParams]).toEqual([
      ["zqfilters[status]", "published"],
      ["zqfilters[parameters.collection.sort]", "a&b"],
    ]);
    const judge = requestJudge(new OpenApiDocument(parseYamlSource(d.openapiText, "openapi.yaml")), {
      credential: "form",
    });
    expect(judge(sent!).refusals).toEqual([]);
  });
});

describe("a bracketed query key on a path item", () => {
  it("is left out where the chosen operation sends its name, drafted as a deepObject where none does", () => {
    const shared = openapi({
      "/zqtagged": {
        parameters: [{ in: "query", name: "zqtag[{name}]", schema: text }],
        get: {
          operationId: "listZqTagged",
          parameters: [{ in: "query", name: "zqtag", schema: { type: "string" } }],
          responses: { "200": reply({ type: "object", properties: { total: { type: "integer" } } }, { total: 1 }) },
        },
      },
      "/zqlabelled": {
        parameters: [{ in: "query", name: "zqlabel[{name}]", schema: text }],
        get: {
          operationId: "listZqLabelled",
          responses: { "200": reply({ type: "object", properties: { total: { type: "integer" } } }, { total: 1 }) },
        },
      },
    });
    const d = drafted(shared, ["listZqTagged", "listZqLabelled"]);
    expect(d.manifest.operations.acme_list_zq_tagged?.params ?? {}).toEqual({
      zqtag: expect.objectContaining({ type: "string" }),
    });
    expect(d.manifest.operations.acme_list_zq_labelled?.params?.zqlabel).toMatchObject({ type: "json" });
  });
});
