// The MCP server holds a model's file addresses to the public internet (runtime validate/file-hosts.ts): a tool
// call naming a private host answers a tool error naming the parameter, the rule and the host, and nothing is
// fetched; a name that resolves to a private address is refused too (a stubbed lookup); the server's
// `fileHosts.allow` (BLOCKWRIGHT_FILE_HOSTS for `blockwright mcp`) lets the person running it allow a host.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { FileHosts, ToolSpec } from "@blockwright/runtime/internal";
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { createToolServer, fileHostsOfEnv } from "./mcp-server.js";

const upload = irFixture("zqfiles").operations.find((o) => o.tool.id === "zqfiles_upload_file")!.tool as ToolSpec;
const KEY = "zq-secret-key-1234";

async function connected(allow?: string[]) {
  const api: string[] = [];
  const files: string[] = [];
  const looked: string[] = [];
  const fileHosts: FileHosts = {
    ...(allow ? { allow } : {}),
    lookup: async (host) => {
      looked.push(host);
      return [{ address: host.startsWith("zqrebind") ? "10.2.3.4" : "93.184.216.34", family: 4 }];
    },
    fetch: async (request) => {
      files.push(request.url);
      return new Response("zq,1\n");
    },
  };
  const server = createToolServer({
    tools: [upload],
    version: "0",
    connection: () => ({ values: { apiKey: KEY }, missing: [] }),
    fileHosts,
    executeOptions: () => ({
      retries: 0,
      secrets: [KEY],
      fetch: async (request) => {
        api.push(request.url);
        return new Response(JSON.stringify({ id: "zq-file-1", filename: "x", bytes: 3 }));
      },
    }),
  });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: "blockwright-test", version: "0" });
  await client.connect(b);
  const call = (file: string) =>
    client.callTool({ name: "zqfiles_upload_file", arguments: { file, purpose: "batch" } }) as Promise<{
      isError?: boolean;
      content: { text: string }[];
      structuredContent?: unknown;
    }>;
  return { client, call, api, files, looked };
}

describe("an MCP tool call's file address", () => {
  it("is refused on a private host or a name resolving to one, naming the host, with nothing fetched", async () => {
    const { client, call, api, files } = await connected();
    const literal = await call("https://10.0.0.5/zq.csv");
    expect(literal.isError).toBe(true);
    expect(literal.content[0]!.text).toMatch(
      /^file: a model's file address must be on the public internet, got host 10\.0\.0\.5 \(a private address\)/,
    );
    const rebound = await call("https://zqrebind.example.com/zq.csv");
    expect(rebound.isError).toBe(true);
    expect(rebound.content[0]!.text).toContain("got host zqrebind.example.com (it resolves to 10.2.3.4, a private");
    expect(JSON.stringify([literal, rebound])).not.toContain(KEY);
    expect([api, files]).toEqual([[], []]);
    await client.close();
  });

  it("is fetched on the public internet, and on a host the server allows", async () => {
    const { client, call, api, files, looked } = await connected(["zqdb.internal"]);
    for (const file of ["https://zqcdn.example.com/zq.csv", "https://zqdb.internal/zq.csv"]) {
      const answer = await call(file);
      expect(answer.isError).toBeFalsy();
      expect(answer.structuredContent).toEqual({ id: "zq-file-1", bytes: 3 });
    }
    expect(files).toEqual(["https://zqcdn.example.com/zq.csv", "https://zqdb.internal/zq.csv"]);
    expect(api).toEqual(["https://api.zqfiles.test/files", "https://api.zqfiles.test/files"]);
    expect(looked).toEqual(["zqcdn.example.com"]);
    await client.close();
  });
});

describe("BLOCKWRIGHT_FILE_HOSTS (blockwright mcp)", () => {
  it("is read as the allowed hosts, comma-separated, blanks left out; unset, nothing more is allowed", () => {
    expect(fileHostsOfEnv(" zqdb.internal, *.zqcorp.example ,,10.0.0.5 ")).toEqual({
      allow: ["zqdb.internal", "*.zqcorp.example", "10.0.0.5"],
    });
    expect(fileHostsOfEnv(undefined)).toEqual({ allow: [] });
    expect(fileHostsOfEnv("")).toEqual({ allow: [] });
  });
});
