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
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const shelf = { type: "object", required: ["id"], properties: { id: { type: "string" }, name: { type: "string" } } };
const query = (name: string, schema: Json) => ({ name, in: "query", schema });
const listShelves = (page: Json): Json => ({
  "/zqshelves": {
    get: {
      operationId: "listShelves",
      summary: "List shelves",
      parameters: [query("page", page), query("pageSize", { type: "number", maximum: 100 })],
      responses: { "200": reply({ type: "array", items: shelf }, undefined) },
    },
  },
});
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
