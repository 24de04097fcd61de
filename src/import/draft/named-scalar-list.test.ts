// A reply that is a few fields holding one list of texts named after what the path asks for (`{articles: ["6556…"],
// search_query}` under `/search/articles?query={query}`, `{associated_articles: […]}` under `/user/{id}/articles`,
// `{topfeeds: […]}` under `/topfeeds/{tag}/{mode}`), as a published articles API answers every list: `add` drafted
// `data` as the whole body, so that a workflow reading the ids read `data.articles`, and no count. The list is the data
// now, counted, and the fields beside it metadata, as a list of records is; a list of texts named after nothing the
// path says stays in the body (one of a record's fields).
import { rmSync } from "node:fs";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkedTools, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const texts = { type: "array", items: { type: "string" } };
const idParam = { name: "id", in: "path", required: true, schema: { type: "string", maxLength: 20 } };
const doc = openapi({
  "/zqsearch/zqarticles?query={query}": {
    get: {
      operationId: "searchZqarticles",
      parameters: [{ name: "query", in: "query", required: true, schema: { type: "string", maxLength: 40 } }],
      responses: {
        "200": reply({ type: "object", properties: { zqarticles: texts, search_query: { type: "string" } } }),
      },
    },
  },
  "/zquser/{id}/zqarticles": {
    get: {
      operationId: "getZquserZqarticles",
      parameters: [idParam],
      responses: { "200": reply({ type: "object", properties: { associated_zqarticles: texts } }) },
    },
  },
  "/zqtopfeeds/{tag}/{mode}": {
    get: {
      operationId: "getZqtopfeeds",
      parameters: [
        { ...idParam, name: "tag" },
        { ...idParam, name: "mode" },
      ],
      responses: { "200": reply({ type: "object", properties: { zqtopfeeds: texts } }) },
    },
  },
  "/zquser/{id}": {
    get: {
      operationId: "getZquser",
      parameters: [idParam],
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" }, tags: texts } }) },
    },
  },
});

describe("a reply holding one list of texts named after what the path asks for", () => {
  it("drafts the list as data with its count, the fields beside it as metadata; it links and reads them", async () => {
    const d = drafted(doc, ["searchZqarticles", "getZquserZqarticles", "getZqtopfeeds", "getZquser"]);
    const search = d.manifest.operations.acme_search_zqarticles!.outputs ?? {};
    expect(search.data).toMatchObject({ type: "array", from: "$response.body#/zqarticles" });
    expect(search["metadata.count"]).toMatchObject({ from: "$response.body#/zqarticles", count: true });
    expect(search["metadata.searchQuery"]).toMatchObject({ from: "$response.body#/search_query" });
    const owned = d.manifest.operations.acme_get_zquser_zqarticles!.outputs ?? {};
    expect(owned.data).toMatchObject({ type: "array", from: "$response.body#/associated_zqarticles" });
    // Variables alone after the path's word choose among its own: it names the list still.
    const feeds = d.manifest.operations.acme_get_zqtopfeeds!.outputs ?? {};
    expect(feeds.data).toMatchObject({ type: "array", from: "$response.body#/zqtopfeeds" });
    // A record's list of tags is one of its fields, not the reply's list.
    expect(d.manifest.operations.acme_get_zquser!.outputs?.data).toMatchObject({
      type: "json",
      from: "$response.body",
    });
    expect(await linkProblems(d)).toEqual([]);
    const tool = (await linkedTools(d)).find((t) => t.id === "acme_search_zqarticles")!;
    const called = await executeToolDefinition(
      tool,
      { accessToken: "zq-token-0001", query: "zq" },
      {
        baseUrl: "https://api.acme.test",
        fetch: async () => Response.json({ zqarticles: ["6556feb21311", "a1"], search_query: "zq" }),
      },
    );
    expect(called).toEqual({
      success: true,
      output: { data: ["6556feb21311", "a1"], metadata: { count: 2, searchQuery: "zq" } },
    });
  });
});
