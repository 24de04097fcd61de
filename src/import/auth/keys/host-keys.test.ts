// A key scheme naming the API's host (a gateway's `X-RapidAPI-Host` beside its `X-RapidAPI-Key`): the draft took the
// key and never sent the host, so the gateway answered 4xx. It is a header parameter now, its value the gateway's
// server host, never secret.
import { rmSync } from "node:fs";
import { executeToolDefinition, type ToolSpec } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { type Json, draftWorkFolder, drafted, linkedTools, linkProblems, reply } from "../../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const text = { type: "string" };
const op = (operationId: string) => ({
  get: { operationId, responses: { "200": reply({ type: "object", properties: { id: text } }, { id: "z1" }) } },
});
const key = (name: string) => ({ type: "apiKey", in: "header", name });

/** The document: two servers, the gateway's second; the key and host schemes, as `security` says (or none). */
function document(security?: unknown[]): Json {
  return {
    openapi: "3.0.3",
    info: { title: "Zq", version: "1" },
    servers: [{ url: "https://api.zqhost.test" }, { url: "https://zqhost.p.zqgate.test/v1" }],
    paths: { "/zqitems": op("getZqItems") },
    components: {
      securitySchemes: {
        ZqHost: key("x-zqgate-host"),
        ZqKey: key("x-zqgate-key"),
        ZqDirect: key("X-Zq-Api-Key"),
      },
    },
    ...(security ? { security } : {}),
  };
}

async function headersSent(tool: ToolSpec, params: Record<string, unknown>) {
  const seen: Record<string, string>[] = [];
  const fetch = async (r: Request) => {
    seen.push(Object.fromEntries([...r.headers].filter(([n]) => n.startsWith("x-"))));
    return new Response('{"id":"z1"}', { headers: { "content-type": "application/json" } });
  };
  const result = await executeToolDefinition(tool, params, { fetch, baseUrl: "http://127.0.0.1:9" });
  return { seen, result };
}

describe("a key scheme naming the API's host", () => {
  it("with no requirement: the key is the credential, the host a header sent with the gateway's host", async () => {
    const doc = document();
    delete (doc.components as Json).securitySchemes.ZqDirect;
    const d = drafted(doc, ["getZqItems"], "zqhost");
    expect(d.manifest.auth).toEqual({ scheme: "ZqKey", param: "apiKey" });
    const params = (d.manifest.operations as Json).zqhost_get_zq_items.params;
    expect(params.xZqgateHost).toMatchObject({ required: true, default: "zqhost.p.zqgate.test" });
    expect(params.xZqgateHost.secret).toBeUndefined();
    expect(d.openapiText).toMatch(
      /^# Changed by blockwright add.*ZqHost left out and the header parameter x-zqgate-host/m,
    );
    expect(d.notes.map((n) => n.note).join("\n")).toContain("names the API's host, not a credential");
    expect(await linkProblems(d, "zqhost")).toEqual([]);
    const [tool] = await linkedTools(d, "zqhost");
    const { seen, result } = await headersSent(tool as ToolSpec, { apiKey: "zq-key-secret-1" });
    expect(seen).toEqual([{ "x-zqgate-host": "zqhost.p.zqgate.test", "x-zqgate-key": "zq-key-secret-1" }]);
    expect(JSON.stringify(result)).not.toContain("zq-key-secret-1");
  });

  it("in one of two requirements: the host is optional, sent when the gateway's way is taken", async () => {
    const d = drafted(document([{ ZqDirect: [] }, { ZqHost: [], ZqKey: [] }]), ["getZqItems"], "zqhost");
    const params = (d.manifest.operations as Json).zqhost_get_zq_items.params;
    expect(params.xZqgateHost).toMatchObject({ example: "zqhost.p.zqgate.test" });
    expect(params.xZqgateHost.required).toBeUndefined();
    expect(params.xZqgateHost.secret).toBeUndefined();
    expect(await linkProblems(d, "zqhost")).toEqual([]);
  });
});

describe("a required host header parameter the document gives no value", () => {
  /** The gateway's documents declare the host as a plain required header beside the key (no scheme), here by `$ref`. */
  function declared(): Json {
    return {
      openapi: "3.0.3",
      info: { title: "Zq", version: "1" },
      servers: [{ url: "https://zqhost.p.zqgate.test/api/v1" }],
      paths: {
        "/zqitems": {
          parameters: [{ $ref: "#/components/parameters/ZqHost" }],
          get: {
            operationId: "getZqItems",
            parameters: [{ name: "X-ZqGate-Key", in: "header", required: true, schema: text }],
            responses: { "200": reply({ type: "object", properties: { id: text } }, { id: "z1" }) },
          },
        },
      },
      components: {
        parameters: { ZqHost: { name: "X-ZqGate-Host", in: "header", required: true, description: "", schema: text } },
      },
    };
  }

  it("is sent with the host of the document's server unless the call gives another, never secret", async () => {
    const d = drafted(declared(), ["getZqItems"], "zqhost");
    const params = (d.manifest.operations as Json).zqhost_get_zq_items.params;
    expect(params.xZqGateHost).toMatchObject({ default: "zqhost.p.zqgate.test" });
    expect(params.xZqGateHost.secret).toBeUndefined();
    expect(d.openapiText).toMatch(/^# Changed by blockwright add.*the default zqhost\.p\.zqgate\.test of the header/m);
    expect(d.notes.map((n) => n.note).join("\n")).toContain("names the API's host and the document gives it no value");
    expect(await linkProblems(d, "zqhost")).toEqual([]);
    const [tool] = await linkedTools(d, "zqhost");
    expect(d.manifest.auth).toMatchObject({ param: "apiKey" });
    const given = { apiKey: "zq-key-secret-2" };
    const { seen } = await headersSent(tool as ToolSpec, given);
    expect(seen).toEqual([{ "x-zqgate-host": "zqhost.p.zqgate.test", "x-zqgate-key": "zq-key-secret-2" }]);
    const other = await headersSent(tool as ToolSpec, { ...given, xZqGateHost: "zq.other.test" });
    expect(other.seen[0]?.["x-zqgate-host"]).toBe("zq.other.test");
  });
});
