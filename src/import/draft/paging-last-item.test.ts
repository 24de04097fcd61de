// A list whose `after` parameter takes an item's id and whose reply's paging object gives the id of the page's last
// item (`paging: {total_count, first, last, limit}`, a file-conversion API's jobs): no field said "next" or "cursor"
// and no flag said more pages, so the list was drafted as one page and `call --all-pages` was refused (BW3006). The
// last item's id is the cursor sent back as `after`, when it is of the parameter's type.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const job = { type: "object", required: ["id"], properties: { id: { type: "integer" }, zqstatus: { type: "string" } } };
const listing = (after: string, last: string, paging = "paging") =>
  openapi({
    "/zqjobs": {
      get: {
        operationId: "listZqjobs",
        parameters: [
          { name: "limit", in: "query", schema: { type: "integer", default: 50 } },
          { name: "after", in: "query", schema: { type: after } },
          { name: "before", in: "query", schema: { type: after } },
        ],
        responses: {
          "200": reply(
            {
              type: "object",
              properties: {
                [paging]: {
                  type: "object",
                  properties: {
                    total_count: { type: "integer" },
                    first: { type: last },
                    last: { type: last },
                    limit: { type: "integer" },
                  },
                },
                data: { type: "array", items: job },
              },
            },
            { data: [] },
          ),
        },
      },
    },
  });

describe("the id of a page's last item in the reply's paging object, an after parameter of its type", () => {
  it("is the cursor sent back as after", async () => {
    const d = drafted(listing("integer", "integer"), ["listZqjobs"]);
    expect(d.manifest.operations.acme_list_zqjobs!.pagination).toEqual({
      style: "cursor",
      cursor: "$response.body#/paging/last",
      send: { in: "query", name: "after" },
      total: "$response.body#/paging/total_count",
      items: ["data"],
      pageSize: "limit",
    });
    expect(notesAt(d, "operations.acme_list_zqjobs.pagination")).toEqual([
      "paging recognised as a cursor: paging.last of the reply, sent back as after",
    ]);
    expect(await linkProblems(d)).toEqual([]);
  });

  it("is no paging where it is of another type, or in an object that does not describe the page", () => {
    const other = drafted(listing("integer", "string"), ["listZqjobs"]).manifest.operations.acme_list_zqjobs!;
    expect(other.pagination).toBeUndefined();
    expect(
      drafted(listing("integer", "integer", "zqowner"), ["listZqjobs"]).manifest.operations.acme_list_zqjobs!
        .pagination,
    ).toBeUndefined();
  });
});
