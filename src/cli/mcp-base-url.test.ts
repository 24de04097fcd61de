// `blockwright mcp --base-url <provider>=<url>` (and `--allow-host`): `call` and `verify` sent a provider's calls to
// another address (a sandbox, a proxy, a loopback upstream), `mcp` had no way to. Its calls go there now, the address
// held to the rules `serve`'s is: one it cannot use, a host the credential does not go to, a provider not served, or
// with --mock, is a usage error (exit 2) before the server starts, the address's credentials withheld.
import { PassThrough } from "node:stream";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { cli } from "../../test-support/cli-harness.js";
import { addedProject } from "../../test-support/cli/added-project.js";
import { StreamsClientTransport } from "../../test-support/streams-client-transport.js";
import { serve } from "./mcp.js";

const document = {
  openapi: "3.0.3",
  info: { title: "Zq Base", version: "1.0.0" },
  servers: [{ url: "https://api.zqmb.example/v1" }],
  components: { securitySchemes: { key: { type: "apiKey", in: "header", name: "X-Zq-Key" } } },
  security: [{ key: [] }],
  paths: {
    "/zqthings": {
      get: {
        operationId: "zqListThings",
        responses: {
          "200": {
            description: "ok",
            content: { "application/json": { schema: { type: "object", properties: { id: { type: "string" } } } } },
          },
        },
      },
    },
  },
};
const project = addedProject("blockwright-mcp-base-url-", "zqmb", document, '{"id":"zq1"}');
const KEY = "zq-mcp-key-0000000001";

describe("mcp --base-url", () => {
  it("sends a provider's calls to the address given, the credential with them", async () => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    let stderr = "";
    const exit = serve(
      ["--base-url", `zqmb=${project.upstream.url}`],
      {
        stdout,
        stderr: { write: (t: string) => (stderr += t) },
        env: { ZQMB_API_KEY: KEY },
        cwd: project.dir,
        interrupted: new Promise<void>(() => {}),
        startMocks: () => Promise.reject(new Error("no mocks in a live session")),
      },
      { stdin, stdout },
    );
    const client = new Client({ name: "blockwright-test", version: "0" });
    await client.connect(new StreamsClientTransport(stdin, stdout));
    const before = project.upstream.received.length;
    const result = (await client.callTool({ name: "zqmb_zq_list_things", arguments: {} })) as CallToolResult;
    await client.close();
    expect(await exit, stderr).toBe(0);
    expect(result.isError, JSON.stringify(result)).toBeFalsy();
    const sent = project.upstream.received.slice(before);
    expect(sent.map((s) => [s.method, s.url, s.headers["x-zq-key"]])).toEqual([["GET", "/v1/zqthings", KEY]]);
  });

  it("refuses an address it cannot use, with exit 2, before serving", async () => {
    const refused = async (args: string[]) => {
      const r = await cli(["mcp", ...args], { cwd: project.dir, env: { ZQMB_API_KEY: KEY } });
      expect(r.code, r.stderr).toBe(2);
      return r.stderr;
    };
    expect(await refused(["--base-url", "zqmb=ftp://zq.example"])).toMatch(/--base-url zqmb: .*"ftp:\/\/zq\.example"/);
    expect(await refused(["--base-url", "zqmb=http://zq.example"])).toMatch(/--base-url zqmb: .*https/);
    const withheld = await refused(["--base-url", "zqmb=https://zquser:zq-pass-0001@zq.example"]);
    expect(withheld).toContain("(address with credentials withheld)");
    expect(withheld).not.toContain("zq-pass-0001");
    expect(await refused(["--base-url", "zqmb=https://zq.example"])).toContain(
      "zqmb sends its credential only to api.zqmb.example or a loopback host, not to zq.example; to send it there, " +
        "allow the host (--allow-host zq.example)",
    );
    expect(await refused(["--base-url", "zqnone=https://zq.example"])).toContain(
      '--base-url: "zqnone" is not a provider served here (zqmb)',
    );
    expect(await refused(["--base-url", project.upstream.url])).toContain("--base-url takes <provider>=<url>");
    expect(await refused(["--mock", "--base-url", `zqmb=${project.upstream.url}`])).toContain("not --mock");
    expect(await refused(["--allow-host", "zq example"])).toContain("--allow-host: ");
  });
});
