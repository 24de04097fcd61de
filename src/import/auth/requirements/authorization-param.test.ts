// A required `Authorization` header parameter showing its scheme (`Bearer ZQ_OAUTH_TOKEN`, `Token <key>`) beside a key
// the document takes as a parameter, or beside a declared scheme. OpenAPI ignores such a parameter and the draft never
// drafts it, so the token it describes was never sent: every call of those operations failed upstream. It is drafted
// as the credential it shows now, sent with the other where the operation requires both, and never printed.
import { rmSync } from "node:fs";
import { executeToolDefinition, type ToolSpec } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import {
  type Json,
  draftWorkFolder,
  drafted,
  linkedTools,
  linkProblems,
  openapi,
  reply,
} from "../../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const text = { type: "string" };
const key = { name: "X-Zq-Api-Key", in: "header", required: true, description: "API_KEY", schema: text };
const authorization = (shown: Json) => ({ name: "Authorization", in: "header", required: true, ...shown });
const op = (operationId: string, parameters: unknown[]) => ({
  get: {
    operationId,
    parameters,
    responses: { "200": reply({ type: "object", properties: { id: text } }, { id: "z1" }) },
  },
});

/** The headers each call sends, and what it returns. */
async function called(tool: ToolSpec, params: Record<string, unknown>) {
  const seen: { authorization: string | null; key: string | null }[] = [];
  const fetch = async (r: Request) => {
    seen.push({ authorization: r.headers.get("authorization"), key: r.headers.get("x-zq-api-key") });
    return new Response('{"id":"z1"}', { headers: { "content-type": "application/json" } });
  };
  const result = await executeToolDefinition(tool, params, { fetch, baseUrl: "http://127.0.0.1:9" });
  return { seen, result };
}

describe("a required Authorization header parameter beside the document's key parameter", () => {
  const doc = openapi(
    {
      "/zqmine": op("getZqMine", [
        key,
        { $ref: "#/components/parameters/ZqAuthorization" },
        { name: "zqPage", in: "query", schema: text },
      ]),
      "/zqpublic": op("getZqPublic", [key]),
    },
    {
      securitySchemes: {},
      parameters: {
        ZqAuthorization: authorization({
          description: "Bearer ZQ_OAUTH_TOKEN",
          schema: { type: "string", default: "Bearer ZQ_OAUTH_TOKEN" },
        }),
      },
    },
  );
  delete doc.security;

  it("drafts the bearer token it shows with the key, sends both where required, and prints neither", async () => {
    const d = drafted(doc, ["getZqMine", "getZqPublic"], "zqradio");
    expect(d.manifest.auth).toMatchObject({
      scheme: "authorizationBearer",
      param: "accessToken",
      also: [{ scheme: "apiKeyAuth", param: "apiKey" }],
      alternatives: [{ scheme: "apiKeyAuth", param: "apiKey" }],
    });
    expect(d.manifest.params?.accessToken).toMatchObject({ secret: true });
    expect(d.manifest.params?.apiKey).toMatchObject({ secret: true });
    expect(d.openapiText).toContain("Added by blockwright add");
    expect(d.manifestText).toContain("require the Authorization header parameter");
    expect(d.manifestText).not.toContain("ZQ_OAUTH_TOKEN");
    expect(await linkProblems(d, "zqradio")).toEqual([]);
    const [mine, open] = await linkedTools(d, "zqradio");
    const secrets = { accessToken: "zq-token-secret-1", apiKey: "zq-key-secret-2" };
    const both = await called(mine as ToolSpec, secrets);
    expect(both.seen).toEqual([{ authorization: "Bearer zq-token-secret-1", key: "zq-key-secret-2" }]);
    expect(both.result.success).toBe(true);
    const keyOnly = await called(open as ToolSpec, secrets);
    expect(keyOnly.seen).toEqual([{ authorization: null, key: "zq-key-secret-2" }]);
    // Without the token the operation requiring it is refused before any request, the secret given not printed.
    const without = await called(mine as ToolSpec, { apiKey: "zq-key-secret-2" });
    expect(without.seen).toEqual([]);
    expect(without.result).toMatchObject({ success: false, error: { param: "accessToken", rule: "required" } });
    expect(JSON.stringify([both.result, keyOnly.result, without.result])).not.toMatch(/zq-(token|key)-secret/);
  });
});

describe("a required Authorization header parameter beside a declared scheme", () => {
  it("sends the credential its example shows after its word, with the declared key", async () => {
    const doc = openapi(
      { "/zqmine": op("getZqMine", [authorization({ schema: text, example: "Token zq-abc" })]) },
      { securitySchemes: { zqKey: { type: "apiKey", in: "header", name: "X-Zq-Api-Key" } } },
      { security: [{ zqKey: [] }] },
    );
    const d = drafted(doc, ["getZqMine"], "zqradio");
    const auth = d.manifest.auth as { scheme: string; also?: { scheme: string; param: string }[] };
    expect([auth.scheme, ...(auth.also ?? []).map((a) => a.scheme)].sort()).toEqual(["authorizationToken", "zqKey"]);
    expect(await linkProblems(d, "zqradio")).toEqual([]);
    const [tool] = await linkedTools(d, "zqradio");
    const { seen } = await called(tool as ToolSpec, {
      authorizationToken: "zq-token-secret-1",
      xZqApiKey: "zq-key-secret-2",
    });
    expect(seen).toEqual([{ authorization: "Token zq-token-secret-1", key: "zq-key-secret-2" }]);
  });

  it("reads one a declared scheme already sends in Authorization as that scheme, nothing added", () => {
    const doc = openapi({
      "/zqmine": op("getZqMine", [authorization({ schema: { type: "string", default: "Bearer ZQ_TOKEN" } })]),
    });
    const d = drafted(doc, ["getZqMine"], "zqradio");
    expect(d.manifest.auth).toEqual({ scheme: "bearer", param: "accessToken" });
    expect(d.openapiText).not.toContain("authorizationBearer");
  });
});

describe("a required Authorization header parameter in a document that declares no scheme and takes no key", () => {
  it("sends HTTP basic where the parameter shows it; the other operations keep an optional bearer token", async () => {
    const doc = openapi(
      {
        "/zqtoken": op("postZqToken", [
          authorization({ description: "Equal to 'Basic xx', the client id and secret." }),
        ]),
        "/zqitems": op("getZqItems", []),
      },
      { securitySchemes: {} },
    );
    delete doc.security;
    const d = drafted(doc, ["postZqToken", "getZqItems"], "zqradio");
    expect(d.manifest.auth).toMatchObject({
      scheme: "bearerAuth",
      param: "accessToken",
      alternatives: [{ scheme: "authorizationBasic", param: "password", user: "username" }],
    });
    expect(await linkProblems(d, "zqradio")).toEqual([]);
    const tools = await linkedTools(d, "zqradio");
    const token = tools.find((t) => t.id === "zqradio_post_zq_token");
    const items = tools.find((t) => t.id === "zqradio_get_zq_items");
    const basic = await called(token as ToolSpec, { username: "zq-id", password: "zq-pass-secret" });
    expect(basic.seen).toEqual([{ authorization: `Basic ${btoa("zq-id:zq-pass-secret")}`, key: null }]);
    expect((await called(items as ToolSpec, { accessToken: "zq-token-secret-1" })).seen).toEqual([
      { authorization: "Bearer zq-token-secret-1", key: null },
    ]);
    expect((await called(items as ToolSpec, {})).seen).toEqual([{ authorization: null, key: null }]);
  });
});
