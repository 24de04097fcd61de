// A document that declares an API key header and HTTP basic, names no requirement, and says in words that every
// request carries both: one requirement of the two (auth.also), each call sending the key header and the basic
// header. Was: the key alone, basic offered as an alternative in a review note, so a real call lacked the basic header
// (the directory's billbee.io). Words offering a choice, or naming one scheme, leave the draft as it was.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { json, scriptedFetch } from "../../../../test-support/runtime/scripted-fetch.js";
import { draftWorkFolder, drafted, linkedTools, linkProblems, reply } from "../../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const text = { type: "string", maxLength: 40 };
const shelves = (description: string, basicWords?: string) => ({
  openapi: "3.0.3",
  info: { title: "Zq Shelves", version: "1", description },
  servers: [{ url: "https://api.zq-shelves.test" }],
  paths: {
    "/shelves/{name}": {
      get: {
        operationId: "getShelf",
        parameters: [{ name: "name", in: "path", required: true, schema: text }],
        responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "s1" }) },
      },
    },
  },
  components: {
    securitySchemes: {
      zqKey: { type: "apiKey", in: "header", name: "X-Zq-Key", description: "Identifies your application." },
      zqLogin: { type: "http", scheme: "basic", ...(basicWords ? { description: basicWords } : {}) },
    },
  },
});
const EVERY =
  "Zq keeps shelves.\n\n## Security\n\nEvery request has to be sent over https and must\n\n" +
  "* Contain a valid API Key, sent as the HTTP header X-Zq-Key\n" +
  "* Contain a valid user login in form of a basic auth HTTP header\n\n## Limits\n\nTwo calls a second.";

/** The one request a call of the draft's tool sends, with these credentials. */
async function sent(description: string, basicWords?: string) {
  const d = drafted(shelves(description, basicWords), ["getShelf"]);
  expect(await linkProblems(d)).toEqual([]);
  const [tool] = await linkedTools(d);
  const { fetch, seen } = scriptedFetch(json(200, { id: "s1" }));
  const given: Record<string, string> = {
    xZqKey: "zq-key/1",
    apiKey: "zq-key/1",
    username: "zq user",
    password: "p:w-0000001",
  };
  const credentials = Object.entries(given).filter(([p]) => d.manifest.params?.[p]);
  const result = await executeToolDefinition(
    tool!,
    { name: "a", ...Object.fromEntries(credentials) },
    { baseUrl: "https://api.zq-shelves.test", fetch },
  );
  if (!result.success) throw new Error(JSON.stringify(result));
  return { d, headers: seen.map((r) => [r.headers.get("x-zq-key"), r.headers.get("authorization")]) };
}
const BASIC = `Basic ${Buffer.from("zq user:p:w-0000001").toString("base64")}`;

describe("two schemes a document's words say every request carries", () => {
  it("drafts one requirement of both from the document's description, each call sending both", async () => {
    const { d, headers } = await sent(EVERY);
    expect(d.manifest.auth).toEqual({
      scheme: "zqKey",
      param: "xZqKey",
      also: [{ scheme: "zqLogin", param: "password", user: "username" }],
    });
    expect(d.openapiText).toMatch(/^security:\n {2}- zqKey: \[\]\n {4}zqLogin: \[\]$/m);
    expect(headers).toEqual([["zq-key/1", BASIC]]);
  });

  it("reads a scheme's description saying it goes with the other", async () => {
    const { headers } = await sent("Zq keeps shelves.", "A user name and password, sent in addition to X-Zq-Key.");
    expect(headers).toEqual([["zq-key/1", BASIC]]);
  });

  it.each([
    ["a choice", "Every request must carry the X-Zq-Key header or a basic auth header."],
    ["one scheme", "Every request must carry the X-Zq-Key header."],
    ["neither every request nor together", "The X-Zq-Key header and basic auth are supported."],
  ])("leaves the key alone where the words say %s, as before", async (_, words) => {
    const { d, headers } = await sent(`Zq keeps shelves.\n\n${words}`);
    expect(d.manifest.auth).toEqual({ scheme: "zqKey", param: "apiKey" });
    expect(headers).toEqual([["zq-key/1", null]]);
  });
});
