// A document whose operations take an OAuth 2 token from a client credentials flow or an HTTP bearer token (a JWT):
// both are a bearer token in the Authorization header (a logging platform's cloud API, newvendors66). Before, the
// bearer way was drafted first and the OAuth way as an alternative: its flow was not drafted (auth.flows are the
// first way's) and its token was a second parameter sending what the first sent, so a caller holding the client's id
// and secret could not call. Now the OAuth way alone, its flow drafted, its access token given as it is or obtained.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { executeToolDefinition } from "@blockwright/runtime";
import type { ToolSpec } from "@blockwright/runtime/internal";
import { json, scriptedFetch } from "../../../../test-support/runtime/scripted-fetch.js";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  reply,
  type Json,
} from "../../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const ok = { "200": reply({ type: "object", properties: { id: { type: "string" } } }) };
const schemes = {
  zqClient: {
    type: "oauth2",
    flows: { clientCredentials: { tokenUrl: "https://login.zqshelf.test/oauth/token", scopes: {} } },
  },
  zqJwt: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
};
const doc = (security: Json[], more: Json = {}) =>
  openapi(
    { "/zqshelves": { get: { operationId: "listZqShelves", responses: ok } } },
    { securitySchemes: { ...schemes, ...more } },
    { servers: [{ url: "https://gateway.zqshelf.test" }], security },
  );

describe("an OAuth 2 client credentials way beside an HTTP bearer way", () => {
  it("is drafted alone, its flow with it, in either order of the document", async () => {
    for (const security of [
      [{ zqClient: [] }, { zqJwt: [] }],
      [{ zqJwt: [] }, { zqClient: [] }],
    ]) {
      const d = drafted(doc(security), ["listZqShelves"]);
      expect(d.manifest.auth).toEqual({
        scheme: "zqClient",
        param: "accessToken",
        flows: {
          clientCredentials: {
            tokenUrl: "https://login.zqshelf.test/oauth/token",
            clientId: "clientId",
            clientSecret: "clientSecret",
            clientAuth: "basic",
          },
        },
      });
      expect(Object.keys(d.manifest.params ?? {}).sort()).toEqual(["accessToken", "clientId", "clientSecret"]);
      expect(notesAt(d, "auth").join("\n")).toContain(
        "security scheme zqJwt (http bearer) sends a token as security scheme zqClient's access token is sent",
      );
      expect(await linkProblems(d)).toEqual([]);
    }
  });

  it("sends a token given as it is, or the one its flow obtains, as a bearer token", async () => {
    const d = drafted(doc([{ zqClient: [] }, { zqJwt: [] }]), ["listZqShelves"]);
    const [tool] = (await linkedTools(d)) as [ToolSpec];
    const given = scriptedFetch(json(200, { id: "s1" }));
    const byToken = await executeToolDefinition(
      tool,
      { accessToken: "zq-jwt-0000000001" },
      { baseUrl: "http://127.0.0.1:9", fetch: given.fetch, retries: 0 },
    );
    expect(byToken.success).toBe(true);
    expect(given.seen.map((r) => r.headers.get("authorization"))).toEqual(["Bearer zq-jwt-0000000001"]);
    const flow = scriptedFetch(
      json(200, { access_token: "zq-issued-1", token_type: "Bearer", expires_in: 3600 }),
      json(200, { id: "s1" }),
    );
    const byClient = await executeToolDefinition(
      tool,
      { clientId: "zq-app", clientSecret: "zq-secret-00000001" },
      { baseUrl: "http://127.0.0.1:9", fetch: flow.fetch, retries: 0 },
    );
    expect(byClient.success).toBe(true);
    expect(flow.seen.map((r) => new URL(r.url).pathname)).toEqual(["/oauth/token", "/zqshelves"]);
    expect(flow.seen[1]?.headers.get("authorization")).toBe("Bearer zq-issued-1");
  });

  it("keeps a bearer way some operation takes without the OAuth way, and other kinds of ways", () => {
    const apart = openapi(
      {
        "/zqshelves": { get: { operationId: "listZqShelves", responses: ok } },
        "/zqbins": { get: { operationId: "listZqBins", security: [{ zqJwt: [] }], responses: ok } },
      },
      { securitySchemes: schemes },
      { servers: [{ url: "https://gateway.zqshelf.test" }], security: [{ zqClient: [] }, { zqJwt: [] }] },
    );
    const both = drafted(apart, ["listZqShelves", "listZqBins"]);
    expect(both.manifest.auth.scheme).toBe("zqJwt");
    expect(both.manifest.auth.alternatives).toEqual([{ scheme: "zqClient", param: "zqClient" }]);
    const keyed = drafted(
      doc([{ zqKey: [] }, { zqClient: [] }], { zqKey: { type: "apiKey", in: "header", name: "X-Zq-Key" } }),
      ["listZqShelves"],
    );
    expect(keyed.manifest.auth.scheme).toBe("zqKey");
    expect(keyed.manifest.auth.alternatives).toEqual([{ scheme: "zqClient", param: "accessToken" }]);
  });
});
