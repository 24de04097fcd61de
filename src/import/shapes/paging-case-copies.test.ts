// A query parameter described as a paging value beside a query parameter of the same name but for case (`NextToken`,
// "Pagination token", beside the `nextToken` the service reads; query names are case-sensitive): documents converted
// from RPC models add such copies of a list's cursor and limit. Drafted as published, a caller was offered both, and
// the copy went where the service ignores it. add leaves the copy out of the cut and says so; the paging sends the
// parameter the service reads. A twin that is described as paging itself, or a copy the document requires, stays.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";
import { withoutPagingCaseCopies } from "./paging-query-copies.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const query = (name: string, schema: Record<string, unknown>, description: string, required = false) => ({
  name,
  in: "query",
  required,
  schema,
  description,
});

const zqvault = { type: "object", required: ["ZqVaultName"], properties: { ZqVaultName: { type: "string" } } };

const document = () =>
  openapi({
    "/zqvaults/": {
      get: {
        operationId: "ListZqvaults",
        parameters: [
          query("nextToken", { type: "string" }, "The next item following a partial list of returned items."),
          query("maxResults", { type: "integer", minimum: 1, maximum: 1000 }, "The most items to return."),
          query("MaxResults", { type: "string" }, "Pagination limit"),
          query("NextToken", { type: "string" }, "Pagination token"),
          query("zqOwner", { type: "string" }, "Pagination token"),
          query("ZqOwner", { type: "string" }, "Pagination token"),
        ],
        responses: {
          "200": reply(
            {
              type: "object",
              properties: { ZqVaultList: { type: "array", items: zqvault }, NextToken: { type: "string" } },
            },
            { ZqVaultList: [] },
          ),
        },
      },
    },
  });

const OP = "/zqvaults/";

describe("a query parameter copying, as a paging value, a query parameter named alike but for case", () => {
  it("is left out of the cut; a twin described as paging itself, and the parameters it copies, stay", () => {
    const cut = document();
    expect(withoutPagingCaseCopies(cut)).toEqual(["MaxResults, NextToken of ListZqvaults"]);
    const left = cut.paths[OP].get.parameters.map((p: { name: string }) => p.name);
    expect(left).toEqual(["nextToken", "maxResults", "zqOwner", "ZqOwner"]);
  });

  it("stays when the document requires it", () => {
    const cut = document();
    cut.paths[OP].get.parameters[3].required = true;
    expect(withoutPagingCaseCopies(cut)).toEqual(["MaxResults of ListZqvaults"]);
  });

  it("is no input of the draft, its paging sending what the service reads, and the draft says so", async () => {
    const d = drafted(document(), ["ListZqvaults"]);
    const op = d.manifest.operations.acme_list_zqvaults!;
    expect(Object.keys(op.params ?? {}).sort()).toEqual(["ZqOwner", "maxResults", "nextToken", "zqOwner"]);
    expect(op.pagination).toMatchObject({
      style: "cursor",
      cursor: "$response.body#/NextToken",
      send: { in: "query", name: "nextToken" },
      pageSize: "maxResults",
    });
    expect(d.openapiText).toContain(
      "# Left out by blockwright add: the query parameters MaxResults, NextToken of ListZqvaults (each described as",
    );
    expect(d.notes.map((n) => n.note)).toContainEqual(
      expect.stringMatching(/^openapi\.yaml leaves out the query parameters MaxResults, NextToken of ListZqvaults: /),
    );
    expect(await linkProblems(d)).toEqual([]);
  });
});
