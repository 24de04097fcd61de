// An application's id sent beside its key (two query key schemes required together, `app_id` and `app_key`):
// the id was titled as a key. An id is no key: its title and description come from its name ("App ID"), and, as its
// name says it is an identifier, it is not marked secret; the key stays the secret "API key". Both are sent.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkedTools, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";
import { executeToolDefinition } from "@blockwright/runtime";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const answer = reply({ type: "object", properties: { count: { type: "integer" } } }, { count: 1 });
const document = openapi(
  { "/zqlines": { get: { operationId: "zqListLines", responses: { "200": answer } } } },
  {
    securitySchemes: {
      zqAppId: { type: "apiKey", in: "query", name: "app_id" },
      zqAppKey: { type: "apiKey", in: "query", name: "app_key" },
    },
  },
  { security: [{ zqAppId: [], zqAppKey: [] }] },
);

describe("an application id sent beside its key", () => {
  it("is titled from its name, not secret; the key is the API key; both sent", async () => {
    const d = drafted(document, ["zqListLines"]);
    const auth = d.manifest.auth as { param: string; also?: { param: string }[] };
    const id = auth.also?.[0]?.param ?? "";
    expect(d.manifest.params?.[auth.param]).toMatchObject({ secret: true });
    expect(d.manifest.params?.[id]).toMatchObject({ title: "App ID" });
    expect(d.manifest.params?.[id]?.secret).toBeUndefined();
    expect(String(d.manifest.params?.[id]?.description)).not.toMatch(/\bkey\b/i);
    expect(await linkProblems(d)).toEqual([]);
    const [tool] = await linkedTools(d);
    const urls: string[] = [];
    const fetch = async (r: Request) => {
      urls.push(r.url);
      return new Response(JSON.stringify({ count: 1 }), { headers: { "content-type": "application/json" } });
    };
    const input = { [auth.param]: "zq-key-0000000001", [id]: "zq-app-1" };
    expect((await executeToolDefinition(tool!, input, { fetch, baseUrl: "http://127.0.0.1:9" })).success).toBe(true);
    const sent = new URL(urls[0] ?? "").searchParams;
    expect([sent.get("app_key"), sent.get("app_id")]).toEqual(["zq-key-0000000001", "zq-app-1"]);
  });
});

const appIdParam = {
  name: "app_id",
  in: "query",
  required: true,
  description: "The application ID assigned to you.",
  schema: { type: "string" },
};
const callerId = openapi(
  {
    "/zqartists/{name}": {
      get: {
        operationId: "zqGetArtist",
        parameters: [{ name: "name", in: "path", required: true, schema: { type: "string" } }, appIdParam],
        responses: { "200": answer },
      },
    },
  },
  { securitySchemes: {} },
  { security: null },
);

describe("an application id every operation takes, no scheme declared", () => {
  it("is the credential titled App ID, not API key, and sent in the query", async () => {
    const d = drafted(callerId, ["zqGetArtist"]);
    const auth = d.manifest.auth as { param: string };
    expect(d.manifest.params?.[auth.param]).toMatchObject({ title: "App ID" });
    expect(await linkProblems(d)).toEqual([]);
    const [tool] = await linkedTools(d);
    const urls: string[] = [];
    const fetch = async (r: Request) => {
      urls.push(r.url);
      return new Response(JSON.stringify({ count: 1 }), { headers: { "content-type": "application/json" } });
    };
    const input = { name: "zq", [auth.param]: "zq-app-0000000001" };
    expect((await executeToolDefinition(tool!, input, { fetch, baseUrl: "http://127.0.0.1:9" })).success).toBe(true);
    expect(new URL(urls[0] ?? "").searchParams.get("app_id")).toBe("zq-app-0000000001");
  });
});
