// Where a drafted provider's calls go when the document's server has a host
// variable: whose default is no address (Pinecone's `https://{index_host}`,
// default `unknown`), each call names it, as for a relative server; which
// lists its values (Onfido's `https://api.{region}.onfido.com`, eu, us or
// ca), each value's host is the provider's own.
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

describe("a server whose host has a variable that lists its values (enum)", () => {
  const regional = (url: string, variables: Record<string, unknown>) => ({
    ...openapi({ "/zq-widgets": { get: { operationId: "listWidgets", responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }) } } } }),
    servers: [{ url, variables }],
  });

  it("drafts the default's host as server.default and every other value's as server.hosts, said in a note; it links", async () => {
    const d = drafted(regional("https://api.{zq_region}.zq-widgets.example/v3", { zq_region: { default: "eu", enum: ["eu", "us", "ca"] } }), ["listWidgets"]);
    expect(d.manifest.server).toEqual({ default: "https://api.eu.zq-widgets.example/v3", hosts: ["api.us.zq-widgets.example", "api.ca.zq-widgets.example"] });
    expect(notesAt(d, "server.hosts")).toEqual([
      "the host takes the server variable {zq_region} (eu, us, ca): server.default is at its default, the other hosts are the spec's too: the credential may go to them when a call names one as baseUrl",
    ]);
    expect(await linkProblems(d)).toEqual([]);
  });

  it("makes each combination of two such variables, a variable without values at its default, and no more than 16 hosts", () => {
    const letters = "abcdefghij".split("");
    const d = drafted(regional("https://{zq_tier}.{zq_cell}.{zq_zone}.zq-widgets.example", { zq_tier: { default: "a", enum: letters }, zq_cell: { default: "a", enum: letters }, zq_zone: { default: "main" } }), ["listWidgets"]);
    const server = d.manifest.server as { default: string; hosts: string[] };
    expect(server.default).toBe("https://a.a.main.zq-widgets.example");
    expect(server.hosts).toHaveLength(15);
    expect(server.hosts.every((h) => /^[a-j]\.[a-j]\.main\.zq-widgets\.example$/.test(h))).toBe(true);
  });

  it("drafts no hosts for a variable in the path (a version), only for one in the host", () => {
    const d = drafted(regional("https://api.zq-widgets.example/{zq_version}", { zq_version: { default: "v2", enum: ["v1", "v2"] } }), ["listWidgets"]);
    expect(d.manifest.server).toEqual({ default: "https://api.zq-widgets.example/v2" });
  });
});

describe("a server without a scheme (//host, a network-path reference)", () => {
  it("is that host over https, its path kept, said in a note; it links (the link reads the document's server the same way)", async () => {
    const d = drafted({ ...withServer("//api.zqmail.test/v2", "unused"), servers: [{ url: "//api.zqmail.test/v2" }] }, ["queryVectors"]);
    expect(d.manifest.server).toEqual({ default: "https://api.zqmail.test/v2" });
    expect(notesAt(d, "server.default")).toContain("the document's first server has no scheme (//api.zqmail.test/v2): https taken");
    expect(await linkProblems(d)).toEqual([]);
  });
});
