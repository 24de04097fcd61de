// A multipart body written as an `allOf` of a union of shapes (the source by an address, a magnet link or a file) and
// the fields every call sends: the mock merged the `allOf` into one object listing the shared fields alone, Prism
// reads a form's parts by the fields its schema lists, and it dropped the shape's field and refused every call as
// lacking all three. The shapes' fields are listed now (any value); the request judge, in front, holds the body to
// the union as written.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { casesNotPassed, type DraftedOnMock, draftedOnMock } from "../contract/__fixtures__/drafted-subject.js";

const shape = (name: string, schema: object) => ({ properties: { [name]: schema }, required: [name] });
const document = openapi(
  {
    "/zqimports": {
      post: {
        operationId: "zqImport",
        requestBody: {
          required: true,
          content: {
            "multipart/form-data": {
              encoding: { zqfile: { contentType: "application/x-zq" } },
              schema: { $ref: "#/components/schemas/ZqImport" },
            },
            "application/x-www-form-urlencoded": { schema: { $ref: "#/components/schemas/ZqImport" } },
          },
        },
        responses: {
          "200": { description: "imported", content: { "application/json": { schema: { type: "object" } } } },
        },
      },
    },
  },
  {
    schemas: {
      ZqImport: {
        allOf: [
          {
            type: "object",
            oneOf: [
              shape("zqaddress", { type: "string", format: "uri" }),
              shape("zqmagnet", { type: "string", pattern: "^magnet:" }),
              shape("zqcount", { type: "integer", minimum: 1 }),
            ],
          },
          { $ref: "#/components/schemas/ZqCommon" },
        ],
        required: ["zqname"],
      },
      ZqCommon: {
        type: "object",
        properties: { zqname: { type: "string", minLength: 3 }, zqlevel: { type: "integer" } },
      },
    },
  },
);

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqunion", document, ["zqImport"]);
});
afterAll(async () => {
  await on?.close();
});

describe("a form body of a union of shapes beside shared fields", () => {
  it("is read by the mock with the shape's field: every case passes", async () => {
    if (!on) throw new Error("the mock did not start");
    expect(await casesNotPassed(on)).toEqual([]);
  });

  it("still refuses a body of no shape, and one of two", async () => {
    if (!on) throw new Error("the mock did not start");
    const headers = { authorization: "Bearer zq-mock-token-0001", accept: "application/json" };
    const post = (fields: Record<string, string>) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      return fetch(`${on?.url}/zqimports`, { method: "POST", headers, body: form });
    };
    const one = await post({ zqname: "zqsample", zqaddress: "https://zq.example/v/1" });
    expect(one.status).toBe(200);
    await one.arrayBuffer();
    const wrong: Record<string, string>[] = [
      { zqname: "zqsample" },
      { zqname: "zqsample", zqaddress: "https://zq.example", zqcount: "2" },
    ];
    for (const fields of wrong) {
      const refused = await post(fields);
      expect(refused.status, JSON.stringify(fields)).toBeGreaterThanOrEqual(400);
      await refused.arrayBuffer();
    }
  });
});
