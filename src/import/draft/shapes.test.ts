// Drafts that need no edit (issue 29), each shape on a small document of the
// tests' own (zqshelf): paging from every shape published lists use, records
// in envelopes, required bodies, operator parameter names, titles and plain
// descriptions, stream flags — and each draft links as generate links it.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { collectPages, executeToolDefinition, fullSupport } from "@blockwright/runtime/internal";
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
import { plainText, titleText } from "../plain-text.js";

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
  it("a relative next address beside many fields of a page (next_page_uri): the list found, the address followed", async () => {
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
  });

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

  it("a cursor parameter beside a bare list, no Link header declared: the Link header drafted, with a note to check it, and followed", async () => {
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
  });

  it("a next_page that the document shows as a token, not an address, beside a cursor parameter: the cursor, ended by has_next", async () => {
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
  });

  it("an offset beside a hasMoreItems flag (Unblu): the offset style, ended by the flag rather than an empty page", async () => {
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
  });

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

  it("the list named in the plural of a singular path word ({zqshelves, warnings} under /zqshelf/list), paged by number", async () => {
    const warning = { type: "object", properties: { message: { type: "string" } } };
    const schema = {
      type: "object",
      properties: {
        zqshelves: { type: "array", items: shelf },
        list_info: { type: "object", properties: { page: { type: "integer" }, num_pages: { type: "integer" } } },
        warnings: { type: "array", items: warning },
      },
    };
    const params = [
      query("page", { type: "integer", minimum: 1, default: 1 }),
      query("page_size", { type: "integer", maximum: 100 }),
    ];
    const d = paging(
      openapi({
        "/zqshelf/list": {
          get: {
            operationId: "listShelves",
            summary: "List shelves",
            parameters: params,
            responses: { "200": reply(schema, undefined) },
          },
        },
      }),
    );
    expect(op(d).outputs.data).toMatchObject({ type: "array", from: "$response.body#/zqshelves" });
    expect(op(d).pagination).toMatchObject({
      style: "page",
      send: { in: "query", name: "page" },
      items: ["data"],
      pageSize: "page_size",
    });
    expect(await linkProblems(d, "zqshelf")).toEqual([]);
  });

  it("the list named after the resource among other lists ({Zqshelves, Warnings} under /zqshelves), and a result list paged by number", async () => {
    const warning = { type: "object", properties: { Message: { type: "string" } } };
    const byName = paging(
      openapi(
        listShelves(
          [],
          {
            type: "object",
            properties: { Zqshelves: { type: "array", items: shelf }, Warnings: { type: "array", items: warning } },
          },
          undefined,
        ),
      ),
    );
    expect(op(byName).outputs.data).toMatchObject({ type: "array", from: "$response.body#/Zqshelves" });
    const schema = {
      type: "object",
      properties: {
        result: { type: "array", items: shelf },
        result_info: { type: "object", properties: { page: { type: "integer" }, total_count: { type: "integer" } } },
        errors: { type: "array", items: warning },
        success: { type: "boolean" },
      },
    };
    const d = paging(
      openapi(
        listShelves(
          [
            query("page", { type: "number", minimum: 1, default: 1 }),
            query("per_page", { type: "number", maximum: 50 }),
          ],
          schema,
          undefined,
        ),
      ),
    );
    expect(op(d).outputs.data).toMatchObject({ type: "array", from: "$response.body#/result" });
    expect(op(d).pagination).toEqual({
      style: "page",
      send: { in: "query", name: "page" },
      total: "$response.body#/result_info/total_count",
      items: ["data"],
      pageSize: "per_page",
    });
    expect(await linkProblems(d, "zqshelf")).toEqual([]);
  });

  it("a record with a list inside it is still a record, not a page", () => {
    const schema = {
      type: "object",
      properties: {
        id: { type: "string" },
        books: { type: "array", items: shelf },
        page: { type: "integer" },
        a: { type: "string" },
        b: { type: "string" },
        c: { type: "string" },
        d: { type: "string" },
      },
    };
    const d = paging(openapi(listShelves([query("page", { type: "integer" })], schema, undefined)));
    expect(op(d).outputs.data).toMatchObject({ type: "json", from: "$response.body" });
    expect(op(d).pagination).toBeUndefined();
  });
});

describe("a record in an envelope", () => {
  const getShelf = (schema: Json, path = "/zqshelves/{shelf_id}"): Json =>
    openapi({
      [path]: {
        get: {
          operationId: "getShelf",
          summary: "Get a shelf",
          parameters: [{ name: "shelf_id", in: "path", required: true, schema: { type: "string", maxLength: 64 } }],
          responses: { "200": reply(schema) },
        },
      },
    });
  const outputs = (d: ReturnType<typeof paging>) => d.manifest.operations.zqshelf_get_shelf!.outputs;

  it("wrapped in data: the outputs read from inside it, the fields beside it in metadata", async () => {
    const d = drafted(
      getShelf({ type: "object", required: ["data"], properties: { data: shelf, request_id: { type: "string" } } }),
      ["getShelf"],
      "zqshelf",
    );
    expect(outputs(d)).toEqual({
      data: { type: "json", from: "$response.body#/data", description: "The reply." },
      "metadata.id": { type: "string", from: "$response.body#/data/id", description: "The reply's id." },
      "metadata.name": {
        type: "string",
        from: "$response.body#/data/name",
        optional: true,
        description: "The reply's name.",
      },
      "metadata.requestId": {
        type: "string",
        from: "$response.body#/request_id",
        optional: true,
        description: "The reply's request_id.",
      },
    });
    expect(notesAt(d, "operations.zqshelf_get_shelf.outputs")).toEqual([
      "the 200 reply wraps its record in data: outputs read from inside it",
    ]);
    expect(await linkProblems(d, "zqshelf")).toEqual([]);
  });

  it("wrapped in a key named after the resource ({zqshelf: {…}} under /zqshelves/{id}), beside links", async () => {
    const d = drafted(
      getShelf({
        type: "object",
        properties: { zqshelf: shelf, links: { type: "object", properties: { self: { type: "string" } } } },
      }),
      ["getShelf"],
      "zqshelf",
    );
    expect(outputs(d).data).toEqual({
      type: "json",
      from: "$response.body#/zqshelf",
      optional: true,
      description: "The reply.",
    });
    expect(outputs(d)["metadata.id"]).toEqual({
      type: "string",
      from: "$response.body#/zqshelf/id",
      optional: true,
      description: "The reply's id.",
    });
    expect(await linkProblems(d, "zqshelf")).toEqual([]);
  });

  it("not wrapped in a field named after a parent collection of its path (an album's `user` under /zqusers/{user_id}/zqalbums)", () => {
    const owner = { type: "object", properties: { uri: { type: "string" }, name: { type: "string" } } };
    const album = {
      type: "object",
      properties: { uri: { type: "string" }, name: { type: "string" }, privacy: { type: "string" }, zquser: owner },
    };
    const d = drafted(getShelf(album, "/zqusers/{shelf_id}/zqalbums"), ["getShelf"], "zqshelf");
    expect(outputs(d).data).toEqual({ type: "json", from: "$response.body", description: "The reply." });
    expect(notesAt(d, "operations.zqshelf_get_shelf.outputs").filter((n) => n.includes("wraps"))).toEqual([]);
  });

  it("wrapped in result, beside lists of errors and messages", async () => {
    const note = { type: "object", properties: { code: { type: "integer" } } };
    const d = drafted(
      getShelf({
        type: "object",
        properties: {
          result: shelf,
          success: { type: "boolean" },
          errors: { type: "array", items: note },
          messages: { type: "array", items: note },
        },
      }),
      ["getShelf"],
      "zqshelf",
    );
    expect(outputs(d).data).toMatchObject({ from: "$response.body#/result" });
    expect(outputs(d)["metadata.success"]).toMatchObject({ type: "boolean", from: "$response.body#/success" });
    expect(await linkProblems(d, "zqshelf")).toEqual([]);
  });

  it("a record that carries its own id and a data field is no envelope", () => {
    const d = drafted(
      getShelf({ type: "object", properties: { id: { type: "string" }, data: shelf } }),
      ["getShelf"],
      "zqshelf",
    );
    expect(outputs(d).data).toMatchObject({ from: "$response.body" });
  });
});

describe("parameters", () => {
  it("a required body of one field its schema does not require (an envelope): the field required", async () => {
    const body = {
      type: "object",
      properties: { data: { type: "object", properties: { name: { type: "string", maxLength: 50 } } } },
    };
    const doc = openapi({
      "/zqshelves": {
        post: {
          operationId: "createShelf",
          summary: "Create a shelf",
          requestBody: { required: true, content: { "application/json": { schema: body } } },
          responses: { "201": reply(shelf) },
        },
      },
    });
    const d = drafted(doc, ["createShelf"], "zqshelf");
    expect(d.manifest.operations.zqshelf_create_shelf!.params!.data).toMatchObject({ type: "json", required: true });
    expect(notesAt(d, "operations.zqshelf_create_shelf.params")).toEqual([
      "the request body is required and has one field, data, which its schema does not list as required: drafted " +
        "required",
    ]);
    expect(await linkProblems(d, "zqshelf")).toEqual([]);
  });

  it("a required body whose fields are all optional: an empty body goes when a call gives none of them", async () => {
    const body = {
      type: "object",
      properties: { name: { type: "string", maxLength: 50 }, topic: { type: "string", maxLength: 50 } },
    };
    const doc = openapi({
      "/zqshelves": {
        post: {
          operationId: "createShelf",
          requestBody: { required: true, content: { "application/json": { schema: body } } },
          responses: { "201": reply(shelf) },
        },
      },
    });
    const d = drafted(doc, ["createShelf"], "zqshelf");
    expect(notesAt(d, "operations.zqshelf_create_shelf.params")).toEqual([
      "the request body is required, but its schema requires none of its fields: a call that gives none of them " +
        "sends an empty body ({})",
    ]);
    const [tool] = await linkedTools(d, "zqshelf");
    expect(tool!.body).toEqual({ mediaType: "application/json", encoding: "json", required: true });
    const { fetch, seen } = scriptedFetch(json(201, { id: "s1" }));
    await executeToolDefinition(tool!, { accessToken: "zq-token-0001" }, { fetch });
    expect(seen.map((s) => [s.body, s.headers.get("content-type")])).toEqual([["{}", "application/json"]]);
    await executeToolDefinition(tool!, { accessToken: "zq-token-0001", name: "Poetry" }, { fetch });
    expect(seen[1]!.body).toBe('{"name":"Poetry"}');
  });

  it("operators at the end of a name (DateAdded<, DateAdded>, Size>=) become words, each description saying its bound", async () => {
    const date = { type: "string", format: "date-time" };
    const params = ["DateAdded", "DateAdded<", "DateAdded>", "Size>=", "Size<="].map((name) => ({
      name,
      in: "query",
      description: "Filter by when the shelf was added.",
      schema: name.startsWith("Size") ? { type: "integer" } : date,
    }));
    const d = paging(openapi(listShelves(params, { type: "array", items: shelf }, undefined)));
    const drafted_ = op(d).params!;
    expect(Object.keys(drafted_)).toEqual([
      "DateAdded",
      "dateAddedBefore",
      "dateAddedAfter",
      "sizeOnOrAfter",
      "sizeOnOrBefore",
    ]);
    expect(drafted_.dateAddedBefore).toMatchObject({
      description: "Upper bound (sent as DateAdded<). Filter by when the shelf was added.",
      wire: { in: "query", name: "DateAdded<" },
    });
    expect(drafted_.dateAddedAfter).toMatchObject({
      description: "Lower bound (sent as DateAdded>). Filter by when the shelf was added.",
      wire: { in: "query", name: "DateAdded>" },
    });
    expect(drafted_.sizeOnOrAfter!.description).toBe(
      "Lower bound, inclusive (sent as Size>=). Filter by when the shelf was added.",
    );
    expect(await linkProblems(d, "zqshelf")).toEqual([]);
  });

  it("a json array keeps the schema's minItems and maxItems", async () => {
    const body = {
      type: "object",
      required: ["book_ids"],
      properties: { book_ids: { type: "array", minItems: 1, maxItems: 50, items: { type: "string", maxLength: 20 } } },
    };
    const doc = openapi({
      "/zqshelves": {
        post: {
          operationId: "createShelf",
          requestBody: { required: true, content: { "application/json": { schema: body } } },
          responses: { "201": reply(shelf) },
        },
      },
    });
    const d = drafted(doc, ["createShelf"], "zqshelf");
    expect(d.manifest.operations.zqshelf_create_shelf!.params!.book_ids).toMatchObject({
      type: "json",
      jsonType: "array",
      required: true,
      minItems: 1,
      maxItems: 50,
    });
    expect(await linkProblems(d, "zqshelf")).toEqual([]);
  });

  it("the stream flag of an operation that can answer server-sent events is left out, with a note", async () => {
    const body = {
      type: "object",
      required: ["prompt"],
      properties: {
        prompt: { type: "string", maxLength: 1000 },
        stream: { type: "boolean", nullable: true, default: false },
      },
    };
    const answers = {
      description: "The reply.",
      content: { "application/json": { schema: shelf }, "text/event-stream": { schema: { type: "string" } } },
    };
    const doc = openapi({
      "/zqshelves/suggest": {
        post: {
          operationId: "suggestShelf",
          summary: "Suggest a shelf",
          requestBody: { required: true, content: { "application/json": { schema: body } } },
          responses: { "200": answers },
        },
      },
    });
    const d = drafted(doc, ["suggestShelf"], "zqshelf");
    expect(Object.keys(d.manifest.operations.zqshelf_suggest_shelf!.params!)).toEqual(["prompt"]);
    expect(notesAt(d, "operations.zqshelf_suggest_shelf")).toContain(
      "stream is left out: true makes the upstream answer a stream of server-sent events (text/event-stream), " +
        "which the runtime does not read; without it the answer is JSON",
    );
    expect(await linkProblems(d, "zqshelf")).toEqual([]);
  });

  it("an operation answering JSON or server-sent events asks for the JSON with its own Accept, and a download beside it keeps its file's types", async () => {
    const answers = {
      description: "The reply.",
      content: { "application/json": { schema: shelf }, "text/event-stream": { schema: { type: "string" } } },
    };
    const file = {
      description: "The cover.",
      content: { "image/png": { schema: { type: "string", format: "binary" } } },
    };
    const doc = openapi({
      "/zqshelves/suggest": {
        post: {
          operationId: "suggestShelf",
          summary: "Suggest a shelf",
          requestBody: {
            required: true,
            content: { "application/json": { schema: { type: "object", properties: { prompt: { type: "string" } } } } },
          },
          responses: { "200": answers },
        },
      },
      "/zqshelves/cover": { get: { operationId: "getCover", summary: "Get the cover", responses: { "200": file } } },
    });
    const d = drafted(doc, ["suggestShelf", "getCover"], "zqshelf");
    const tools = await linkedTools(d, "zqshelf");
    const { fetch, seen } = scriptedFetch(
      json(200, { id: "s1" }),
      new Response(new Uint8Array([137, 80]), { status: 200, headers: { "content-type": "image/png" } }),
    );
    const call = (id: string, input: Record<string, unknown>) =>
      executeToolDefinition(
        tools.find((t) => t.id === id)!,
        { accessToken: "zq-token-0001", ...input },
        { ...fullSupport, baseUrl: "http://127.0.0.1:9", fetch },
      );
    expect((await call("zqshelf_suggest_shelf", { prompt: "a" })).success).toBe(true);
    expect((await call("zqshelf_get_cover", {})).success).toBe(true);
    expect(seen.map((r) => r.headers.get("accept"))).toEqual(["application/json", "image/png, application/json;q=0.5"]);
    expect(d.manifest.constants).toBeUndefined();
  });

  it("a stream flag of an operation that answers JSON only is a parameter like any other", () => {
    const body = { type: "object", properties: { stream: { type: "boolean" } } };
    const doc = openapi({
      "/zqshelves/watch": {
        post: {
          operationId: "watchShelf",
          requestBody: { content: { "application/json": { schema: body } } },
          responses: { "200": reply(shelf) },
        },
      },
    });
    expect(drafted(doc, ["watchShelf"], "zqshelf").manifest.operations.zqshelf_watch_shelf!.params).toHaveProperty(
      "stream",
    );
  });
});

describe("titles and descriptions", () => {
  const described = (summary: string | undefined, description?: string) =>
    drafted(
      openapi({
        "/zqshelves": {
          post: {
            operationId: "createShelf",
            ...(summary ? { summary } : {}),
            ...(description ? { description } : {}),
            responses: { "201": reply(shelf) },
          },
        },
      }),
      ["createShelf"],
      "zqshelf",
    ).manifest.operations.zqshelf_create_shelf!;

  it("the title is a one-sentence summary, its full stop dropped", () => {
    expect(described("Creates a shelf.").title).toBe("Creates a shelf");
  });

  it("a summary that is a paragraph or a teaser gives way to the operationId's words; the description is plain text", () => {
    const teaser =
      "**Starting a new shelf?** We recommend trying [Racks](/docs/racks) first. --- Creates a shelf for the " +
      "given books.";
    const o = described(teaser);
    expect(o.title).toBe("Create shelf");
    expect(o.description).toBe(
      "Starting a new shelf? We recommend trying Racks first. Creates a shelf for the given books.",
    );
  });

  it("Markdown and HTML go, comparisons stay", () => {
    expect(
      plainText(
        '# Shelves\n\n- Use `zq_id` for __one__ shelf; *see* [the guide](https://zq.test/g "Guide").\n- `<=YYYY-MM-DD` finds older ones, <b>a < b</b>.',
      ),
    ).toBe("Shelves Use zq_id for one shelf; see the guide. <=YYYY-MM-DD finds older ones, a < b.");
    expect(plainText("snake_case_names and 2 * 3 * 4 stay")).toBe("snake_case_names and 2 * 3 * 4 stay");
  });

  it("an HTML list or paragraph opened right after a word keeps a space there (a header's values in <ul><li> ran into the sentence before)", () => {
    expect(
      plainText(
        "Value is:<ul><li><code>return=minimal</code>. Minimal.</li><li><code>return=representation</code>. " +
          "Whole.</li></ul>",
      ),
    ).toBe("Value is: return=minimal. Minimal. return=representation. Whole.");
    expect(plainText("One.<p>Two.</p><div>Three</div>")).toBe("One. Two. Three");
  });

  it("titleText: a short first sentence that is a statement, or nothing", () => {
    expect(titleText("List shelves", 80)).toBe("List shelves");
    expect(titleText("Create a shelf. If using a date only, the time is ignored.", 80)).toBe("Create a shelf");
    expect(titleText("Ready? Lists shelves.", 80)).toBeUndefined();
    expect(titleText("x".repeat(81), 80)).toBeUndefined();
  });
});

describe("the document's own gaps", () => {
  it("a schema the chosen operations $ref that the document defines nowhere: added to the cut accepting any value, noted; the draft links", async () => {
    const withGap = {
      ...shelf,
      properties: {
        ...shelf.properties,
        toggle: { $ref: "#/components/schemas/ZqToggleType" },
        other: { $ref: "#/components/schemas/ZqToggleType" },
      },
    };
    const doc = openapi({
      "/zqshelves/{id}": {
        get: {
          operationId: "getShelf",
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", maxLength: 20 } }],
          responses: { "200": reply(withGap, { id: "s1" }) },
        },
      },
    });
    const d = drafted(doc, ["getShelf"], "zqshelf");
    expect(d.added).toEqual(["components.schemas.ZqToggleType"]);
    expect(d.cut.unresolved).toEqual([]);
    expect(d.openapiText).toContain(
      "# Added by blockwright add, not published: components.schemas.ZqToggleType (the document refers to it but " +
        "defines it nowhere: any value).",
    );
    expect(d.openapiText).toMatch(
      /\n {4}ZqToggleType:\n {6}description: 'Added by blockwright add: the published document refers to ZqToggleType but defines it nowhere; any value is accepted\.'\n/,
    );
    expect(notesAt(d, "openapi")).toEqual([
      expect.stringContaining("defines nowhere (components.schemas.ZqToggleType)"),
    ]);
    expect(doc.components.schemas).toBeUndefined();
    expect(await linkProblems(d, "zqshelf")).toEqual([]);
  });

  it("a response the operations $ref that the document defines nowhere (an error answer): added with no body, noted; a 204 declared with a body is read as bodiless; the draft links", async () => {
    const doc = openapi({
      "/zqshelves/{id}": {
        delete: {
          operationId: "deleteShelf",
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", maxLength: 20 } }],
          responses: {
            "204": { description: "Deleted", content: { "application/json": { schema: { type: "object" } } } },
            "404": { $ref: "#/components/responses/ZqNotFound" },
          },
        },
      },
    });
    const d = drafted(doc, ["deleteShelf"], "zqshelf");
    expect(d.added).toEqual(["components.responses.ZqNotFound"]);
    expect(d.cut.unresolved).toEqual([]);
    expect(d.manifest.operations.zqshelf_delete_shelf!.outputs).toEqual({
      "metadata.status": expect.objectContaining({ from: "$statusCode" }),
    });
    expect(await linkProblems(d, "zqshelf")).toEqual([]);
  });
});
