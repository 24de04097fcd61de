// A model's file address reaches only the public internet unless the person running the tools allows more
// (validate/file-hosts.ts, model-files.ts), on the zqfiles fixture: each host kind refused through the LLM surface
// (llmCallParams, and the call given `fileHosts`) before any request, the allow option, a public address fetched,
// a user's own call as before, Node's resolution checked with a stubbed lookup, and the pinned connection.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { irFixture } from "../../../test-support/runtime/ir-fixtures.js";
import { json } from "../../../test-support/runtime/scripted-fetch.js";
import { executeToolDefinition } from "../../execute/execute.js";
import { llmCallParams } from "../../llm/llm-tools.js";
import type { ToolSpec } from "../../spec/tool-types.js";
import type { FileHosts, ResolvedAddress } from "../../validate/file-hosts.js";
import { pinnedFetch } from "./model-files.js";

const ir = irFixture("zqfiles");
const upload: ToolSpec = ir.operations.find((o) => o.tool.id === "zqfiles_upload_file")!.tool;
const KEY = "zq-secret-key-1234";
const UPLOAD = "https://api.zqfiles.test/files";

/** Fetch stubs that record every request: the API's (`fetch`) and the model's files' (`fileHosts.fetch`). */
function recording(lookupAnswer?: readonly ResolvedAddress[] | Error) {
  const api: string[] = [];
  const files: string[] = [];
  const looked: string[] = [];
  const fetch = async (request: Request) => {
    api.push(request.url);
    return json(200, { id: "zq-file-1", filename: "x", bytes: 3 });
  };
  const fileFetch = async (request: Request) => {
    files.push(request.url);
    return new Response("zq,1\n", { headers: { "content-type": "text/csv" } });
  };
  const lookup = async (host: string) => {
    looked.push(host);
    if (lookupAnswer instanceof Error) throw lookupAnswer;
    return lookupAnswer ?? [];
  };
  const fileHosts = (allow?: string[]): FileHosts => ({ fetch: fileFetch, lookup, ...(allow ? { allow } : {}) });
  return { fetch, fileHosts, api, files, looked };
}

const modelCall = (file: unknown, fileHosts?: FileHosts) =>
  llmCallParams(upload, { file, purpose: "batch" }, { apiKey: KEY }, fileHosts ? { fileHosts } : {});

/** Hosts a model may not name, as a model writes them, with the host and the kind the refusal names. */
const REFUSED: [address: string, host: string, kind: RegExp][] = [
  ["https://10.0.0.5/zq.csv", "10.0.0.5", /a private address/],
  ["https://172.16.4.2/zq.csv", "172.16.4.2", /a private address/],
  ["https://192.168.1.10/zq.csv", "192.168.1.10", /a private address/],
  ["https://[fd00::5]/zq.csv", "[fd00::5]", /a private address/],
  ["https://169.254.169.254/latest/meta-data/", "169.254.169.254", /a link-local address/],
  ["https://[fe80::1]/zq.csv", "[fe80::1]", /a link-local address/],
  ["https://100.64.0.7/zq.csv", "100.64.0.7", /carrier-grade NAT/],
  ["https://127.0.0.1/zq.csv", "127.0.0.1", /a loopback address/],
  ["http://127.0.0.1:8080/zq.csv", "127.0.0.1", /a loopback address/],
  // Decimal, octal and hex IPv4 forms, which the URL parser writes as 127.0.0.1.
  ["https://2130706433/zq.csv", "127.0.0.1", /a loopback address/],
  ["https://017700000001/zq.csv", "127.0.0.1", /a loopback address/],
  ["https://0x7f.1/zq.csv", "127.0.0.1", /a loopback address/],
  ["https://[::1]/zq.csv", "[::1]", /a loopback address/],
  ["https://[::ffff:10.0.0.5]/zq.csv", "[::ffff:a00:5]", /a private address/],
  ["https://0/zq.csv", "0.0.0.0", /the unspecified address/],
  ["https://[::]/zq.csv", "[::]", /the unspecified address/],
  ["https://224.0.0.1/zq.csv", "224.0.0.1", /multicast/],
  ["https://[ff02::1]/zq.csv", "[ff02::1]", /multicast/],
  ["https://240.0.0.9/zq.csv", "240.0.0.9", /a reserved address/],
  ["https://[64:ff9b::a00:5]/zq.csv", "[64:ff9b::a00:5]", /carries an IPv4 one/],
  ["https://localhost/zq.csv", "localhost", /a loopback name/],
  ["https://zq.localhost/zq.csv", "zq.localhost", /a loopback name/],
  ["https://zqnas.local/zq.csv", "zqnas.local", /under \.local/],
  ["https://zqdb.internal/zq.csv", "zqdb.internal", /under \.internal/],
  ["https://zqrouter.home.arpa./zq.csv", "zqrouter.home.arpa", /under \.home\.arpa/],
  ["https://zqbox.lan/zq.csv", "zqbox.lan", /under \.lan/],
  ["https://zqintranet/zq.csv", "zqintranet", /a single-label name/],
];

describe("a model's file address", () => {
  it.each(REFUSED)(
    "%s is refused by llmCallParams, naming the parameter, the rule and the host",
    (address, host, kind) => {
      const result = modelCall(address);
      expect(result).toMatchObject({ error: { type: "validation", param: "file", rule: "host" } });
      const message = (result as { error: { message: string } }).error.message;
      expect(message).toMatch(/^file: a model's file address must be on the public internet, got host /);
      expect(message).toContain(`got host ${host} (`);
      expect(message).toMatch(kind);
      expect(message).toContain(`fileHosts: { allow: ["${host}"] }`);
      expect(message).not.toContain(KEY);
    },
  );

  it.each(REFUSED)("%s is refused by a call given fileHosts, before any request", async (address, host, kind) => {
    const { fetch, fileHosts, api, files, looked } = recording([{ address: "93.184.216.34", family: 4 }]);
    const result = await executeToolDefinition(
      upload,
      { apiKey: KEY, file: address, purpose: "batch" },
      { fetch, fileHosts: fileHosts() },
    );
    expect(result).toMatchObject({ success: false, error: { type: "validation", param: "file", rule: "host" } });
    expect((result as { error: { message: string } }).error.message).toMatch(kind);
    expect((result as { error: { message: string } }).error.message).toContain(`got host ${host} (`);
    expect([api, files, looked]).toEqual([[], [], []]);
  });

  it("in a list of files: the first refused one is named, nothing fetched", async () => {
    const list = { ...upload, params: upload.params.map((p) => (p.name === "file" ? { ...p, multiple: true } : p)) };
    const given = ["https://zqcdn.example.com/a.csv", "https://10.0.0.5/b.csv"];
    expect(llmCallParams(list, { file: given, purpose: "batch" }, { apiKey: KEY })).toMatchObject({
      error: { param: "file", rule: "host", message: expect.stringContaining("got host 10.0.0.5 (a private address)") },
    });
    const { fetch, fileHosts, api, files } = recording([{ address: "93.184.216.34", family: 4 }]);
    const result = await executeToolDefinition(
      list,
      { apiKey: KEY, file: given, purpose: "batch" },
      { fetch, fileHosts: fileHosts() },
    );
    expect(result).toMatchObject({ success: false, error: { param: "file", rule: "host" } });
    expect([api, files]).toEqual([[], ["https://zqcdn.example.com/a.csv"]]);
  });

  it("on the public internet is fetched (an IP address as it is, a name once its addresses are checked)", async () => {
    const { fetch, fileHosts, api, files, looked } = recording([
      { address: "93.184.216.34", family: 4 },
      { address: "2606:2800:220:1:248:1893:25c8:1946", family: 6 },
    ]);
    for (const address of ["https://93.184.216.34/zq.csv", "https://zqcdn.example.com/zq.csv"]) {
      expect(modelCall(address)).toMatchObject({ params: { file: address } });
      const result = await executeToolDefinition(
        upload,
        { apiKey: KEY, file: address, purpose: "batch" },
        { fetch, fileHosts: fileHosts() },
      );
      expect(result).toEqual({ success: true, output: { id: "zq-file-1", bytes: 3 } });
    }
    expect(files).toEqual(["https://93.184.216.34/zq.csv", "https://zqcdn.example.com/zq.csv"]);
    expect(api).toEqual([UPLOAD, UPLOAD]);
    expect(looked).toEqual(["zqcdn.example.com"]);
  });
});

describe("the allow option (fileHosts.allow)", () => {
  it("lets the person running the tools allow a host, a wildcard's hosts, an IP address, or every host", async () => {
    const cases: [allow: string[], address: string][] = [
      [["zqdb.internal"], "https://zqdb.internal/zq.csv"],
      [["ZqDb.Internal."], "https://zqdb.internal./zq.csv"],
      [["*.zqcorp.example"], "https://files.zqcorp.example/zq.csv"],
      [["10.0.0.5"], "https://10.0.0.5/zq.csv"],
      [["::1"], "https://[::1]/zq.csv"],
      [["*"], "https://169.254.169.254/zq.csv"],
      [["*"], "https://zqintranet/zq.csv"],
    ];
    for (const [allow, address] of cases) {
      // An allowed name is the person's to judge: not resolved (the lookup would say 10.0.0.9).
      const { fetch, fileHosts, api, files, looked } = recording([{ address: "10.0.0.9", family: 4 }]);
      expect(modelCall(address, { allow })).toMatchObject({ params: { file: address } });
      const result = await executeToolDefinition(
        upload,
        { apiKey: KEY, file: address, purpose: "batch" },
        { fetch, fileHosts: fileHosts(allow) },
      );
      expect(result).toMatchObject({ success: true });
      expect([api, files, looked]).toEqual([[UPLOAD], [address], []]);
    }
  });

  it("allows only what it names: a wildcard is one label of one, a host not its neighbours", () => {
    const allow = ["*.zqcorp.internal", "10.0.0.5"];
    expect(modelCall("https://files.zqcorp.internal/x", { allow })).toMatchObject({ params: {} });
    for (const address of ["https://a.b.zqcorp.internal/x", "https://zqcorp.internal/x", "https://10.0.0.6/x"])
      expect(modelCall(address, { allow })).toMatchObject({ error: { param: "file", rule: "host" } });
  });

  it("refuses a pattern that is no host, naming fileHosts, the rule and the pattern, before any request", async () => {
    for (const bad of ["zq.example:443", "https://zq.example", "*.10.0.0.5", "", "zq host"]) {
      expect(modelCall("https://zqcdn.example.com/x", { allow: [bad] })).toMatchObject({
        error: { param: "fileHosts", rule: "format", message: expect.stringContaining(JSON.stringify(bad)) },
      });
      const { fetch, fileHosts, api, files } = recording([{ address: "93.184.216.34", family: 4 }]);
      const result = await executeToolDefinition(
        upload,
        { apiKey: KEY, file: "https://zqcdn.example.com/x", purpose: "batch" },
        { fetch, fileHosts: fileHosts([bad]) },
      );
      expect(result).toMatchObject({ success: false, error: { param: "fileHosts", rule: "format" } });
      expect([api, files]).toEqual([[], []]);
    }
  });
});

describe("a user's own call (no fileHosts)", () => {
  it("fetches any https address as before (a private one too) with the call's fetch, nothing resolved", async () => {
    const { fetch, api } = recording();
    const seen: string[] = [];
    const result = await executeToolDefinition(
      upload,
      { apiKey: KEY, file: "https://10.0.0.5/zq.csv", purpose: "batch" },
      {
        fetch: async (request) => {
          seen.push(request.url);
          return request.url === UPLOAD ? fetch(request) : new Response("zq\n");
        },
      },
    );
    expect(result).toMatchObject({ success: true });
    expect(seen).toEqual(["https://10.0.0.5/zq.csv", UPLOAD]);
    expect(api).toEqual([UPLOAD]);
  });
});

describe("Node's resolution check (a stubbed lookup)", () => {
  it("refuses a public-looking name resolving to a private address, naming it, before any request", async () => {
    for (const answer of [
      [{ address: "10.1.2.3", family: 4 }],
      [{ address: "::ffff:169.254.169.254", family: 6 }],
      [
        { address: "93.184.216.34", family: 4 },
        { address: "fd12::7", family: 6 },
      ],
    ]) {
      const { fetch, fileHosts, api, files, looked } = recording(answer);
      const result = await executeToolDefinition(
        upload,
        { apiKey: KEY, file: "https://zqfiles.example.com/zq.csv", purpose: "batch" },
        { fetch, fileHosts: fileHosts() },
      );
      const bad = answer.at(-1)!.address;
      expect(result).toMatchObject({
        success: false,
        error: {
          param: "file",
          rule: "host",
          message: expect.stringContaining(`got host zqfiles.example.com (it resolves to ${bad}, a `),
        },
      });
      expect([api, files, looked]).toEqual([[], [], ["zqfiles.example.com"]]);
    }
  });

  it("answers a name that does not resolve as a network failure naming the parameter and host", async () => {
    const { fetch, fileHosts, api, files } = recording(Object.assign(new Error("zq"), { code: "ENOTFOUND" }));
    const result = await executeToolDefinition(
      upload,
      { apiKey: KEY, file: "https://zqgone.example.com/zq.csv", purpose: "batch" },
      { fetch, fileHosts: fileHosts() },
    );
    expect(result).toMatchObject({
      success: false,
      error: { type: "network", param: "file", message: expect.stringMatching(/zqgone\.example\.com .*ENOTFOUND/) },
    });
    expect([api, files]).toEqual([[], []]);
  });
});

describe("the pinned connection", () => {
  let server: Server;
  let port: number;
  const hosts: string[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      hosts.push(request.headers.host ?? "");
      response.writeHead(request.url === "/moved" ? 302 : 200, {
        "content-type": "text/csv",
        ...(request.url === "/moved" ? { location: "https://10.0.0.5/" } : {}),
      });
      response.end("zq,2\n");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("connects to the checked address, not to what the name resolves to (.invalid resolves nowhere)", async () => {
    const fetch = pinnedFetch([{ address: "127.0.0.1", family: 4 }], 60_000);
    const response = await fetch(new Request(`http://zqfiles.invalid:${port}/zq.csv`));
    expect([response.status, response.headers.get("content-type"), await response.text()]).toEqual([
      200,
      "text/csv",
      "zq,2\n",
    ]);
    expect(hosts.at(-1)).toBe(`zqfiles.invalid:${port}`);
  });

  it("answers a redirect as it is: not followed", async () => {
    const fetch = pinnedFetch([{ address: "127.0.0.1", family: 4 }], 60_000);
    const moved = await fetch(new Request(`http://zqfiles.invalid:${port}/moved`));
    expect([moved.status, moved.headers.get("location")]).toEqual([302, "https://10.0.0.5/"]);
    await moved.body?.cancel();
    expect(hosts.at(-1)).toBe(`zqfiles.invalid:${port}`);
  });
});
