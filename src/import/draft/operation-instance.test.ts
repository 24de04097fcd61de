// An operation (or its path item) whose own server's host is each customer's own: all of it a variable
// (`{protocol}://{hostname}`, a self-hosted console beside the public API), or a variable amid it without listed
// values (`https://zqrnb.{zq_env}.zqacme.test`). Drafted as the operation's `server: {param}`, a shared instance
// address a person gives once; checked by the link; each call goes there with the server's path, the credential only
// to loopback or a host the caller allows. Before, the call went to the document's example host (`https://HOSTNAME`).
import { rmSync } from "node:fs";
import { executeToolDefinition } from "@blockwright/runtime";
import type { ToolSpec } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { failedCases } from "../__fixtures__/draft-cases.js";
import {
  draftWorkFolder,
  drafted,
  linkProblems,
  linkedTools,
  notesAt,
  openapi,
  reply,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const answer = { "200": reply({ type: "object", properties: { zqCount: { type: "integer" } } }) };
const CONSOLE = "{zq_protocol}://{zq_hostname}";
const consoleServer = {
  url: CONSOLE,
  variables: {
    zq_hostname: { default: "ZQHOSTNAME", description: "The console's host" },
    zq_protocol: { default: "http" },
  },
};
const PRICES = "https://zqrnb.{zq_env}.zqacme.test/zq/api";
const zqConsole = () =>
  openapi({
    "/zq_setup/settings": {
      get: { operationId: "zqGetSettings", servers: [consoleServer], responses: answer },
    },
    "/zq_setup/maintenance": {
      servers: [consoleServer],
      post: { operationId: "zqMaintenance", responses: answer },
    },
    "/zq_prices": {
      get: {
        operationId: "zqPrices",
        servers: [{ url: PRICES, variables: { zq_env: { default: "zqstable" } } }],
        responses: answer,
      },
    },
    "/zq_orders": { get: { operationId: "zqOrders", responses: answer } },
  });
const ALL = ["zqGetSettings", "zqMaintenance", "zqPrices", "zqOrders"];
const KEY = "zq-secret-token-0123456789";

describe("an operation whose own server's host is each customer's own", () => {
  it("is drafted as server.param, a shared instance address a person gives, one per host", () => {
    const d = drafted(zqConsole(), ALL);
    const ops = d.manifest.operations;
    expect(ops.acme_zq_get_settings?.server).toEqual({ param: "instanceUrl" });
    expect(ops.acme_zq_maintenance?.server).toEqual({ param: "instanceUrl" });
    expect(ops.acme_zq_prices?.server).toEqual({ param: "zqrnbUrl" });
    expect(ops.acme_zq_orders?.server).toBeUndefined();
    expect(d.manifest.server).toEqual({ default: "https://api.acme.test" });
    const address = { type: "string", format: "base-url", visibility: "user-only", required: false };
    expect(d.manifest.params?.instanceUrl).toMatchObject(address);
    expect(d.manifest.params?.instanceUrl?.placeholder).toBeUndefined();
    expect(d.manifest.params?.zqrnbUrl).toMatchObject({
      ...address,
      placeholder: "https://zqrnb.zqstable.zqacme.test",
    });
    expect(d.manifest.params?.zqrnbUrl?.description).toContain("/zq/api is appended");
    expect(notesAt(d, "operations.acme_zq_get_settings.server").join("\n")).toContain(
      `whose host is each customer's own (${CONSOLE}): its calls go to the address instanceUrl gives`,
    );
    expect(d.manifestText).not.toMatch(/ZQHOSTNAME/i);
  });

  it("links, and is refused where it is left out or where its parameter is not a person's address", async () => {
    const d = drafted(zqConsole(), ALL);
    expect(await linkProblems(d)).toEqual([]);
    const left = { ...d, manifestText: d.manifestText.replace(/\n {4}server:\n {6}param: instanceUrl(?=\n)/, "") };
    expect((await linkProblems(left)).join("\n")).toMatch(
      new RegExp(
        'manifest\\.yaml:\\d+:\\d+: .*operation "zqGetSettings" is served at its own server ' +
          '"\\{zq_protocol\\}://\\{zq_hostname\\}" .*whose host is each customer\'s own .*' +
          "write server: \\{param: instanceUrl\\}",
      ),
    );
    const fixed = {
      ...d,
      manifestText: d.manifestText.replace(
        /\n {4}server:\n {6}param: instanceUrl(?=\n)/,
        "\n    server: https://zqhostname",
      ),
    };
    expect((await linkProblems(fixed)).join("\n")).toMatch(
      /manifest\.yaml:\d+:\d+: .*write server: \{param: instanceUrl\}/,
    );
    const chosen = {
      ...d,
      manifestText: d.manifestText.replace(
        /(\n {4}visibility: )user-only(?=\n {4}description: "Where the operations served at \{zq)/,
        "$1user-or-llm",
      ),
    };
    expect(chosen.manifestText).not.toEqual(d.manifestText);
    expect((await linkProblems(chosen)).join("\n")).toMatch(
      /manifest\.yaml:\d+:\d+: .*the instance address parameter "instanceUrl" decides where the credential .*user-only/,
    );
  });

  it("sends each call to the given address and the server's path; the credential nowhere else", async () => {
    const tools = await linkedTools(drafted(zqConsole(), ALL));
    const tool = (id: string) => tools.find((t) => t.id === id) as ToolSpec;
    expect(tool("acme_zq_get_settings").server).toMatchObject({ param: "instanceUrl" });
    expect(tool("acme_zq_get_settings").server.default).toBeUndefined();
    const sent: { url: string; auth: string | null }[] = [];
    const fetch = async (request: Request) => {
      sent.push({ url: request.url, auth: request.headers.get("authorization") });
      return new Response("{}", { status: 200, headers: { "content-type": "application/json" } });
    };
    const call = (id: string, params: Record<string, unknown>, options: Record<string, unknown> = {}) =>
      executeToolDefinition(tool(id), { accessToken: KEY, ...params }, { fetch, ...options });
    const allowHosts = ["ghe.zqcorp.test", "zqrnb.zqlive.zqacme.test"];
    const given = { instanceUrl: "https://ghe.zqcorp.test", zqrnbUrl: "https://zqrnb.zqlive.zqacme.test" };
    expect((await call("acme_zq_get_settings", given, { allowHosts })).success).toBe(true);
    expect((await call("acme_zq_maintenance", { instanceUrl: "http://127.0.0.1:9" })).success).toBe(true);
    expect((await call("acme_zq_prices", given, { allowHosts })).success).toBe(true);
    expect((await call("acme_zq_get_settings", {}, { baseUrl: "http://127.0.0.1:9" })).success).toBe(true);
    expect((await call("acme_zq_orders", given)).success).toBe(true);
    expect(sent).toEqual([
      { url: "https://ghe.zqcorp.test/zq_setup/settings", auth: `Bearer ${KEY}` },
      { url: "http://127.0.0.1:9/zq_setup/maintenance", auth: `Bearer ${KEY}` },
      { url: "https://zqrnb.zqlive.zqacme.test/zq/api/zq_prices", auth: `Bearer ${KEY}` },
      { url: "http://127.0.0.1:9/zq_setup/settings", auth: `Bearer ${KEY}` },
      { url: "https://api.acme.test/zq_orders", auth: `Bearer ${KEY}` },
    ]);
    const refused = async (id: string, params: Record<string, unknown>, rule: string, text: string) => {
      const result = await call(id, params);
      if (result.success) throw new Error(`${id} was sent`);
      expect(result.error).toMatchObject({ param: "instanceUrl", rule });
      expect(result.error.message).toContain(text);
      expect(JSON.stringify(result)).not.toContain(KEY);
    };
    await refused("acme_zq_get_settings", {}, "required", "instanceUrl: is required");
    await refused("acme_zq_get_settings", given, "host", "not to ghe.zqcorp.test");
    await refused("acme_zq_get_settings", { instanceUrl: "http://ghe.zqcorp.test" }, "format", "must use https");
    expect(sent).toHaveLength(5);
  });

  it("every derived case passes on the mock and its judge, which serve it under the server's path", async () => {
    const d = drafted(zqConsole(), ALL, "zqopinst");
    const prices = (await linkedTools(d, "zqopinst")).find((t) => t.id === "zqopinst_zq_prices");
    expect(prices?.server).toMatchObject({ param: "zqrnbUrl", basePath: "/zq/api" });
    const { ids, failed } = await failedCases(d, "zqopinst");
    expect(ids.filter((id) => /zq_get_settings|zq_prices/.test(id)).length).toBeGreaterThan(1);
    expect(failed).toEqual([]);
  });

  // The document's own address a relative one: the provider's address is an instance parameter too (required), which
  // every tool has. An operation served at its own instance took it as well, and was refused for want of it.
  it("beside a provider's own address parameter: another parameter, the provider's not required there", async () => {
    const d = drafted({ ...zqConsole(), servers: [{ url: "/zqapi" }] }, ALL);
    expect(d.manifest.server).toEqual({ param: "instanceUrl" });
    expect(d.manifest.operations.acme_zq_get_settings?.server).toEqual({ param: "operationInstanceUrl" });
    expect(await linkProblems(d)).toEqual([]);
    const tools = await linkedTools(d);
    const tool = (id: string) => tools.find((t) => t.id === id) as ToolSpec;
    const required = (id: string, name: string) => tool(id).params.find((p) => p.name === name)?.required;
    expect([required("acme_zq_get_settings", "instanceUrl"), required("acme_zq_orders", "instanceUrl")]).toEqual([
      false,
      true,
    ]);
    const sent: string[] = [];
    const fetch = async (request: Request) => {
      sent.push(request.url);
      return new Response("{}", { status: 200, headers: { "content-type": "application/json" } });
    };
    const given = { accessToken: KEY, operationInstanceUrl: "http://127.0.0.1:9" };
    expect((await executeToolDefinition(tool("acme_zq_get_settings"), given, { fetch })).success).toBe(true);
    expect((await executeToolDefinition(tool("acme_zq_orders"), given, { fetch })).success).toBe(false);
    expect(sent).toEqual(["http://127.0.0.1:9/zq_setup/settings"]);
  });

  // `https://api.example.com{basePath}` (default `/v1`): the variable is the path, and the host is the document's.
  it("a variable after the host whose default is a path is no instance address", () => {
    const server = { url: "https://zqapiz.zqacme.test{zqBase}", variables: { zqBase: { default: "/zq/v1" } } };
    const document = openapi({
      "/zq_disputes": { get: { operationId: "zqDispute", servers: [server], responses: answer } },
    });
    const own = drafted(document, ["zqDispute"]).manifest.operations.acme_zq_dispute?.server;
    expect(typeof own === "object" && "param" in own).toBe(false);
  });
});
