// A document that declares no security scheme and takes its key as a query `wskey` on most operations, described by
// its name alone (a cultural archive's search API, a link audit of 150 documents of the public directory, seed 1306):
// add drafted an optional bearer token the API never reads and `wskey` as a plain required input, in clear in every
// log, error and recording. A web service's key by its name is the document's key: its place is the credential's.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, reply } from "../../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const wskey = { name: "wskey", in: "query", required: true, description: "wskey", schema: { type: "string" } };
const op = (operationId: string, parameters: unknown[]) => ({
  get: {
    operationId,
    parameters,
    responses: { "200": reply({ type: "object", properties: { zqItems: { type: "array" } } }) },
  },
});
const doc = {
  openapi: "3.0.3",
  info: { title: "Zq Archive", version: "2" },
  servers: [{ url: "https://api.zq-archive.test" }],
  paths: {
    "/zqsearch": op("zqSearch", [wskey, { name: "query", in: "query", schema: { type: "string" } }]),
    "/zqrecords/{zqId}": op("zqRecord", [
      wskey,
      { name: "zqId", in: "path", required: true, schema: { type: "string" } },
    ]),
    "/zqfeed.rss": op("zqFeed", []),
  },
};

describe("a web service's key, wskey, on most operations of a document that declares no scheme", () => {
  it("is the credential's place: an API key scheme in the query, secret, no parameter of its own", async () => {
    const d = drafted(doc, ["zqSearch", "zqRecord", "zqFeed"]);
    expect(d.manifest.auth).toEqual({ scheme: "apiKeyAuth", param: "apiKey" });
    expect(d.manifest.params?.apiKey).toMatchObject({ secret: true });
    expect(d.manifest.operations.acme_zq_search?.params?.wskey).toBeUndefined();
    expect(d.openapiText).toMatch(/apiKeyAuth:\s+type: apiKey\s+in: query\s+name: wskey/);
    expect(await linkProblems(d)).toEqual([]);
  });
});
