// A HAL page whose list sits in `_embedded.items` beside the page's number and count (`{_links, current_page,
// items_count, _embedded: {items: […]}}`, as a published catalogue API pages its products): add read `current_page`
// and `items_count` as a record's fields, so the page was drafted as one record, the whole body as `data`, with no
// list and no paging. They say how the list pages, as `page` and `total_count` do: the list is the data, paged by the
// page number the operation takes.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  pagedIds,
  reply,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const link = { type: "object", properties: { href: { type: "string" } } };
const zqshelf = { type: "object", properties: { code: { type: "string" }, label: { type: "string" } } };
const halPage = {
  allOf: [
    {
      type: "object",
      properties: {
        _links: { type: "object", properties: { self: link, next: link } },
        current_page: { type: "integer" },
        items_count: { type: "integer" },
      },
    },
    { properties: { _embedded: { type: "object", properties: { items: { type: "array", items: zqshelf } } } } },
  ],
};
const query = (name: string) => ({ name, in: "query", schema: { type: "integer", minimum: 1, maximum: 100 } });
const doc = openapi({
  "/zqshelves": {
    get: {
      operationId: "listZqshelves",
      parameters: [query("page"), query("limit")],
      responses: { "200": reply(halPage) },
    },
  },
});

describe("a page's number and count beside a list in _embedded", () => {
  it("drafts the list as the data, the page number and count as metadata, paged by page; it links", async () => {
    const d = drafted(doc, ["listZqshelves"]);
    const op = d.manifest.operations.acme_list_zqshelves!;
    expect(op.outputs.data).toMatchObject({ type: "array", from: "$response.body#/_embedded/items" });
    expect(op.outputs["metadata.count"]).toMatchObject({ from: "$response.body#/_embedded/items", count: true });
    expect(op.outputs["metadata.currentPage"]).toMatchObject({ from: "$response.body#/current_page" });
    expect(op.outputs["metadata.itemsCount"]).toMatchObject({ from: "$response.body#/items_count" });
    expect(op.pagination).toMatchObject({ style: "page", send: { in: "query", name: "page" }, items: ["data"] });
    expect(notesAt(d, "operations.acme_list_zqshelves.outputs")).toContainEqual(
      "the 200 reply keeps its list in _embedded.items: data read from there",
    );
    expect(await linkProblems(d)).toEqual([]);
  });

  it("gathers the items of every page", async () => {
    const [tool] = await linkedTools(drafted(doc, ["listZqshelves"]));
    const page = (items: { id: string }[]) => ({ current_page: 1, _embedded: { items } });
    const { items, sent } = await pagedIds(tool!, [["a", "b"], ["c"], []], "page", page);
    expect(items).toEqual([{ id: "a" }, { id: "b" }, { id: "c" }]);
    expect(sent).toEqual([null, "2", "3"]);
  });
});
