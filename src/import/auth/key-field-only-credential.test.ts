// A document that declares no security scheme whose JSON request bodies carry the key as a top-level field
// (`{"zxapi_key": "...", "title": ...}`): add drafted a bearer token the API never reads beside a per-operation secret
// input `zxapi_key`, so a user typed the key into every call. The field is the document's only credential: it is now
// sent from the credential (auth.alsoSends alone, no scheme), given once. A field that names another key stays an
// input: a key's id (`zxapi_key_id`) and the bare `key`/`name` a `POST /zxapi-keys` body gives the key it creates.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, judgedCall, linkedTools, linkProblems, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const KEY = "zx-key-0000000000000000000001";
const text = { type: "string" };
const made = { "200": reply({ type: "object", properties: { id: text } }, { id: "1" }) };
const body = (properties: Record<string, unknown>, required: string[]) => ({
  required: true,
  content: { "application/json": { schema: { type: "object", required, properties } } },
});
const document = {
  openapi: "3.0.3",
  info: { title: "Zentorax API", version: "1" },
  servers: [{ url: "https://api.acme.test" }],
  paths: {
    "/zxnotes": {
      post: {
        operationId: "makeZxNote",
        requestBody: body({ zxapi_key: text, title: text }, ["zxapi_key", "title"]),
        responses: made,
      },
    },
    "/zxapi-keys": {
      post: {
        operationId: "makeZxApiKey",
        requestBody: body({ zxapi_key: text, key: text, name: text, zxapi_key_id: text }, ["zxapi_key", "key", "name"]),
        responses: made,
      },
    },
  },
};

describe("a key-named top-level JSON body field, the document's only credential", () => {
  it("is sent from the credential alone, never an input, and other keys' fields stay inputs", async () => {
    const d = drafted(document, ["makeZxNote", "makeZxApiKey"]);
    expect(d.manifest.auth).toEqual({ param: "apiKey", alsoSends: [{ in: "body", name: "zxapi_key" }] });
    expect(d.openapiText).not.toContain("securitySchemes");
    expect(d.manifest.params?.apiKey).toMatchObject({ secret: true, required: true });
    const ops = d.manifest.operations;
    expect(Object.keys(ops.acme_make_zx_note?.params ?? {})).toEqual(["title"]);
    expect(Object.keys(ops.acme_make_zx_api_key?.params ?? {}).sort()).toEqual(["key", "name", "zxapi_key_id"]);
    expect(await linkProblems(d)).toEqual([]);
    const tools = await linkedTools(d);
    const note = tools.find((t) => t.id === "acme_make_zx_note");
    const { sent, judged } = await judgedCall(d, note!, { apiKey: KEY, title: "zx" });
    expect(sent.headers.get("authorization")).toBeNull();
    expect(JSON.parse(new TextDecoder().decode(sent.body))).toEqual({ zxapi_key: KEY, title: "zx" });
    expect(judged.refusals).toEqual([]);
  });
});
