// A page of texts beside the next page's address (a published crawl-analytics document's samples of addresses:
// `{count, next, previous, page, size, results: ["https://…", …]}`): add read no list, since a list of scalars counted
// only beside a cursor sent back, so `data` was the whole reply, `results` an output nowhere and no paging drafted,
// while the same reply with a list of records was paged by its `next`. It is a list reply paged by its next address.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const page = {
  type: "object",
  properties: {
    count: { type: "integer" },
    next: { type: "string" },
    previous: { type: "string" },
    results: { type: "array", items: { type: "string" } },
  },
};
const documentOf = (method: "get" | "post") =>
  openapi({
    "/zqsamples": {
      [method]: {
        operationId: "listZqsamples",
        parameters: [{ name: "page", in: "query", schema: { type: "integer" } }],
        responses: {
          "200": reply(page, { count: 2, next: "https://api.acme.test/zqsamples?page=2", results: ["/a", "/b"] }),
        },
      },
    },
  });

describe("a list of texts beside the next page's address", () => {
  it("is the data, paged by that address; it links", async () => {
    const d = drafted(documentOf("get"), ["listZqsamples"]);
    const operation = d.manifest.operations.acme_list_zqsamples!;
    expect(operation.outputs?.data).toMatchObject({ from: "$response.body#/results" });
    expect(operation.pagination).toMatchObject({ style: "nextUrl", url: "$response.body#/next" });
    expect(await linkProblems(d)).toEqual([]);
  });

  it("is no list reply where the call is no GET that an address can be followed with", () => {
    const d = drafted(documentOf("post"), ["listZqsamples"]);
    expect(d.manifest.operations.acme_list_zqsamples!.outputs?.data).toMatchObject({ from: "$response.body" });
  });
});
