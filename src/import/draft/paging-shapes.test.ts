// Paging from every shape published lists use (issue 29), each on a small
// document of the tests' own (zqshelf), drafted with no edit: each draft links
// as generate links it, and pages as the runtime pages.
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
const listShelves = (params: Json[], schema: Json, example: unknown): Json => ({
  "/zqshelves": {
    get: {
      operationId: "listShelves",
      summary: "List shelves",
      parameters: params,
      responses: { "200": reply(schema, example) },
    },
  },
});
const paging = (doc: Json) => drafted(doc, ["listShelves"], "zqshelf");
const op = (d: ReturnType<typeof paging>, id = "zqshelf_list_shelves") => d.manifest.operations[id]!;

describe("paging, from the shapes published lists use", () => {
  it(
    "a relative next address beside many fields of a page (next_page_uri): the list found, the " + "address followed",
    async () => {
      const schema = {
        type: "object",
        properties: {
          shelves: { type: "array", items: shelf },
          end: { type: "integer" },
          first_page_uri: { type: "string", format: "uri" },
          next_page_uri: { type: "string", format: "uri", nullable: true },
          page: { type: "integer" },
          page_size: { type: "integer" },
          previous_page_uri: { type: "string", format: "uri", nullable: true },
          start: { type: "integer" },
          uri: { type: "string", format: "uri" },
        },
      };
      const d = paging(
        openapi(
          listShelves(
            [
              query("Page", { type: "integer", minimum: 0 }),
              query("PageSize", { type: "integer", minimum: 1, maximum: 1000 }),
            ],
            schema,
            undefined,
          ),
        ),
      );
      expect(op(d).outputs.data).toMatchObject({ type: "array", from: "$response.body#/shelves" });
      expect(op(d).pagination).toEqual({ style: "nextUrl", url: "$response.body#/next_page_uri", items: ["data"] });
      expect(notesAt(d, "operations.zqshelf_list_shelves.pagination")).toEqual([
        "paging recognised as the address of the next page in next_page_uri (absolute, or relative to the request's)",
      ]);
      expect(await linkProblems(d, "zqshelf")).toEqual([]);
    },
  );

  it("the value of a parameter inside an object named next (next_page.offset sent back as offset)", async () => {
    const schema = {
      type: "object",
      properties: {
        data: { type: "array", items: shelf },
        next_page: {
          type: "object",
          nullable: true,
          properties: { offset: { type: "string" }, path: { type: "string" }, uri: { type: "string" } },
        },
      },
    };
    const d = paging(
      openapi(
        listShelves(
          [
            query("limit", { type: "integer", minimum: 1, maximum: 100 }),
            query("offset", { type: "string", maxLength: 200 }),
          ],
          schema,
          undefined,
        ),
      ),
    );
    expect(op(d).pagination).toEqual({
      style: "cursor",
      cursor: "$response.body#/next_page/offset",
      send: { in: "query", name: "offset" },
      items: ["data"],
      pageSize: "limit",
    });
    expect(await linkProblems(d, "zqshelf")).toEqual([]);
  });

  it("a field named after a parameter with next before it (next_marker sent back as marker)", async () => {
    const schema = {
      type: "object",
      properties: {
        entries: { type: "array", items: shelf },
        next_marker: { type: "string", nullable: true },
        limit: { type: "integer" },
      },
    };
    const d = paging(
      openapi(
        listShelves(
          [query("marker", { type: "string", maxLength: 300 }), query("limit", { type: "integer", maximum: 1000 })],
          schema,
          undefined,
        ),
      ),
    );
    expect(op(d).pagination).toEqual({
      style: "cursor",
      cursor: "$response.body#/next_marker",
      send: { in: "query", name: "marker" },
      items: ["data"],
      pageSize: "limit",
    });
    expect(await linkProblems(d, "zqshelf")).toEqual([]);
  });

  it("a next address three levels down (links.pages.next)", async () => {
    const schema = {
      type: "object",
      properties: {
        shelves: { type: "array", items: shelf },
        links: {
          type: "object",
          properties: {
            pages: {
              type: "object",
              properties: { next: { type: "string", format: "uri" }, last: { type: "string", format: "uri" } },
            },
          },
        },
        meta: { type: "object", properties: { total: { type: "integer" } } },
      },
    };
    const d = paging(
      openapi(
        listShelves(
          [query("page", { type: "integer", minimum: 1 }), query("per_page", { type: "integer", maximum: 200 })],
          schema,
          undefined,
        ),
      ),
    );
    expect(op(d).pagination).toEqual({
      style: "nextUrl",
      url: "$response.body#/links/pages/next",
      total: "$response.body#/meta/total",
      items: ["data"],
    });
    expect(await linkProblems(d, "zqshelf")).toEqual([]);
  });

  it(
    "a cursor parameter beside a bare list, no Link header declared: the Link header drafted, " +
      "with a note to check it, and followed",
    async () => {
      const d = paging(
        openapi(
          listShelves(
            [query("cursor", { type: "string", maxLength: 200 }), query("limit", { type: "integer", maximum: 100 })],
            { type: "array", items: shelf },
            undefined,
          ),
        ),
      );
      expect(op(d).pagination).toEqual({ style: "linkHeader", items: ["data"] });
      expect(notesAt(d, "operations.zqshelf_list_shelves.pagination")[0]).toMatch(
        /^paging drafted as the Link header .*cursor a cursor parameter.*declares no Link header; check it$/,
      );
      const [tool] = await linkedTools(d, "zqshelf");
      const next = '<http://127.0.0.1:9/zqshelves?cursor=c2>; rel="next"';
      const { fetch, seen } = scriptedFetch(json(200, [{ id: "s1" }], { link: next }), json(200, [{ id: "s2" }]));
      const all = await collectPages(
        tool!,
        { accessToken: "zq-token-0001" },
        { ...fullSupport, baseUrl: "http://127.0.0.1:9", fetch },
      );
      expect(all.success && all.output.data).toEqual([{ id: "s1" }, { id: "s2" }]);
      expect(seen[1]!.url).toContain("cursor=c2");
    },
  );

  it(
    "a next_page that the document shows as a token, not an address, beside a cursor parameter: " +
      "the cursor, ended by has_next",
    async () => {
      const paginate = (nextPage: Json) => ({
        type: "object",
        properties: {
          data: { type: "array", items: shelf },
          meta: {
            type: "object",
            properties: {
              paginate: { type: "object", properties: { next_page: nextPage, has_next: { type: "boolean" } } },
            },
          },
        },
      });
      const params = [
        query("cursor", { type: "string", maxLength: 200 }),
        query("limit", { type: "integer", maximum: 50 }),
      ];
      const d = paging(openapi(listShelves(params, paginate({ type: "string", example: "eyJpZCI6MjJ9" }), undefined)));
      expect(op(d).pagination).toEqual({
        style: "cursor",
        cursor: "$response.body#/meta/paginate/next_page",
        send: { in: "query", name: "cursor" },
        more: { from: "$response.body#/meta/paginate/has_next", equals: true },
        items: ["data"],
        pageSize: "limit",
      });
      expect(await linkProblems(d, "zqshelf")).toEqual([]);
      const [tool] = await linkedTools(d, "zqshelf");
      const page = (id: string, next: string, more: boolean) =>
        json(200, { data: [{ id }], meta: { paginate: { next_page: next, has_next: more } } });
      const { fetch, seen } = scriptedFetch(page("s1", "eyJpZCI6Mn0", true), page("s2", "eyJpZCI6M30", false));
      const all = await collectPages(
        tool!,
        { accessToken: "zq-token-0001" },
        { ...fullSupport, baseUrl: "http://127.0.0.1:9", fetch },
      );
      expect(all.success && all.output.data).toEqual([{ id: "s1" }, { id: "s2" }]);
      expect(seen.map((r) => new URL(r.url).searchParams.get("cursor"))).toEqual([null, "eyJpZCI6Mn0"]);
      // Shown as an address (a uri format, or an address as its example), it stays the next page's address.
      for (const next of [
        { type: "string", format: "uri" },
        { type: "string", example: "https://api.zqshelf.test/zqshelves?cursor=c2" },
      ]) {
        expect(op(paging(openapi(listShelves(params, paginate(next), undefined)))).pagination?.style).toBe("nextUrl");
      }
    },
  );

  it(
    "an offset beside a hasMoreItems flag (Unblu): the offset style, ended by the flag rather " + "than an empty page",
    async () => {
      const schema = {
        type: "object",
        properties: { items: { type: "array", items: shelf }, hasMoreItems: { type: "boolean" } },
      };
      const d = paging(
        openapi(
          listShelves(
            [query("offset", { type: "integer", minimum: 0 }), query("limit", { type: "integer", maximum: 50 })],
            schema,
            undefined,
          ),
        ),
      );
      expect(op(d).pagination).toEqual({
        style: "offset",
        send: { in: "query", name: "offset" },
        more: { from: "$response.body#/hasMoreItems", equals: true },
        items: ["data"],
        pageSize: "limit",
      });
      const [tool] = await linkedTools(d, "zqshelf");
      const { fetch, seen } = scriptedFetch(
        json(200, { items: [{ id: "s1" }], hasMoreItems: true }),
        json(200, { items: [{ id: "s2" }], hasMoreItems: false }),
      );
      const all = await collectPages(
        tool!,
        { accessToken: "zq-token-0001" },
        { ...fullSupport, baseUrl: "http://127.0.0.1:9", fetch },
      );
      expect(all.success && all.output.data).toEqual([{ id: "s1" }, { id: "s2" }]);
      expect(seen).toHaveLength(2);
    },
  );

  it("a zero-based page number: the page style from page 0, with has_more as the test of another page", async () => {
    const schema = {
      type: "object",
      properties: { shelves: { type: "array", items: shelf }, has_more: { type: "boolean" } },
    };
    const d = paging(openapi(listShelves([query("page_index", { type: "integer", minimum: 0 })], schema, undefined)));
    expect(op(d).pagination).toEqual({
      style: "page",
      send: { in: "query", name: "page_index" },
      start: 0,
      more: { from: "$response.body#/has_more", equals: true },
      items: ["data"],
    });
    expect(await linkProblems(d, "zqshelf")).toEqual([]);
  });

  it("a page number whose only hint of its first page is its example (0): the page style from page 0", () => {
    const schema = { type: "object", properties: { shelves: { type: "array", items: shelf } } };
    const zero = paging(
      openapi(listShelves([query("page", { type: "integer", format: "int64", example: 0 })], schema, undefined)),
    );
    expect(op(zero).pagination).toMatchObject({ style: "page", send: { in: "query", name: "page" }, start: 0 });
    const one = paging(openapi(listShelves([query("page", { type: "integer", example: 3 })], schema, undefined)));
    expect(op(one).pagination).not.toHaveProperty("start");
  });

  it("a token parameter named as the reply's field (next_page_token both ways)", async () => {
    const schema = {
      type: "object",
      properties: {
        zqshelves: { type: "array", items: shelf },
        next_page_token: { type: "string" },
        page_size: { type: "integer" },
        total_records: { type: "integer" },
      },
    };
    const d = paging(
      openapi(
        listShelves(
          [
            query("next_page_token", { type: "string", maxLength: 500 }),
            query("page_size", { type: "integer", maximum: 300 }),
          ],
          schema,
          undefined,
        ),
      ),
    );
    expect(op(d).pagination).toEqual({
      style: "cursor",
      cursor: "$response.body#/next_page_token",
      send: { in: "query", name: "next_page_token" },
      items: ["data"],
      pageSize: "page_size",
    });
    expect(await linkProblems(d, "zqshelf")).toEqual([]);
  });
});

describe("a next_page with no format and no example, described as a token, beside a cursor parameter", () => {
  it("is the cursor sent back as the parameter, not an address to follow", async () => {
    const body = (description: string) => ({
      type: "object",
      required: ["items"],
      properties: {
        items: { type: "array", items: shelf },
        next_page: { type: "string", nullable: true, description },
      },
    });
    const params = [
      query("page_token", { type: "string", nullable: true, maxLength: 200 }),
      query("limit", { type: "integer", minimum: 1 }),
    ];
    const d = paging(
      openapi(listShelves(params, body("token used to fetch the next page of results (if any)"), undefined)),
    );
    expect(op(d).pagination).toMatchObject({
      style: "cursor",
      cursor: "$response.body#/next_page",
      send: { in: "query", name: "page_token" },
    });
    expect(await linkProblems(d, "zqshelf")).toEqual([]);
    const [tool] = await linkedTools(d, "zqshelf");
    const page = (id: string, next: string | null) => json(200, { items: [{ id }], next_page: next });
    const { fetch, seen } = scriptedFetch(page("s1", "zq.tok/2"), page("s2", null));
    const all = await collectPages(
      tool!,
      { accessToken: "zq-token-0001" },
      { ...fullSupport, baseUrl: "http://127.0.0.1:9", fetch },
    );
    expect(all.success && all.output.data).toEqual([{ id: "s1" }, { id: "s2" }]);
    expect(seen.map((r) => new URL(r.url).searchParams.get("page_token"))).toEqual([null, "zq.tok/2"]);
    // Described as an address (or as nothing), it stays the next page's address.
    for (const said of ["URL of the next page (token included)", ""])
      expect(op(paging(openapi(listShelves(params, body(said), undefined)))).pagination?.style).toBe("nextUrl");
  });
});

describe("a paginationToken parameter beside the reply's pagination.nextToken", () => {
  it("is the cursor sent back: every page fetched with --all-pages", async () => {
    // A list paged by a `paginationToken` query parameter whose value is the reply's `pagination.nextToken`: the name
    // was none a cursor parameter is known by, so nothing was drafted and only the first page was ever read.
    const schema = {
      type: "object",
      properties: {
        zqshelves: { type: "array", items: shelf },
        pagination: { type: "object", properties: { nextToken: { type: "string", minLength: 1 } } },
      },
    };
    const params = [
      query("pageSize", { type: "integer", minimum: 1, maximum: 30 }),
      query("paginationToken", { type: "string", maxLength: 1024 }),
    ];
    const d = paging(openapi(listShelves(params, schema, undefined)));
    expect(op(d).pagination).toMatchObject({
      style: "cursor",
      cursor: "$response.body#/pagination/nextToken",
      send: { in: "query", name: "paginationToken" },
      pageSize: "pageSize",
    });
    expect(await linkProblems(d, "zqshelf")).toEqual([]);
    const [tool] = await linkedTools(d, "zqshelf");
    const page = (id: string, next?: string) =>
      json(200, { zqshelves: [{ id }], pagination: next === undefined ? {} : { nextToken: next } });
    const { fetch, seen } = scriptedFetch(page("s1", "zq tok/2+é"), page("s2"));
    const all = await collectPages(
      tool!,
      { accessToken: "zq-token-0001" },
      { ...fullSupport, baseUrl: "http://127.0.0.1:9", fetch },
    );
    expect(all.success && all.output.data).toEqual([{ id: "s1" }, { id: "s2" }]);
    expect(seen.map((r) => new URL(r.url).searchParams.get("paginationToken"))).toEqual([null, "zq tok/2+é"]);
    expect(seen[1] && new URL(seen[1].url).search).toContain("paginationToken=zq%20tok%2F2%2B%C3%A9");
  });
});
