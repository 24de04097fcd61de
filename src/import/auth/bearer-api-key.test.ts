// A bearer scheme whose own words call what it carries an API key ("The API key to use for authentication", an
// example `Bearer <YOUR_API_KEY_HERE>`, a scheme named ApiKeyAuth) was drafted `accessToken`, "Access token": a user
// holding a key read "accessToken: is required" and looked for a sign-in. It is the key, sent as a bearer token.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, openapi, reply, sentHeaders } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const ok = { "200": reply({ type: "object", properties: { count: { type: "integer" } } }) };
const document = (name: string, bearer: Record<string, unknown>) =>
  openapi(
    { "/zqledgers": { get: { operationId: "listZqLedgers", responses: ok } } },
    { securitySchemes: { [name]: { type: "http", scheme: "bearer", ...bearer } } },
    { security: [{ [name]: [] }] },
  );

describe("a bearer scheme that carries an API key", () => {
  it("is drafted apiKey, titled API key, and sent as a bearer token", async () => {
    for (const [name, words] of [
      ["token", { description: "The API key to use for authentication" }],
      ["Bearer", { "x-speakeasy-example": "Bearer <YOUR_API_KEY_HERE>" }],
      ["ZqApiKeyAuth", {}],
      ["http", { description: "Your secret API key, prefixed zq_live_ or zq_test_." }],
    ] as const) {
      const d = drafted(document(name, words), ["listZqLedgers"]);
      expect([name, d.manifest.auth?.param]).toEqual([name, "apiKey"]);
      expect(d.manifest.params?.apiKey).toMatchObject({ title: "API key", secret: true });
      expect(String(d.manifest.params?.apiKey?.description)).toMatch(/The API key, sent as a bearer token/);
      expect(await linkProblems(d)).toEqual([]);
      const headers = await sentHeaders(d, { apiKey: "zq-key-0000000001" });
      expect(headers.get("authorization")).toBe("Bearer zq-key-0000000001");
    }
  });

  it("stays an access token where its words say a sign-in issues it, or say nothing of a key", () => {
    for (const words of [
      {},
      { bearerFormat: "JWT", description: "A JWT; exchange your API key for it at /zqauth" },
      { description: "An OAuth 2 access token, or your API key" },
    ]) {
      const d = drafted(document("ZqBearer", words), ["listZqLedgers"]);
      expect(d.manifest.auth?.param).toBe("accessToken");
      expect(d.manifest.params?.accessToken).toMatchObject({ title: "Access token" });
    }
  });
});

describe("a bearer API key beside another way carrying a key", () => {
  it("keeps each way's input, none numbered", () => {
    const doc = openapi(
      { "/zqledgers": { get: { operationId: "listZqLedgers", responses: ok } } },
      {
        securitySchemes: {
          zqBearer: { type: "http", scheme: "bearer", description: "Authorization: Bearer <api_key>" },
          zqBasic: { type: "http", scheme: "basic", description: "Authorization: Basic <api_key>" },
        },
      },
      { security: [{ zqBasic: [] }, { zqBearer: [] }] },
    );
    const names = Object.keys(drafted(doc, ["listZqLedgers"]).manifest.params ?? {});
    expect(names.filter((n) => /\d$/.test(n))).toEqual([]);
  });
});
