// A cursor the reply types as "a string or anything" (`anyOf: [{type: string}, {}]`, what a schema library writes for
// an optional unknown beside a string), sent back as a field of the POST's JSON body: cursor paging all the same.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, openapi, reply } from "../../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const record = { type: "object", properties: { id: { type: "string" }, zqamount: { type: "string" } } };
const listing = (cursor: unknown) =>
  openapi({
    "/v1/zqledgers/list": {
      post: {
        operationId: "zqledgers-listOwned",
        requestBody: {
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: {
                  filter: { type: "object", properties: { q: { type: "string", nullable: true } } },
                  cursor: { type: "string" },
                  pageSize: { type: "number" },
                },
              },
            },
          },
        },
        responses: {
          "200": reply(
            {
              type: "object",
              properties: {
                meta: {
                  type: "object",
                  required: ["hasNextPage"],
                  properties: { cursor, hasPreviousPage: { type: "boolean" }, hasNextPage: { type: "boolean" } },
                },
                data: { type: "array", items: record },
              },
            },
            { meta: { cursor: "zq-1", hasNextPage: true }, data: [] },
          ),
        },
      },
    },
  });

describe("a cursor typed as a string or anything", () => {
  it("is sent back at the body's cursor while the flag beside it says there is a next page", async () => {
    for (const cursor of [{ anyOf: [{ type: "string" }, {}] }, { oneOf: [{}, { type: "string" }] }]) {
      const d = drafted(listing(cursor), ["zqledgers-listOwned"]);
      const pagination = d.manifest.operations.acme_zqledgers_list_owned!.pagination;
      expect(pagination).toMatchObject({
        style: "cursor",
        cursor: "$response.body#/meta/cursor",
        send: { in: "body", pointer: "/cursor" },
        more: { from: "$response.body#/meta/hasNextPage", equals: true },
        items: ["data"],
        pageSize: "pageSize",
      });
      expect(await linkProblems(d)).toEqual([]);
    }
  });

  it("a cursor that may be an object or a number is no text cursor", () => {
    const d = drafted(listing({ anyOf: [{ type: "object" }, { type: "number" }] }), ["zqledgers-listOwned"]);
    expect(JSON.stringify(d.manifest.operations.acme_zqledgers_list_owned!.pagination ?? {})).not.toContain(
      "/meta/cursor",
    );
  });
});
