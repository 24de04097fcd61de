// A key-named path parameter beside the credential (`/zqfeeds/{apiKey}/items` while the credential, `apiKey`, goes
// in the `X-Zq-Key` header): it was drafted as the plain input `apiKey2`, whose error said "apiKey2: is required",
// telling a caller nothing of which key is meant. A value other than the credential keeps a name users recognise:
// the path's word before it and its own name (`zqfeedsApiKey`); the credential keeps `apiKey`; each sent at its place.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { executeToolDefinition } from "@blockwright/runtime";
import { draftWorkFolder, drafted, linkedTools, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const document = openapi(
  {
    "/zqfeeds/{apiKey}/items": {
      get: {
        operationId: "zqFeedItems",
        parameters: [{ name: "apiKey", in: "path", required: true, schema: { type: "string" } }],
        responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) },
      },
    },
  },
  { securitySchemes: { zqKey: { type: "apiKey", in: "header", name: "X-Zq-Key" } } },
  { security: [{ zqKey: [] }] },
);

describe("a key-named path parameter beside the credential", () => {
  it("is named by its place's word, never apiKey2, and each key goes where the document puts it", async () => {
    const d = drafted(document, ["zqFeedItems"]);
    expect(d.manifest.auth).toMatchObject({ param: "apiKey" });
    const op = Object.values(d.manifest.operations)[0] as { params?: Record<string, unknown> };
    const names = Object.keys({ ...op.params, ...d.manifest.params });
    expect(names).not.toContain("apiKey2");
    expect(names).toContain("zqfeedsApiKey");
    expect(await linkProblems(d)).toEqual([]);
    const [tool] = await linkedTools(d);
    const sent: { url: string; key: string | null }[] = [];
    const fetch = async (r: Request) => {
      sent.push({ url: r.url, key: r.headers.get("x-zq-key") });
      return new Response(JSON.stringify({ id: "1" }), { headers: { "content-type": "application/json" } });
    };
    const input = { apiKey: "zq-key-0000000001", zqfeedsApiKey: "feed key/1" };
    const result = await executeToolDefinition(tool!, input, { fetch, baseUrl: "http://127.0.0.1:9" });
    expect(result.success).toBe(true);
    expect(sent).toEqual([{ url: "http://127.0.0.1:9/zqfeeds/feed%20key%2F1/items", key: "zq-key-0000000001" }]);
  });
});
