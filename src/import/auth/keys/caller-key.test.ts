// A document that declares no security scheme, whose every operation takes an id the API assigned to its caller (a
// query `zq_app_id`, "The application ID assigned to you"): that id is the credential, drafted as an API key in the
// query, secret, and no bearer token made up beside it. Was: a plain parameter beside an optional bearer token the API
// never reads (the directory's bandsintown.com). An id of something else, or one only some operations take, stays
// a plain parameter.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { json, scriptedFetch } from "../../../../test-support/runtime/scripted-fetch.js";
import { draftWorkFolder, drafted, linkedTools, linkProblems, reply } from "../../__fixtures__/draft-kit.js";
import { namedCallerKey } from "../../../load/schemas/api-key-words.js";
import { keyParameter } from "./key-parameter.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const text = { type: "string", maxLength: 40 };
const APP_ID = {
  name: "zq_app_id",
  in: "query",
  required: true,
  description: "The application ID assigned to you by Zq",
  schema: { type: "string" },
};
const op = (operationId: string, parameters: unknown[]) => ({
  operationId,
  parameters,
  responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "s1" }) },
});
const noSchemes = (paths: Record<string, unknown>) => ({
  openapi: "3.0.3",
  info: { title: "Zq Shelves", version: "1" },
  servers: [{ url: "https://api.zq-shelves.test" }],
  paths,
});
const doc = noSchemes({
  "/shelves/{name}": {
    get: op("getShelf", [{ name: "name", in: "path", required: true, schema: text }, APP_ID]),
  },
  "/shelves/{name}/books": {
    get: op("listBooks", [{ name: "name", in: "path", required: true, schema: text }, APP_ID]),
  },
});

describe("an id assigned to the caller, by its name and words", () => {
  it("reads app, application and client ids and keys said to be the caller's, and no other id", () => {
    expect(namedCallerKey("zq_app_id", "The application ID assigned to you by Zq")).toBe(false);
    expect(namedCallerKey("app_id", "The application ID assigned to you by Zq")).toBe(true);
    expect(namedCallerKey("appKey", "Your API app key")).toBe(true);
    expect(namedCallerKey("client_id", "Your client ID, issued at sign-up")).toBe(true);
    expect(namedCallerKey("application_key", undefined)).toBe(true);
    expect(namedCallerKey("client_id", undefined)).toBe(false);
    expect(namedCallerKey("client_id", "The customer the invoice is for")).toBe(false);
    expect(namedCallerKey("book_id", "The book assigned to you")).toBe(false);
  });

  it("finds the caller's id every operation takes, not one only some take, and a key by name before it", () => {
    const appId = { ...APP_ID, name: "app_id" };
    const ops = [{ op: op("a", [appId]) }, { op: op("b", [appId]) }];
    expect(keyParameter(doc, ops)).toMatchObject({ in: "query", name: "app_id", optional: false });
    expect(keyParameter(doc, [...ops, { op: op("c", []) }])).toBeUndefined();
    const key = { name: "zq-api-key", in: "header", required: true, schema: { type: "string" } };
    expect(keyParameter(doc, [{ op: op("d", [appId, key]) }])).toMatchObject({ name: "zq-api-key" });
    const appKey = { ...appId, name: "appKey", description: "Your app key" };
    expect(keyParameter(doc, [{ op: op("e", [appId, appKey]) }])).toMatchObject({ name: "appKey" });
  });
});

describe("a drafted document with no security scheme whose every operation takes the caller's app id", () => {
  const appDoc = JSON.parse(JSON.stringify(doc).replaceAll('"zq_app_id"', '"app_id"'));

  it("drafts the id as the credential in the query, no bearer token, and sends it there", async () => {
    const d = drafted(appDoc, ["getShelf", "listBooks"]);
    expect(d.manifest.auth).toEqual({ scheme: "apiKeyAuth", param: "apiKey" });
    expect(d.manifest.params?.apiKey).toMatchObject({ secret: true, required: true });
    expect(d.openapiText).not.toContain("bearer");
    expect(Object.keys(d.manifest.operations?.acme_get_shelf?.params ?? {})).toEqual(["name"]);
    expect(await linkProblems(d)).toEqual([]);
    const [tool] = await linkedTools(d);
    const { fetch, seen } = scriptedFetch(json(200, { id: "s1" }));
    const result = await executeToolDefinition(
      tool!,
      { name: "a b", apiKey: "zq app/1" },
      { baseUrl: "https://api.zq-shelves.test", fetch },
    );
    expect(result.success).toBe(true);
    expect(seen.map((r) => [r.url, r.headers.get("authorization")])).toEqual([
      ["https://api.zq-shelves.test/shelves/a%20b?app_id=zq%20app%2F1", null],
    ]);
  });

  it("leaves an id of another name plain, beside the optional bearer token as before", () => {
    const d = drafted(doc, ["getShelf", "listBooks"]);
    expect(d.manifest.auth).toEqual({ scheme: "bearerAuth", param: "accessToken" });
    const plain = d.manifest.operations?.acme_get_shelf?.params?.zq_app_id;
    expect(plain).toMatchObject({ type: "string", required: true });
    expect(plain?.secret).toBeUndefined();
  });
});
