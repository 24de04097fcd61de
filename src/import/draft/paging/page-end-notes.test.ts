// A list paged by a page number whose reply counts its items (`meta: {total}`): add drafts `total`, and its note says
// the list ends once that many items have come, not only "at an empty page" (which the draft no longer waits for).
import { describe, expect, it } from "vitest";
import { drafted, linkProblems, notesAt, openapi, reply } from "../../__fixtures__/draft-kit.js";

const zqcrate = { type: "object", required: ["id"], properties: { id: { type: "string" } } };
const page = {
  type: "object",
  required: ["data", "meta"],
  properties: {
    data: { type: "array", items: zqcrate },
    meta: {
      type: "object",
      required: ["total", "page", "limit"],
      properties: { total: { type: "integer" }, page: { type: "integer" }, limit: { type: "integer" } },
    },
  },
};
const document = openapi({
  "/zqcrates": {
    get: {
      operationId: "listZqcrates",
      summary: "List crates",
      parameters: [
        { name: "page", in: "query", schema: { type: "integer", minimum: 1 } },
        { name: "limit", in: "query", schema: { type: "integer", minimum: 1, maximum: 20 } },
      ],
      responses: { "200": reply(page, { data: [{ id: "c1" }], meta: { total: 1, page: 1, limit: 10 } }) },
    },
  },
});

describe("a page-numbered list whose reply counts its items", () => {
  const d = drafted(document, ["listZqcrates"], "zqcrate");

  it("is drafted with its total, and the note says where the pages end", async () => {
    expect(d.manifest.operations.zqcrate_list_zqcrates?.pagination).toMatchObject({
      style: "page",
      total: "$response.body#/meta/total",
    });
    expect(notesAt(d, "operations.zqcrate_list_zqcrates.pagination")).toEqual([
      "paging recognised as a page number sent as page, the first page 1, limit the page size; the list ends once " +
        "as many items have come as meta.total counts, or at an empty page",
    ]);
    expect(await linkProblems(d, "zqcrate")).toEqual([]);
  });
});
