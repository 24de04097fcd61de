// A document declaring OAuth 2 schemes only (implicit and authorization code: a person's browser), whose every
// operation takes a query `key`, "API key. … Required unless you provide an OAuth 2.0 token", was drafted with the
// token required and `key` a plain secret parameter: a caller holding only the key was refused "accessToken: is
// required". The key is drafted as a way of its own (auth.alternatives), an API key scheme added to the cut and
// accepted by each operation's security, first where the OAuth flows are interactive only; every credential optional.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import jsyaml from "js-yaml";
import { executeToolDefinition } from "@blockwright/runtime";
import type { ToolSpec } from "@blockwright/runtime/internal";
import { json, scriptedFetch } from "../../../test-support/runtime/scripted-fetch.js";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  reply,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const ok = { "200": reply({ type: "object", properties: { id: { type: "string" } } }) };
const param = (name: string, where: string, description: string) => ({
  name,
  in: where,
  description,
  schema: { type: "string" },
});
const KEY_WORDS =
  "API key. Your API key identifies your project and provides you with API access, quota, and reports. Required " +
  "unless you provide an OAuth 2.0 token.";
const browserOauth = {
  zqImplicit: {
    type: "oauth2",
    flows: { implicit: { authorizationUrl: "https://zq.test/a", scopes: { openid: "you" } } },
  },
  zqCode: {
    type: "oauth2",
    flows: {
      authorizationCode: {
        authorizationUrl: "https://zq.test/a",
        tokenUrl: "https://zq.test/t",
        scopes: { openid: "you" },
      },
    },
  },
};

/** A document of two operations taking the path item's `key` (as `$ref`s), under `security` and these schemes. */
function keyed(keyWords: string, schemes: Record<string, unknown>, security: unknown[], where = "query") {
  const op = (operationId: string) => ({ get: { operationId, security, responses: ok } });
  const shared = { $ref: "#/components/parameters/zqKey" };
  return openapi(
    {
      "/zqpages": { parameters: [shared, param("access_token", "query", "OAuth access token.")], ...op("listZqPages") },
      "/zqpages/{zqId}": {
        parameters: [shared, { name: "zqId", in: "path", required: true, schema: { type: "string" } }],
        ...op("getZqPage"),
      },
    },
    {
      securitySchemes: schemes,
      parameters: { zqKey: param(where === "query" ? "key" : "X-Zq-Api-Key", where, keyWords) },
    },
    { security: [] },
  );
}

/** The one request a tool sends given `params` (its address and headers), or the refusal of the call. */
async function call(tool: ToolSpec, params: Record<string, unknown>) {
  const { fetch, seen } = scriptedFetch(json(200, { id: "zq1" }));
  const result = await executeToolDefinition(tool, params, { baseUrl: "http://127.0.0.1:9", fetch, retries: 0 });
  const request = seen[0] as { url: string; headers: Headers } | undefined;
  return { result, sent: seen.length, url: request && new URL(request.url), headers: request?.headers };
}

describe("an API key parameter beside the declared schemes", () => {
  it("beside OAuth a browser meets: the key drafted first as an added scheme, each way sent alone", async () => {
    const document = keyed(KEY_WORDS, browserOauth, [{ zqImplicit: ["openid"], zqCode: ["openid"] }]);
    const d = drafted(document, ["listZqPages", "getZqPage"], "zqpages");
    expect(d.manifest.auth.scheme).toBe("apiKeyAuth");
    expect(d.manifest.auth.param).toBe("apiKey");
    expect(d.manifest.auth.alternatives?.[0]).toMatchObject({ scheme: "zqCode", param: "accessToken" });
    expect(d.manifest.auth.alternatives).toHaveLength(1);
    expect(d.manifest.params?.apiKey).toMatchObject({ secret: true, required: false });
    expect(d.manifest.params?.accessToken).toMatchObject({ secret: true, required: false });
    expect(d.manifest.operations.zqpages_list_zq_pages?.params?.key).toBeUndefined();
    expect(d.manifest.operations.zqpages_get_zq_page?.params?.key).toBeUndefined();
    // The OAuth token's query copy stays covered by the token beside the key's slot.
    expect(d.manifest.operations.zqpages_list_zq_pages?.params?.access_token).toBeUndefined();
    expect(d.manifest.auth.covers).toContain("access_token");
    expect(notesAt(d, "operations.zqpages_list_zq_pages").join("\n")).toContain(
      'query parameter "access_token" repeats the credential that security scheme zqCode sends ' +
        "(auth.param accessToken)",
    );
    const cut = jsyaml.load(d.openapiText) as {
      components: { securitySchemes: { apiKeyAuth: { description?: string } } };
      paths: { "/zqpages": { get: { security: unknown } } };
    };
    expect(cut.components.securitySchemes.apiKeyAuth).toMatchObject({ type: "apiKey", in: "query", name: "key" });
    expect(cut.components.securitySchemes.apiKeyAuth.description).toMatch(/^Added by blockwright add/);
    expect(cut.paths["/zqpages"].get.security).toEqual([
      { zqImplicit: ["openid"], zqCode: ["openid"] },
      { apiKeyAuth: [] },
    ]);
    expect(d.openapiText).toContain("components.securitySchemes.apiKeyAuth");
    const note = notesAt(d, "auth").join("\n");
    expect(note).toContain("Required unless you provide an OAuth 2.0 token.");
    expect(note).toContain("drafted as a way to authenticate of its own (auth.alternatives, first)");
    expect(await linkProblems(d, "zqpages")).toEqual([]);
    const tool = (await linkedTools(d, "zqpages")).find((t) => t.id === "zqpages_get_zq_page") as ToolSpec;
    const byKey = await call(tool, { zqId: "p1", apiKey: "zq-key-0000000001" });
    expect(byKey.url?.searchParams.get("key")).toBe("zq-key-0000000001");
    expect(byKey.headers?.get("authorization")).toBeNull();
    const byToken = await call(tool, { zqId: "p1", accessToken: "zq-token-0000000001" });
    expect(byToken.headers?.get("authorization")).toBe("Bearer zq-token-0000000001");
    expect(byToken.url?.searchParams.has("key")).toBe(false);
    const neither = await call(tool, { zqId: "p1" });
    expect(neither.sent).toBe(0);
    expect(JSON.stringify(neither.result)).toMatch(/apiKey: is required; or instead give accessToken/);
  });

  it("words saying it is another way beside a bearer token: the key a way after the document's", async () => {
    const words = "Your API key, instead of a bearer token.";
    const document = keyed(words, { zqBearer: { type: "http", scheme: "bearer" } }, [{ zqBearer: [] }], "header");
    const d = drafted(document, ["listZqPages", "getZqPage"], "zqpages");
    expect(d.manifest.auth).toMatchObject({
      scheme: "zqBearer",
      param: "accessToken",
      alternatives: [{ scheme: "apiKeyAuth", param: "apiKey" }],
    });
    expect(d.manifest.operations.zqpages_list_zq_pages?.params?.["X-Zq-Api-Key"]).toBeUndefined();
    expect(notesAt(d, "auth").join("\n")).toContain("(auth.alternatives, after the document's)");
    expect(await linkProblems(d, "zqpages")).toEqual([]);
    const tool = (await linkedTools(d, "zqpages")).find((t) => t.id === "zqpages_list_zq_pages") as ToolSpec;
    const byKey = await call(tool, { apiKey: "zq-key-0000000001" });
    expect(byKey.headers?.get("x-zq-api-key")).toBe("zq-key-0000000001");
    expect(byKey.headers?.get("authorization")).toBeNull();
  });

  it("no words of another way, but OAuth only a browser meets: the key first all the same", async () => {
    const d = drafted(keyed("Your API key.", browserOauth, [{ zqCode: [] }]), ["listZqPages"], "zqpages");
    expect(d.manifest.auth).toMatchObject({ scheme: "apiKeyAuth", alternatives: [{ scheme: "zqCode" }] });
    expect(notesAt(d, "auth").join("\n")).toContain("OAuth 2 flows that need a person's consent in a browser");
    expect(await linkProblems(d, "zqpages")).toEqual([]);
  });

  it("a sort key, a key beside a program's OAuth without such words, and a key scheme stay as before", () => {
    const sorted = drafted(keyed("The sort key the list is ordered by.", browserOauth, [{ zqCode: [] }]), [
      "listZqPages",
    ]);
    expect(sorted.manifest.auth.alternatives).toBeUndefined();
    expect(sorted.manifest.operations.acme_list_zq_pages?.params?.key?.secret).toBeUndefined();
    const program = {
      zqClient: {
        type: "oauth2",
        flows: { clientCredentials: { tokenUrl: "https://zq.test/t", scopes: {} } },
      },
    };
    const beside = drafted(keyed("Your API key.", program, [{ zqClient: [] }]), ["listZqPages"]);
    expect(beside.manifest.auth).toMatchObject({ scheme: "zqClient" });
    expect(beside.manifest.auth.alternatives).toBeUndefined();
    expect(beside.manifest.operations.acme_list_zq_pages?.params?.key?.secret).toBe(true);
    const ownScheme = { zqKey: { type: "apiKey", in: "query", name: "key" }, ...browserOauth };
    const schemeIsKey = drafted(keyed(KEY_WORDS, ownScheme, [{ zqKey: [] }, { zqCode: [] }]), ["listZqPages"]);
    expect(schemeIsKey.manifest.auth).toMatchObject({ scheme: "zqKey" });
    expect(JSON.stringify(schemeIsKey.manifest.auth)).not.toContain("apiKeyAuth");
    expect(schemeIsKey.openapiText).not.toContain("apiKeyAuth");
  });
});
