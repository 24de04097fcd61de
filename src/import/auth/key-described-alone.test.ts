// A document that declares no security scheme whose operations take the key under a name no key has (`zqkeyid`),
// described only as the API key ("Clé API"), in the query of some and in the JSON body of the rest: add drafted a
// bearer token the API never reads, and the query key as a plain input, no secret, which a call showed in clear. The
// key is now the document's only credential, sent at each place an operation declares (auth.alsoSends alone), given
// once; a parameter whose words say more than that (the id of a key to revoke) stays an input.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, judgedCall, linkedTools, linkProblems, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const KEY = "zq-key-0000000000000000000001";
const keyWords = "Clé API";
const text = { type: "string" };
const made = { "200": reply({ type: "object", properties: { id: text } }, { id: "1" }) };
const queryKey = { name: "zqkeyid", in: "query", required: true, description: keyWords, schema: text };
const body = (properties: Record<string, unknown>, required: string[]) => ({
  required: true,
  content: { "application/json": { schema: { type: "object", required, properties } } },
});
const document = {
  openapi: "3.0.3",
  info: { title: "Zentorax API", version: "1" },
  servers: [{ url: "https://api.acme.test" }],
  paths: {
    "/zqcredit": { get: { operationId: "zqCredit", parameters: [queryKey], responses: made } },
    "/zqsend": {
      post: {
        operationId: "zqSend",
        requestBody: body({ zqkeyid: { ...text, description: keyWords }, zqtext: text }, ["zqkeyid", "zqtext"]),
        responses: made,
      },
    },
    "/zqrevoke": {
      post: {
        operationId: "zqRevoke",
        requestBody: body(
          { zqkeyid: { ...text, description: keyWords }, zqgone: { ...text, description: "The API key to revoke" } },
          ["zqkeyid", "zqgone"],
        ),
        responses: made,
      },
    },
  },
};

describe("a key described as the API key alone, in the query of some operations and the body of others", () => {
  it("is the one credential, sent at each place an operation declares and nowhere else", async () => {
    const d = drafted(document, ["zqCredit", "zqSend", "zqRevoke"]);
    expect(d.manifest.auth).toEqual({
      param: "apiKey",
      alsoSends: [
        { in: "query", name: "zqkeyid" },
        { in: "body", name: "zqkeyid" },
      ],
    });
    expect(d.openapiText).not.toContain("securitySchemes");
    expect(d.manifest.params?.apiKey).toMatchObject({ secret: true, required: true });
    const ops = d.manifest.operations;
    expect(Object.keys(ops.acme_zq_credit?.params ?? {})).toEqual([]);
    expect(Object.keys(ops.acme_zq_send?.params ?? {})).toEqual(["zqtext"]);
    expect(Object.keys(ops.acme_zq_revoke?.params ?? {})).toEqual(["zqgone"]);
    expect(await linkProblems(d)).toEqual([]);
    const tools = await linkedTools(d);
    const credit = await judgedCall(d, tools.find((t) => t.id === "acme_zq_credit")!, { apiKey: KEY });
    expect(new URL(credit.sent.url).searchParams.get("zqkeyid")).toBe(KEY);
    expect(credit.sent.headers.get("authorization")).toBeNull();
    expect(credit.judged.refusals).toEqual([]);
    const send = await judgedCall(d, tools.find((t) => t.id === "acme_zq_send")!, { apiKey: KEY, zqtext: "zq" });
    expect(new URL(send.sent.url).search).toBe("");
    expect(send.sent.headers.get("authorization")).toBeNull();
    expect(JSON.parse(new TextDecoder().decode(send.sent.body))).toEqual({ zqkeyid: KEY, zqtext: "zq" });
    expect(send.judged.refusals).toEqual([]);
  });

  it("declared by every operation in the query, is the added scheme's key", async () => {
    const own = { ...queryKey, description: "Your API key." };
    const everyQuery = {
      ...document,
      paths: {
        "/zqcredit": { get: { operationId: "zqCredit", parameters: [own], responses: made } },
        "/zqstock": { get: { operationId: "zqStock", parameters: [own], responses: made } },
      },
    };
    const d = drafted(everyQuery, ["zqCredit", "zqStock"]);
    expect(d.openapiText).toMatch(/type: apiKey\s+in: query\s+name: zqkeyid/);
    expect(await linkProblems(d)).toEqual([]);
    const tools = await linkedTools(d);
    const credit = await judgedCall(d, tools.find((t) => t.id === "acme_zq_credit")!, {
      [d.manifest.auth!.param]: KEY,
    });
    expect(new URL(credit.sent.url).searchParams.get("zqkeyid")).toBe(KEY);
    expect(credit.judged.refusals).toEqual([]);
  });

  it("named otherwise, its first sentence a few words ending in the API key, is the scheme's key", () => {
    const license = {
      name: "zqlicense",
      in: "query",
      required: true,
      description: "Your Zqtorax license API key. Register at www.zqtorax.test/register",
      schema: text,
    };
    const one = {
      ...document,
      paths: { "/zqweather": { get: { operationId: "zqWeather", parameters: [license], responses: made } } },
    };
    const d = drafted(one, ["zqWeather"]);
    expect(d.openapiText).toMatch(/type: apiKey\s+in: query\s+name: zqlicense/);
    expect(d.manifest.params?.[d.manifest.auth!.param]).toMatchObject({ secret: true });
    expect(d.manifest.operations.acme_zq_weather?.params?.zqlicense).toBeUndefined();
  });

  it("sent at its places alone, covers no token another operation takes in its query", async () => {
    const header = { name: "Zq-Api-Key", in: "header", required: true, schema: text };
    const token = { name: "token", in: "query", required: true, schema: text };
    const keyed = (operationId: string) => ({ get: { operationId, parameters: [header], responses: made } });
    const some = {
      ...document,
      paths: {
        "/zqa": keyed("zqA"),
        "/zqb": { get: { operationId: "zqB", responses: made } },
        "/zqc": { get: { operationId: "zqC", responses: made } },
        "/zqd": { get: { operationId: "zqD", parameters: [token], responses: made } },
      },
    };
    const d = drafted(some, ["zqA", "zqB", "zqC", "zqD"]);
    expect(d.manifest.auth).toEqual({ param: "apiKey", alsoSends: [{ in: "header", name: "Zq-Api-Key" }] });
    expect(Object.keys(d.manifest.operations.acme_zq_d?.params ?? {})).toEqual(["token"]);
    expect(await linkProblems(d)).toEqual([]);
  });
});
