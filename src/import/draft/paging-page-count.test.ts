// A page-numbered list whose reply counts its pages (`meta.pagination.total_pages`, `totalPages`, a `last_page`
// numbered from 1): drafted as `pagination.pages`, with a note naming the field, so that a full last page ends the
// call with no request past it; each draft links, and pages as the runtime pages.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { collectPages, fullSupport } from "@blockwright/runtime/internal";
import { json, scriptedFetch } from "../../../test-support/runtime/scripted-fetch.js";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  reply,
  type Json,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const shelf = { type: "object", required: ["id"], properties: { id: { type: "string" }, name: { type: "string" } } };
const query = (name: string, schema: Json) => ({ name, in: "query", schema });
const listShelves = (params: Json[], schema: Json): Json => ({
  "/zqshelves": {
    get: {
      operationId: "listShelves",
      summary: "List shelves",
      parameters: params,
      responses: { "200": reply(schema, undefined) },
    },
  },
});
const paging = (doc: Json) => drafted(doc, ["listShelves"], "zqshelf");
const op = (d: ReturnType<typeof paging>) => d.manifest.operations.zqshelf_list_shelves!;
const WHERE = "operations.zqshelf_list_shelves.pagination";
const integer = { type: "integer" };

describe("a page-numbered list whose reply counts its pages", () => {
  it("meta.pagination.total_pages, three levels down: drafted as pages, noted, no request past the last", async () => {
    const schema = {
      type: "object",
      properties: {
        data: { type: "array", items: shelf },
        meta: {
          type: "object",
          properties: {
            pagination: {
              type: "object",
              properties: {
                total: integer,
                count: integer,
                per_page: integer,
                current_page: integer,
                total_pages: integer,
              },
            },
          },
        },
      },
    };
    const d = paging(
      openapi(listShelves([query("page", { type: "integer", minimum: 1 }), query("limit", integer)], schema)),
    );
    expect(op(d).pagination).toEqual({
      style: "page",
      send: { in: "query", name: "page" },
      pages: "$response.body#/meta/pagination/total_pages",
      items: ["data"],
      pageSize: "limit",
    });
    expect(notesAt(d, WHERE)).toEqual([
      "paging recognised as a page number sent as page, the first page 1, limit the page size; the list ends after " +
        "the last of the meta.pagination.total_pages pages the reply counts, or at an empty page",
    ]);
    expect(await linkProblems(d, "zqshelf")).toEqual([]);
    const [tool] = await linkedTools(d, "zqshelf");
    const page = (ids: string[]) =>
      json(200, { data: ids.map((id) => ({ id })), meta: { pagination: { total_pages: 2 } } });
    const { fetch, seen } = scriptedFetch(page(["s1", "s2"]), page(["s3", "s4"]), page([]));
    const all = await collectPages(tool!, { accessToken: "zq-token-0001" }, { ...fullSupport, fetch });
    expect(all.success && all.output.data).toEqual([{ id: "s1" }, { id: "s2" }, { id: "s3" }, { id: "s4" }]);
    expect(seen.map((s) => new URL(s.url).searchParams.get("page"))).toEqual([null, "2"]);
  });

  it("totalPages and pageCount at the top; a last_page only where pages are numbered from 1", () => {
    const shaped = (field: string, page: Json = { type: "integer", minimum: 1 }) =>
      op(
        paging(
          openapi(
            listShelves([query("page", page)], {
              type: "object",
              properties: { items: { type: "array", items: shelf }, [field]: integer },
            }),
          ),
        ),
      ).pagination;
    expect(shaped("totalPages")).toMatchObject({ pages: "$response.body#/totalPages" });
    expect(shaped("pageCount")).toMatchObject({ pages: "$response.body#/pageCount" });
    expect(shaped("last_page")).toMatchObject({ pages: "$response.body#/last_page" });
    expect(shaped("last_page", { type: "integer", minimum: 0 })).not.toHaveProperty("pages");
    expect(shaped("totalPages", { type: "integer", minimum: 0 })).toMatchObject({
      start: 0,
      pages: "$response.body#/totalPages",
    });
    expect(shaped("page_total_label")).not.toHaveProperty("pages");
  });

  it("a bare pages beside the page's number (pagination: {results, pages, page}): drafted as pages", async () => {
    const counts = (fields: Record<string, Json>) => ({
      type: "object",
      properties: { zqshelves: { type: "array", items: shelf }, pagination: { type: "object", properties: fields } },
    });
    const params = [query("page", { type: "integer", default: 1 }), query("per_page", integer)];
    const d = paging(openapi(listShelves(params, counts({ results: integer, pages: integer, page: integer }))));
    expect(op(d).pagination).toEqual({
      style: "page",
      send: { in: "query", name: "page" },
      pages: "$response.body#/pagination/pages",
      items: ["data"],
      pageSize: "per_page",
    });
    expect(await linkProblems(d, "zqshelf")).toEqual([]);
    const [tool] = await linkedTools(d, "zqshelf");
    const page = (ids: string[]) =>
      json(200, { zqshelves: ids.map((id) => ({ id })), pagination: { results: 4, pages: 2, page: 1 } });
    const { fetch, seen } = scriptedFetch(page(["s1", "s2"]), page(["s3", "s4"]), page([]));
    const all = await collectPages(tool!, { accessToken: "zq-token-0001" }, { ...fullSupport, fetch });
    expect(all.success && all.output.data).toEqual([{ id: "s1" }, { id: "s2" }, { id: "s3" }, { id: "s4" }]);
    expect(seen.map((s) => new URL(s.url).searchParams.get("page"))).toEqual([null, "2"]);
    // Alone, or beside no page number, a `pages` may count anything: not taken.
    const alone = paging(openapi(listShelves(params, counts({ results: integer, pages: integer }))));
    expect(op(alone).pagination).not.toHaveProperty("pages");
  });
});
