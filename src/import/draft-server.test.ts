// Where a drafted provider's calls go when the document's server has a host
// variable whose default is no address (Pinecone's `https://{index_host}`,
// default `unknown`): each call names it, as for a relative server.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "./__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const withServer = (url: string, host: string) => ({
  ...openapi({ "/vectors/query": { post: { operationId: "queryVectors", responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }) } } } }),
  servers: [{ url, variables: { zq_host: { default: host, description: "the host of the index" } } }],
});

describe("a server whose host is a variable", () => {
  it("with a default that is no address (one label, not localhost): each call names the address (instanceUrl), the server's path after it", async () => {
    const d = drafted(withServer("https://{zq_host}/v9", "unknown"), ["queryVectors"]);
    expect(d.manifest.server).toEqual({ param: "instanceUrl" });
    expect(notesAt(d, "server.param")[0]).toMatch(/^the host is the server variable \{zq_host\}, whose default \(unknown\) is no address a request could reach, so each call names the address \(instanceUrl\), and \/v9 follows it/);
    expect(await linkProblems(d)).toEqual([]);
  });

  it("with a default that is a host: that address, which a call may override", () => {
    expect(drafted(withServer("https://{zq_host}", "zq-index.example.com"), ["queryVectors"]).manifest.server).toEqual({ default: "https://zq-index.example.com" });
  });
});
