// An OAuth 2 client credentials flow beside a `Client-ID`/`Client-Secret` header pair of the same client: add drafted
// two copies of the client, `clientId`/`clientSecret` for the headers and `clientId2`/`clientSecret2` for the flow,
// though the caller holds one pair. One client is one pair of inputs, reaching both places: the flow's token request
// and, as the other way, the two headers.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { executeToolDefinition } from "@blockwright/runtime";
import { draftWorkFolder, drafted, linkedTools, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const document = openapi(
  {
    "/zqpupils": {
      get: {
        operationId: "listZqPupils",
        responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) },
      },
    },
  },
  {
    securitySchemes: {
      ZqClientId: { type: "apiKey", in: "header", name: "Client-ID" },
      ZqClientSecret: { type: "apiKey", in: "header", name: "Client-Secret" },
      ZqOAuth: { type: "oauth2", flows: { clientCredentials: { tokenUrl: "/oauth/token", scopes: {} } } },
    },
  },
  { security: [{ ZqOAuth: [] }, { ZqClientId: [], ZqClientSecret: [] }] },
);

describe("a client credentials flow beside a header pair of the same client", () => {
  it("drafts one client id and secret, used by the flow and sent as the headers", async () => {
    const d = drafted(document, ["listZqPupils"]);
    const params = Object.keys(d.manifest.params ?? {});
    expect(params.filter((p) => /^client/i.test(p)).sort()).toEqual(["clientId", "clientSecret"]);
    expect(d.manifest.auth.flows?.clientCredentials).toMatchObject({
      clientId: "clientId",
      clientSecret: "clientSecret",
    });
    expect(d.manifest.params?.clientSecret).toMatchObject({ secret: true });
    expect(await linkProblems(d)).toEqual([]);
    const [tool] = await linkedTools(d);
    const sent: { url: string; headers: Record<string, string>; body: string }[] = [];
    const fetch = async (r: Request) => {
      sent.push({ url: r.url, headers: Object.fromEntries(r.headers), body: await r.text() });
      const body = r.url.endsWith("/oauth/token")
        ? { access_token: "zq-issued-0001", token_type: "Bearer", expires_in: 3600 }
        : { id: "1" };
      return new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
    };
    const input = { clientId: "zq-client-1", clientSecret: "zq-secret-0000000001" };
    const result = await executeToolDefinition(tool!, input, { fetch, baseUrl: "https://api.acme.test", retries: 0 });
    expect(result.success).toBe(true);
    expect(sent.at(-1)?.url).toBe("https://api.acme.test/zqpupils");
    const last = sent.at(-1)?.headers ?? {};
    const viaFlow = last.authorization === "Bearer zq-issued-0001";
    const viaHeaders = last["client-id"] === "zq-client-1" && last["client-secret"] === "zq-secret-0000000001";
    expect(viaFlow || viaHeaders).toBe(true);
  });
});
