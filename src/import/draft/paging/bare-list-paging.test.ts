// A list whose reply is a bare JSON array of items with ids, no end flag, paged by a parameter the document says takes
// an item's id (`startingAfter`: "the id of the last item of the previous page"), beside a deprecated page number:
// add drafted the page number, though the document says to page by the id. The last item's id is sent back now
// (`cursor: $response.body#/-1/id`), until a page holds no item: an empty page has no last item, so no cursor, and ends
// the pages. A parameter of such a name the document does not say takes an id (a date) is not drafted so, nor a
// `since_id` ("newer than"): a timeline newest first pages back by `max_id`, since_id asks for the newer items again.
//
// A page number whose least value is exclusive (OpenAPI 3.0's `minimum: 0, exclusiveMinimum: true`, or 3.1's
// `exclusiveMinimum: 0`): pages are numbered from 1, not 0. Drafted from 0, the first request (which sends no page
// number) was followed by `page=1`, the same first page again: every first page listed twice.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  notesAt,
  openapi,
  pagedIds,
  reply,
  type Json,
} from "../../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const shelf = { type: "object", required: ["id"], properties: { id: { type: "string" }, name: { type: "string" } } };
const query = (name: string, schema: Json) => ({ name, in: "query", schema });
const pageSize = query("pageSize", { type: "number", maximum: 100 });
/** A list of shelves, a bare JSON array, taking these query parameters. */
const shelvesTaking = (...parameters: Json[]): Json => ({
  "/zqshelves": {
    get: {
      operationId: "listShelves",
      summary: "List shelves",
      parameters,
      responses: { "200": reply({ type: "array", items: shelf }, undefined) },
    },
  },
});
/** Paged by a page number of this schema. */
const listShelves = (page: Json): Json => shelvesTaking(query("page", page), pageSize);
const WHERE = "operations.zqshelf_list_shelves.pagination";

describe("a page number whose minimum is exclusive", () => {
  it.each([
    ["3.0.3", { type: "number", minimum: 0, exclusiveMinimum: true }],
    ["3.1.0", { type: "number", exclusiveMinimum: 0 }],
  ])("OpenAPI %s: the first page 1, each page asked for once", async (version, page) => {
    const d = drafted(openapi(listShelves(page), {}, { openapi: version }), ["listShelves"], "zqshelf");
    const pagination = d.manifest.operations.zqshelf_list_shelves!.pagination;
    expect(pagination).toEqual({
      style: "page",
      send: { in: "query", name: "page" },
      items: ["data"],
      pageSize: "pageSize",
    });
    expect(notesAt(d, WHERE)).toEqual([
      "paging recognised as a page number sent as page, the first page 1, pageSize the page size; " +
        "the list ends at an empty page",
    ]);
    const [tool] = await linkedTools(d, "zqshelf");
    const paged = await pagedIds(tool!, [["s1", "s2"], ["s3"], []], "page");
    expect(paged.items).toEqual([{ id: "s1" }, { id: "s2" }, { id: "s3" }]);
    expect(paged.sent).toEqual([null, "2", "3"]);
  });

  it("an inclusive minimum of 0 still starts at 0", () => {
    const d = drafted(openapi(listShelves({ type: "integer", minimum: 0 })), ["listShelves"], "zqshelf");
    expect(d.manifest.operations.zqshelf_list_shelves!.pagination).toMatchObject({ start: 0 });
  });
});

/** Paged by `after`, beside a deprecated page number. */
const listedAfter = (after: Json): Json =>
  shelvesTaking(after, pageSize, {
    name: "page",
    in: "query",
    deprecated: true,
    description: "Deprecated: use `startingAfter` instead.",
    schema: { type: "number", minimum: 0, exclusiveMinimum: true },
  });
const startingAfter = {
  name: "startingAfter",
  in: "query",
  description: "The id of the last shelf of the previous page: the page starts after it.",
  schema: { type: "string" },
};

describe("the last item's id sent back over a bare list without an end flag", () => {
  it("is drafted over the deprecated page number, and pages until an empty page", async () => {
    const d = drafted(openapi(listedAfter(startingAfter)), ["listShelves"], "zqshelf");
    expect(d.manifest.operations.zqshelf_list_shelves!.pagination).toEqual({
      style: "cursor",
      cursor: "$response.body#/-1/id",
      send: { in: "query", name: "startingAfter" },
      items: ["data"],
      pageSize: "pageSize",
    });
    expect(notesAt(d, WHERE)).toEqual([
      "paging recognised as the last item's id sent back as startingAfter (the document describes it as an " +
        "item's id); the reply, a bare list, says no end: the list ends at an empty page. Check that the service " +
        "pages so",
    ]);
    const [tool] = await linkedTools(d, "zqshelf");
    const paged = await pagedIds(tool!, [["s1", "s2"], ["s3"], []], "startingAfter");
    expect(paged.items).toEqual([{ id: "s1" }, { id: "s2" }, { id: "s3" }]);
    expect(paged.sent).toEqual([null, "s2", "s3"]);
    expect(paged.pages).toMatchObject({ count: 3, complete: true });
  });

  it("is not drafted for a parameter of such a name the document does not say takes an id", () => {
    const since = {
      name: "after",
      in: "query",
      description: "Shelves made after this date.",
      schema: { type: "string" },
    };
    const d = drafted(openapi(listedAfter(since)), ["listShelves"], "zqshelf");
    expect(d.manifest.operations.zqshelf_list_shelves!.pagination?.style).not.toBe("cursor");
  });

  it("is not drafted for since_id, which asks for newer items (a timeline, newest first, pages back by max_id)", () => {
    const since = {
      name: "since_id",
      in: "query",
      description: "Return results newer than ID",
      schema: { type: "string" },
    };
    const d = drafted(openapi(listedAfter(since)), ["listShelves"], "zqshelf");
    expect(d.manifest.operations.zqshelf_list_shelves!.pagination?.style).not.toBe("cursor");
  });
});
