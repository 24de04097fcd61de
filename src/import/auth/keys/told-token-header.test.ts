// A document that declares no security scheme, whose sign-in operation says in words which header carries the token it
// hands out ("must be sent in the X-Zq-Session-Token header of all subsequent requests"): that header is the
// credential, an API key scheme added, the sign-in itself sent none. Was: an optional bearer token in Authorization,
// a header the API never reads (the directory's patientview.org). A header named in other words, or one that is no
// token's, is not read so.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { json, scriptedFetch } from "../../../../test-support/runtime/scripted-fetch.js";
import { draftWorkFolder, drafted, linkedTools, linkProblems, reply } from "../../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const text = { type: "string", maxLength: 40 };
const answer = reply({ type: "object", properties: { id: { type: "string" } } }, { id: "s1" });
const shelves = (signIn: string) => ({
  openapi: "3.0.3",
  info: { title: "Zq Shelves", version: "1", description: "Zq keeps shelves." },
  servers: [{ url: "https://api.zq-shelves.test" }],
  paths: {
    "/zqsessions": {
      post: {
        operationId: "signIn",
        description: signIn,
        requestBody: {
          required: true,
          content: { "application/json": { schema: { type: "object", properties: { user: text } } } },
        },
        responses: { "200": answer },
      },
    },
    "/shelves/{name}": {
      get: {
        operationId: "getShelf",
        parameters: [{ name: "name", in: "path", required: true, schema: text }],
        responses: { "200": answer },
      },
    },
  },
});
const TOLD =
  "Signs in with a user name and returns a token, which must be sent in the X-Zq-Session-Token header of all " +
  "subsequent requests.";

describe("a token header a document with no scheme tells in words", () => {
  it("drafts that header as the credential, sent by every operation but the sign-in that hands it out", async () => {
    const d = drafted(shelves(TOLD), ["signIn", "getShelf"]);
    expect(d.manifest.auth).toEqual({ scheme: "apiKeyAuth", param: "apiKey" });
    expect(d.manifest.params?.apiKey).toMatchObject({ secret: true, required: true });
    expect(d.openapiText).not.toContain("bearer");
    expect(d.openapiText).toContain("name: X-Zq-Session-Token");
    expect(await linkProblems(d)).toEqual([]);
    const tools = await linkedTools(d);
    const seen: { url: string; token: string | null; authorization: string | null }[] = [];
    for (const [id, input] of [
      ["acme_sign_in", { user: "zq" }],
      ["acme_get_shelf", { name: "a b", apiKey: "zq-token/1" }],
    ] as const) {
      const tool = tools.find((t) => t.id === id);
      const { fetch, seen: sent } = scriptedFetch(json(200, { id: "s1" }));
      const result = await executeToolDefinition(tool!, input, { baseUrl: "https://api.zq-shelves.test", fetch });
      expect(result.success).toBe(true);
      seen.push(
        ...sent.map((r) => ({
          url: r.url,
          token: r.headers.get("x-zq-session-token"),
          authorization: r.headers.get("authorization"),
        })),
      );
    }
    expect(seen).toEqual([
      { url: "https://api.zq-shelves.test/zqsessions", token: null, authorization: null },
      { url: "https://api.zq-shelves.test/shelves/a%20b", token: "zq-token/1", authorization: null },
    ]);
  });

  it.each([
    ["no later requests", "Returns a token, which is the X-Zq-Session-Token header's value."],
    ["no token's header", "Returns a token; send the X-Zq-Request-Id header with all subsequent requests."],
    ["no header named", "Returns a token, which must be sent with all subsequent requests."],
  ])("reads nothing from words with %s: the optional bearer token as before", (_, words) => {
    const d = drafted(shelves(words), ["signIn", "getShelf"]);
    expect(d.manifest.auth).toEqual({ scheme: "bearerAuth", param: "accessToken" });
    expect(d.manifest.params?.accessToken).toMatchObject({ required: false });
  });
});
