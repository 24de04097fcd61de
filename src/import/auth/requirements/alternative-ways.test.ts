// A document offering alternatives (an operation's `security` listing two or more requirements: an API key OR an
// OAuth 2 token; a Swagger 2.0 document whose two securityDefinitions are both used) was drafted with one of them and
// a note that another "can be added under auth.alternatives": a caller holding only the other credential could not
// call. The manifest says alternatives (auth.alternatives): add drafts every requirement the operations accept, best
// supported first, each credential parameter optional, and a call sends the way whose parameters it gives.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { executeToolDefinition } from "@blockwright/runtime";
import type { ToolSpec } from "@blockwright/runtime/internal";
import { json, scriptedFetch } from "../../../../test-support/runtime/scripted-fetch.js";
import { convertSwagger2 } from "../../document/swagger2.js";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  reply,
} from "../../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const ok = { "200": reply({ type: "object", properties: { id: { type: "string" } } }) };

/** The one request the draft's tool sends given `params`: its address and headers. */
async function sent(tool: ToolSpec, params: Record<string, unknown>): Promise<{ url: URL; headers: Headers }> {
  const { fetch, seen } = scriptedFetch(json(200, { id: "zq1" }));
  const result = await executeToolDefinition(tool, params, { baseUrl: "http://127.0.0.1:9", fetch, retries: 0 });
  if (!result.success || seen.length !== 1) throw new Error(`the call failed: ${JSON.stringify(result)}`);
  const request = seen[0] as { url: string; headers: Headers };
  return { url: new URL(request.url), headers: request.headers };
}

describe("a document offering alternative security requirements", () => {
  it("an API key OR an OAuth 2 token: both drafted, the key first, and each sent alone", async () => {
    const oauth = {
      type: "oauth2",
      flows: {
        authorizationCode: { authorizationUrl: "https://zq.test/a", tokenUrl: "https://zq.test/t", scopes: {} },
      },
    };
    const document = openapi(
      { "/zqwidgets": { get: { operationId: "listZqWidgets", responses: ok } } },
      { securitySchemes: { zqKey: { type: "apiKey", in: "header", name: "X-Zq-Key" }, zqOauth: oauth } },
      { security: [{ zqOauth: [] }, { zqKey: [] }] },
    );
    const d = drafted(document, ["listZqWidgets"]);
    expect(d.manifest.auth).toEqual({
      scheme: "zqKey",
      param: "apiKey",
      alternatives: [{ scheme: "zqOauth", param: "accessToken" }],
    });
    expect(d.manifest.params?.apiKey).toMatchObject({ secret: true, required: false });
    expect(d.manifest.params?.accessToken).toMatchObject({ secret: true, required: false });
    const note = notesAt(d, "auth").join("\n");
    expect(note).toContain("accept any of 2 security requirements: each drafted as a way to authenticate");
    expect(note).toContain("first zqKey (apiKey in header X-Zq-Key), as the runtime sends it most simply");
    expect(await linkProblems(d)).toEqual([]);
    const [tool] = (await linkedTools(d)) as [ToolSpec];
    const byKey = await sent(tool, { apiKey: "zq-key-0000000001" });
    expect(byKey.headers.get("x-zq-key")).toBe("zq-key-0000000001");
    expect(byKey.headers.get("authorization")).toBeNull();
    const byToken = await sent(tool, { accessToken: "zq-token-0000000001" });
    expect(byToken.headers.get("authorization")).toBe("Bearer zq-token-0000000001");
    expect(byToken.headers.get("x-zq-key")).toBeNull();
  });

  it("a Swagger 2.0 document's two securityDefinitions both used: a query key or HTTP basic", async () => {
    const swagger = {
      swagger: "2.0",
      info: { title: "Zq", version: "1" },
      host: "api.zq.test",
      schemes: ["https"],
      securityDefinitions: {
        zqQueryKey: { type: "apiKey", in: "query", name: "zq_key" },
        zqLogin: { type: "basic" },
      },
      security: [{ zqQueryKey: [] }, { zqLogin: [] }],
      paths: {
        "/zqorders": {
          get: {
            operationId: "listZqOrders",
            produces: ["application/json"],
            responses: {
              "200": { description: "ok", schema: { type: "object", properties: { id: { type: "string" } } } },
            },
          },
        },
      },
    };
    const document = convertSwagger2(swagger);
    const d = drafted(document, ["listZqOrders"]);
    expect(d.manifest.auth).toEqual({
      scheme: "zqQueryKey",
      param: "apiKey",
      alternatives: [{ scheme: "zqLogin", param: "password", user: "username" }],
    });
    expect(await linkProblems(d)).toEqual([]);
    const [tool] = (await linkedTools(d)) as [ToolSpec];
    const byKey = await sent(tool, { apiKey: "zq-key-0000000001" });
    expect(byKey.url.searchParams.get("zq_key")).toBe("zq-key-0000000001");
    expect(byKey.headers.get("authorization")).toBeNull();
    const byLogin = await sent(tool, { username: "zq-user", password: "zq-pass-000001" });
    expect(byLogin.headers.get("authorization")).toBe(`Basic ${btoa("zq-user:zq-pass-000001")}`);
    expect(byLogin.url.searchParams.has("zq_key")).toBe(false);
  });

  it("a requirement signing each request (AWS Signature Version 4) takes none: drafted alone, as before", async () => {
    const sigv4 = { type: "apiKey", in: "header", name: "Authorization", "x-amazon-apigateway-authtype": "awsSigv4" };
    const document = openapi(
      { "/zqwidgets": { get: { operationId: "listZqWidgets", responses: ok } } },
      { securitySchemes: { zqSigned: sigv4, zqKey: { type: "apiKey", in: "header", name: "X-Zq-Key" } } },
      { security: [{ zqSigned: [] }, { zqKey: [] }] },
    );
    const d = drafted(document, ["listZqWidgets"]);
    expect(d.manifest.auth).toMatchObject({ scheme: "zqSigned", sigv4: expect.any(Object) });
    expect(d.manifest.auth.alternatives).toBeUndefined();
    expect(await linkProblems(d)).toEqual([]);
  });

  it("a scheme no operation names is no alternative: the document's best one alone, as before", () => {
    const document = openapi(
      { "/zqwidgets": { get: { operationId: "listZqWidgets", responses: ok } } },
      {
        securitySchemes: {
          zqKey: { type: "apiKey", in: "header", name: "X-Zq-Key" },
          zqLogin: { type: "http", scheme: "basic" },
        },
      },
      { security: null },
    );
    const d = drafted(document, ["listZqWidgets"]);
    expect(d.manifest.auth).toEqual({ scheme: "zqKey", param: "apiKey" });
  });
});
