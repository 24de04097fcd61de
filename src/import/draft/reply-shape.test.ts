// Which shape a reply has (issue 29), on small documents of the tests' own
// (zqshelf): a record in an envelope (data, a key named after the resource,
// result; not a field named after a parent collection, nor a record with its
// own id and a data field), and the field that holds a list (named after the
// path's resource, among other lists; not a list inside a record).
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
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
  const outputs = (d: ReturnType<typeof drafted>) => d.manifest.operations.zqshelf_get_shelf!.outputs;

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

  it(
    "not wrapped in a field named after a parent collection of its path (an album's `user` " +
      "under /zqusers/{user_id}/zqalbums)",
    () => {
      const owner = { type: "object", properties: { uri: { type: "string" }, name: { type: "string" } } };
      const album = {
        type: "object",
        properties: { uri: { type: "string" }, name: { type: "string" }, privacy: { type: "string" }, zquser: owner },
      };
      const d = drafted(getShelf(album, "/zqusers/{shelf_id}/zqalbums"), ["getShelf"], "zqshelf");
      expect(outputs(d).data).toEqual({ type: "json", from: "$response.body", description: "The reply." });
      expect(notesAt(d, "operations.zqshelf_get_shelf.outputs").filter((n) => n.includes("wraps"))).toEqual([]);
    },
  );

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

describe("the field that holds the list", () => {
  it(
    "the list named in the plural of a singular path word ({zqshelves, warnings} under " +
      "/zqshelf/list), paged by number",
    async () => {
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
    },
  );

  it(
    "the list named after the resource among other lists ({Zqshelves, Warnings} under " +
      "/zqshelves), and a result list paged by number",
    async () => {
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
    },
  );

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
