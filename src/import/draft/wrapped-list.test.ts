// A list one level down in the reply, and a cursor deeper in its paging
// object: shapes add drafted as a whole-body record with no paging. A list
// inside an object of a reply that is no record (`{status, error, meta:
// {zqwidgets: […], cursor: {before, after}}}`, `{zqsearch: {items: […],
// cursors: {after}}}`) is the data; an `after` anywhere in a paging object
// (`paging.cursors.after`) is the cursor. A record with a list inside it
// stays a record. Two objects down (an envelope around a header and a body
// holding the list) it is the data too.
import { rmSync } from "node:fs";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { json, scriptedFetch } from "../../../test-support/runtime/scripted-fetch.js";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  reply,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const zqwidget = { type: "object", required: ["id"], properties: { id: { type: "string" }, name: { type: "string" } } };
const query = (name: string, type: string) => ({ name, in: "query", schema: { type } });
const credential = { accessToken: "zq-credential-0001" };

describe("a list inside an object of a reply that is no record", () => {
  // Fields that hold one value only say nothing of a record; the cursor object names its place in the paging.
  const wrapped = {
    type: "object",
    required: ["status", "error", "meta"],
    properties: {
      status: { type: "number", enum: [200] },
      error: { type: "boolean", enum: [false] },
      meta: {
        type: "object",
        required: ["zqwidgets"],
        properties: {
          zqwidgets: { type: "array", items: zqwidget },
          cursor: { type: "object", properties: { before: { type: "number" }, after: { type: "number" } } },
        },
      },
    },
  };
  const doc = openapi({
    "/zqteams/{team}/zqwidgets": {
      get: {
        operationId: "listZqwidgets",
        parameters: [
          { name: "team", in: "path", required: true, schema: { type: "string" } },
          query("page_size", "number"),
          query("after", "number"),
          query("before", "number"),
        ],
        responses: { "200": reply(wrapped, { status: 200, error: false, meta: { zqwidgets: [] } }) },
      },
    },
  });

  it("is the data, and the after inside its cursor object the cursor; it links", async () => {
    const d = drafted(doc, ["listZqwidgets"]);
    const op = d.manifest.operations.acme_list_zqwidgets!;
    expect(op.outputs.data).toMatchObject({ type: "array", from: "$response.body#/meta/zqwidgets" });
    expect(op.outputs["metadata.count"]).toMatchObject({ from: "$response.body#/meta/zqwidgets", count: true });
    // The fields that hold one value only are left out.
    expect(Object.keys(op.outputs).sort()).toEqual(["data", "metadata.count"]);
    expect(op.pagination).toEqual({
      style: "cursor",
      cursor: "$response.body#/meta/cursor/after",
      send: { in: "query", name: "after" },
      items: ["data"],
      pageSize: "page_size",
    });
    expect(notesAt(d, "operations.acme_list_zqwidgets.outputs")).toContainEqual(
      "the 200 reply keeps its list in meta.zqwidgets: data read from there",
    );
    expect(await linkProblems(d)).toEqual([]);
  });

  it("walks every page, each next one asked with the cursor the last gave", async () => {
    const [tool] = await linkedTools(drafted(doc, ["listZqwidgets"]));
    const page = (ids: string[], after?: number) =>
      json(200, {
        status: 200,
        error: false,
        meta: {
          zqwidgets: ids.map((id) => ({ id, name: `zq ${id}` })),
          ...(after !== undefined ? { cursor: { after } } : {}),
        },
      });
    const { fetch, seen } = scriptedFetch(page(["w1", "w2"], 17), page(["w3"]));
    const result = await executeToolDefinition(
      tool!,
      { ...credential, team: "zq-team" },
      { baseUrl: "http://127.0.0.1:9", fetch, allPages: true },
    );
    expect(result).toMatchObject({
      success: true,
      output: { data: [{ id: "w1" }, { id: "w2" }, { id: "w3" }], metadata: { count: 3 } },
    });
    expect(seen.map((r) => new URL(r.url).search)).toEqual(["", "?after=17"]);
  });

  it(
    "drafts what the object holds as optional when the object is: the list defaults to [], its " +
      "scalars may be absent",
    () => {
      const loose = {
        type: "object",
        properties: {
          zqsearch: {
            type: "object",
            required: ["items", "total"],
            properties: { items: { type: "array", items: zqwidget }, total: { type: "integer" } },
          },
        },
      };
      const searching = openapi({
        "/zqwidgets/search": {
          get: {
            operationId: "searchZqwidgets",
            parameters: [query("q", "string")],
            responses: { "200": reply(loose, {}) },
          },
        },
      });
      const outputs = drafted(searching, ["searchZqwidgets"]).manifest.operations.acme_search_zqwidgets!.outputs;
      expect(outputs.data).toMatchObject({ from: "$response.body#/zqsearch/items", default: [] });
      expect(outputs["metadata.total"]).toMatchObject({ from: "$response.body#/zqsearch/total", optional: true });
    },
  );

  it(
    "is found two objects down, beside a header (`{zqmessage: {zqheader: {…}, zqbody: " +
      "{zqwidget_list: […]}}}`), and pages by the page it is sent; it links",
    async () => {
      const twoDown = {
        type: "object",
        properties: {
          zqmessage: {
            type: "object",
            properties: {
              zqheader: {
                type: "object",
                properties: { status_code: { type: "number" }, execute_time: { type: "number" } },
              },
              zqbody: {
                type: "object",
                properties: {
                  zqwidget_list: { type: "array", items: { type: "object", properties: { zqwidget: zqwidget } } },
                },
              },
            },
          },
        },
      };
      const searching = openapi({
        "/zqwidget.search": {
          get: {
            operationId: "searchZqwidgets",
            parameters: [query("q", "string"), query("page", "number"), query("page_size", "number")],
            responses: { "200": reply(twoDown, {}) },
          },
        },
      });
      const d = drafted(searching, ["searchZqwidgets"]);
      const op = d.manifest.operations.acme_search_zqwidgets!;
      expect(op.outputs.data).toMatchObject({
        type: "array",
        from: "$response.body#/zqmessage/zqbody/zqwidget_list",
        default: [],
      });
      expect(op.pagination).toMatchObject({
        style: "page",
        send: { in: "query", name: "page" },
        items: ["data"],
        pageSize: "page_size",
      });
      expect(notesAt(d, "operations.acme_search_zqwidgets.outputs")).toContainEqual(
        "the 200 reply keeps its list in zqmessage.zqbody.zqwidget_list: data read from there",
      );
      expect(await linkProblems(d)).toEqual([]);
    },
  );

  it("leaves a record with a list inside it a record: a reply with scalars of its own", () => {
    const record = {
      type: "object",
      properties: {
        zqreference: { type: "string" },
        zqoutcome: { type: "string" },
        zqchecks: {
          type: "object",
          properties: { score: { type: "number" }, results: { type: "array", items: zqwidget } },
        },
      },
    };
    const payment = openapi({
      "/zqpayments": {
        post: {
          operationId: "createZqpayment",
          requestBody: {
            content: { "application/json": { schema: { type: "object", properties: { amount: { type: "number" } } } } },
          },
          responses: { "200": reply(record, {}) },
        },
      },
    });
    const outputs = drafted(payment, ["createZqpayment"]).manifest.operations.acme_create_zqpayment!.outputs;
    expect(outputs.data).toMatchObject({ type: "json", from: "$response.body" });
  });
});

describe("an after cursor deeper in the reply's paging object", () => {
  it("is sent back as after (paging: {cursors: {before, after}})", async () => {
    const listing = {
      type: "object",
      properties: {
        data: { type: "array", items: zqwidget },
        paging: {
          type: "object",
          properties: {
            cursors: { type: "object", properties: { before: { type: "string" }, after: { type: "string" } } },
            next: { type: "string", format: "uri" },
          },
        },
      },
    };
    const doc = openapi({
      "/zqwidgets": {
        get: {
          operationId: "listZqwidgets",
          parameters: [query("limit", "integer"), query("after", "string")],
          responses: { "200": reply(listing, { data: [] }) },
        },
      },
    });
    const d = drafted(doc, ["listZqwidgets"]);
    expect(d.manifest.operations.acme_list_zqwidgets!.pagination).toEqual({
      style: "cursor",
      cursor: "$response.body#/paging/cursors/after",
      send: { in: "query", name: "after" },
      items: ["data"],
      pageSize: "limit",
    });
    expect(await linkProblems(d)).toEqual([]);
  });
});
