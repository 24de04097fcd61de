// An answer listing any type (`*/*`) beside named ones (JSON, a binary JSON, CSV, YAML, XML), each of a schema that
// names no type, as a published document generated from Java writes every answer: add drafts a download asking for
// them all, and Prism took the wildcard for that Accept and wrote its object as some text type ("Cannot serialise
// complex objects as text", 500), failing every case of the operation. Beside named types the wildcard is left out of
// what the mock serves; alone it is still served as JSON.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { casesNotPassed, type DraftedOnMock, draftedOnMock } from "../contract/__fixtures__/drafted-subject.js";

const status = { $ref: "#/components/schemas/ZqStatus" };
const types = ["*/*", "application/json", "application/x-json-smile", "text/csv", "application/x-yaml", "text/xml"];
const document = openapi(
  {
    "/zqrates": {
      post: {
        operationId: "zqPostRate",
        requestBody: {
          required: true,
          content: { "application/json": { schema: { type: "object", properties: { zqRate: { type: "number" } } } } },
        },
        responses: {
          "200": { description: "updated", content: Object.fromEntries(types.map((t) => [t, { schema: status }])) },
        },
      },
    },
    "/zqanything": {
      get: {
        operationId: "zqGetAnything",
        responses: { "200": { description: "any", content: { "*/*": { schema: status } } } },
      },
    },
  },
  { schemas: { ZqStatus: { description: "Java type: com.zq.HttpStatus" } } },
);

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqwild", document, ["zqPostRate", "zqGetAnything"]);
});
afterAll(async () => {
  await on?.close();
});

describe("an answer of any type beside named ones", () => {
  it("is served as the named types: every case passes", async () => {
    if (!on) throw new Error("the mock did not start");
    expect(await casesNotPassed(on)).toEqual([]);
  });

  it("answers Accept: */* with a named type, and a wildcard alone as JSON", async () => {
    if (!on) throw new Error("the mock did not start");
    const headers = { accept: "*/*", authorization: "Bearer zq-mock-token-0001", "content-type": "application/json" };
    const rate = await fetch(`${on.url}/zqrates`, { method: "POST", headers, body: '{"zqRate":1}' });
    expect(rate.status).toBe(200);
    expect(types.slice(1)).toContain(rate.headers.get("content-type")?.split(";")[0]);
    await rate.arrayBuffer();
    const any = await fetch(`${on.url}/zqanything`, { headers });
    expect(any.status).toBe(200);
    expect(any.headers.get("content-type")).toMatch(/^application\/json/);
    await any.arrayBuffer();
  });
});
