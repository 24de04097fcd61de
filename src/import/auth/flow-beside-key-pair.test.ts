// Operations that accept a pair of API keys in headers or an OAuth 2 client credentials flow (`security: [{ZqKeyId,
// ZqKeySecret}, {ZqOAuth}]`): add drafts the flow's way first and the key pair as an alternative. A call giving no
// credential was refused naming the access token and the flow's parameters only ("accessToken: is required (an access
// token), or instead the parameters of an OAuth 2 flow: …"), as if the key pair were not a way: the caller holding the
// keys was not told they would do. The refusal names the other ways too, before any request; each way, given, is sent
// where its requirement puts it.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { executeToolDefinition } from "@blockwright/runtime";
import { authWays, wayParams } from "@blockwright/runtime/internal";
import { draftWorkFolder, drafted, linkedTools, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const document = openapi(
  {
    "/zqshelves": {
      get: {
        operationId: "listZqShelves",
        responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) },
      },
    },
  },
  {
    securitySchemes: {
      ZqKeyId: { type: "apiKey", in: "header", name: "Zq-Key-Id" },
      ZqKeySecret: { type: "apiKey", in: "header", name: "Zq-Key-Secret" },
      ZqOAuth: { type: "oauth2", flows: { clientCredentials: { tokenUrl: "/oauth/token", scopes: {} } } },
    },
  },
  { security: [{ ZqKeyId: [], ZqKeySecret: [] }, { ZqOAuth: [] }] },
);

describe("an OAuth 2 flow beside a pair of API keys, no credential given", () => {
  it("is refused before any request, naming the access token, the flow's parameters and the key pair", async () => {
    const d = drafted(document, ["listZqShelves"]);
    expect(await linkProblems(d)).toEqual([]);
    const [tool] = await linkedTools(d);
    const ways = authWays(tool!.auth);
    expect(ways.length).toBe(2);
    const keys = wayParams(ways[1]!);
    expect(keys.length).toBe(2);
    const requests: string[] = [];
    const result = await executeToolDefinition(
      tool!,
      {},
      {
        baseUrl: "https://api.acme.test",
        fetch: async (r: Request) => {
          requests.push(r.url);
          return new Response("{}", { status: 200, headers: { "content-type": "application/json" } });
        },
        retries: 0,
      },
    );
    expect(requests).toEqual([]);
    expect(result).toMatchObject({ success: false, error: { type: "validation", rule: "required" } });
    const message = result.success ? "" : result.error.message;
    expect(message).toMatch(
      /^accessToken: is required \(an access token\), or instead the parameters of an OAuth 2 flow/,
    );
    expect(message).toContain(`; or instead give ${keys.join(" and ")}`);
  });
});
