// The agent-framework adapters hold a model's file addresses to the public internet (validate/file-hosts.ts): a
// private or local host refused before any request, a name resolving to one too (a stubbed lookup), a public
// address fetched; the adapter's `fileHosts.allow` lets the person running the tools allow more. A call of the same
// client made by the user's own code (no adapter) fetches the address as before.
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { json } from "../../test-support/runtime/scripted-fetch.js";
import { createClient } from "../client/client.js";
import type { ClientOptions } from "../client/types.js";
import { fullSupport } from "../execute/full-support.js";
import type { ToolSpec } from "../spec/tool-types.js";
import type { ResolvedAddress } from "../validate/file-hosts.js";
import { adaptClient } from "./adapt.js";

const upload: ToolSpec = irFixture("zqfiles").operations.find((o) => o.tool.id === "zqfiles_upload_file")!.tool;
const KEY = "zq-secret-key-1234";
const { rateLimits: _perExecutor, ...support } = fullSupport;
const table = { methods: { uploadFile: upload }, credentials: ["apiKey"], support };

/** A client whose API fetch records each request, and the adapter's stubbed resolver and file fetch. */
function setUp(answer: readonly ResolvedAddress[], allow?: string[]) {
  const api: string[] = [];
  const files: string[] = [];
  const looked: string[] = [];
  const client = createClient(table, {
    apiKey: KEY,
    retries: 0,
    fetch: async (request: Request) => {
      api.push(request.url);
      return request.url.startsWith("https://api.zqfiles.test/")
        ? json(200, { id: "zq-file-1", filename: "x", bytes: 3 })
        : new Response("zq\n");
    },
  } as ClientOptions);
  const fileHosts = {
    ...(allow ? { allow } : {}),
    lookup: async (host: string) => {
      looked.push(host);
      return answer;
    },
    fetch: async (request: Request) => {
      files.push(request.url);
      return new Response("zq,1\n");
    },
  };
  const [tool] = adaptClient(client, { fileHosts });
  return { client, tool: tool!, api, files, looked };
}

describe("an adapted tool's file parameter", () => {
  it("refuses a model's private, link-local or local host before any request, naming the host", async () => {
    for (const [address, kind] of [
      ["https://169.254.169.254/latest/meta-data/", "a link-local address"],
      ["https://[::1]/zq.csv", "a loopback address"],
      ["https://zqdb.internal/zq.csv", "a name under .internal"],
    ] as const) {
      const { tool, api, files, looked } = setUp([{ address: "93.184.216.34", family: 4 }]);
      const answer = await tool.call({ file: address, purpose: "batch" });
      expect(answer).toMatchObject({ error: { type: "validation", param: "file", rule: "host" } });
      expect((answer as { error: { message: string } }).error.message).toContain(kind);
      expect([api, files, looked]).toEqual([[], [], []]);
    }
  });

  it("refuses a name that resolves to a private address (checked where the file is opened)", async () => {
    const { tool, api, files, looked } = setUp([{ address: "10.9.8.7", family: 4 }]);
    const answer = await tool.call({ file: "https://zqfiles.example.com/zq.csv", purpose: "batch" });
    expect(answer).toMatchObject({
      error: { param: "file", rule: "host", message: expect.stringContaining("it resolves to 10.9.8.7") },
    });
    expect([api, files, looked]).toEqual([[], [], ["zqfiles.example.com"]]);
  });

  it("fetches a public address, and a host the adapter's fileHosts.allow names", async () => {
    const open = setUp([{ address: "93.184.216.34", family: 4 }]);
    expect(await open.tool.call({ file: "https://zqfiles.example.com/zq.csv", purpose: "batch" })).toEqual({
      id: "zq-file-1",
      bytes: 3,
    });
    expect([open.api, open.files]).toEqual([
      ["https://api.zqfiles.test/files"],
      ["https://zqfiles.example.com/zq.csv"],
    ]);
    const allowed = setUp([], ["zqdb.internal"]);
    expect(await allowed.tool.call({ file: "https://zqdb.internal/zq.csv", purpose: "batch" })).toMatchObject({
      id: "zq-file-1",
    });
    expect([allowed.files, allowed.looked]).toEqual([["https://zqdb.internal/zq.csv"], []]);
  });

  it("leaves the user's own call of the same client as it was: any https address, the client's fetch", async () => {
    const { client, api, files } = setUp([]);
    const call = (client as Record<string, (input: object) => Promise<{ success: boolean }>>).uploadFile!;
    expect(await call({ file: "https://10.0.0.5/zq.csv", purpose: "batch" })).toMatchObject({ success: true });
    expect([api, files]).toEqual([["https://10.0.0.5/zq.csv", "https://api.zqfiles.test/files"], []]);
  });
});
