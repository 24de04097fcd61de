// A paging value the JSON request body carries, declared again as a query parameter of the same name (a bare text
// described as "Pagination token"): the service reads the body. Drafted as published, the call sent the cursor and
// the limit in the query, its paging sent each next cursor there, and every page was the first. add leaves the copy
// out of the cut; the call and its paging send the body's fields. A query parameter named as a body field that is no
// paging value (a reply's field selector), or that the document requires, is a value of its own and stays.
import { rmSync } from "node:fs";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { json, scriptedFetch } from "../../../test-support/runtime/scripted-fetch.js";
import { draftWorkFolder, drafted, linkedTools, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";
import { withoutPagingQueryCopies } from "./paging-query-copies.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const text = (name: string, description: string, required = false) => ({
  name,
  in: "query",
  required,
  schema: { type: "string" },
  description,
});

const zqwidget = { type: "object", required: ["id"], properties: { id: { type: "string" } } };

const document = () =>
  openapi(
    {
      "/#ZqAction=ZqWidgets.Search": {
        post: {
          operationId: "searchZqwidgets",
          parameters: [
            text("limit", "Pagination limit"),
            text("pageToken", "Pagination token"),
            text("zqview", "Which fields the reply holds."),
            { $ref: "#/components/parameters/ZqStartKey" },
            text("zqowner", "Pagination token", true),
          ],
          requestBody: {
            required: true,
            content: { "application/json": { schema: { $ref: "#/components/schemas/SearchZqwidgets" } } },
          },
          responses: {
            "200": reply(
              {
                type: "object",
                properties: { zqwidgets: { type: "array", items: zqwidget }, nextPageToken: { type: "string" } },
              },
              { zqwidgets: [] },
            ),
          },
        },
      },
    },
    {
      parameters: { ZqStartKey: text("zqStartKey", "Pagination token") },
      schemas: {
        ZqLimit: { type: "integer", minimum: 1, maximum: 25 },
        SearchZqwidgets: {
          type: "object",
          properties: {
            limit: { allOf: [{ $ref: "#/components/schemas/ZqLimit" }, { description: "Widgets a page holds." }] },
            pageToken: { type: "string", description: "The nextPageToken of the previous page." },
            zqview: { type: "array", items: { type: "string" } },
            zqStartKey: { type: "object", properties: { zqid: { type: "string" } } },
            zqowner: { type: "string" },
          },
        },
      },
    },
  );

const OP = "/#ZqAction=ZqWidgets.Search";

describe("a query parameter copying a paging field of the JSON request body", () => {
  it("is left out of the cut, named or described as paging; a selector and a required one stay", () => {
    const cut = document();
    expect(withoutPagingQueryCopies(cut)).toEqual(["limit, pageToken, zqStartKey of searchZqwidgets"]);
    const left = cut.paths[OP].post.parameters.map((p: { name?: string; $ref?: string }) => p.name ?? p.$ref);
    expect(left).toEqual(["zqview", "zqowner"]);
  });

  it("leaves a document without the shape as it is", () => {
    const cut = document();
    delete cut.paths[OP].post.requestBody;
    const before = structuredClone(cut);
    expect(withoutPagingQueryCopies(cut)).toEqual([]);
    expect(cut).toEqual(before);
  });

  it("drafts the body's fields, and paging reading the cursor from the reply, writing it into the body", async () => {
    const d = drafted(document(), ["searchZqwidgets"]);
    const op = d.manifest.operations.acme_search_zqwidgets!;
    expect(op.params?.limit).toMatchObject({ type: "number", maximum: 25, wire: { in: "body" } });
    expect(op.params?.pageToken).toMatchObject({ type: "string", wire: { in: "body" } });
    expect(Object.keys(op.params ?? {}).filter((p) => /^(limit|pageToken|zqStartKey)\d/.test(p))).toEqual([]);
    expect(op.pagination).toEqual({
      style: "cursor",
      cursor: "$response.body#/nextPageToken",
      send: { in: "body", pointer: "/pageToken" },
      items: ["data"],
      pageSize: "limit",
    });
    expect(d.openapiText).toContain(
      "# Left out by blockwright add: the query parameters limit, pageToken, zqStartKey of searchZqwidgets (each a " +
        "paging value the JSON request body carries under the same name",
    );
    expect(d.notes.map((n) => n.note)).toContainEqual(
      expect.stringMatching(/^openapi\.yaml leaves out the query parameters limit, pageToken, zqStartKey of search/),
    );
    expect(await linkProblems(d)).toEqual([]);
  });

  it("walks every page with the cursor and the page size in the body, none in the query", async () => {
    const [tool] = await linkedTools(drafted(document(), ["searchZqwidgets"]));
    const page = (ids: string[], next?: string) =>
      json(200, { zqwidgets: ids.map((id) => ({ id })), ...(next ? { nextPageToken: next } : {}) });
    const { fetch, seen } = scriptedFetch(page(["w1", "w2"], "zq-next-1"), page(["w3"]));
    const result = await executeToolDefinition(
      tool!,
      { accessToken: "zq-credential-0001", zqowner: "zq-owner" },
      { baseUrl: "http://127.0.0.1:9", fetch, allPages: true },
    );
    expect(result).toMatchObject({ success: true, output: { data: [{ id: "w1" }, { id: "w2" }, { id: "w3" }] } });
    expect(seen.map((r) => new URL(r.url).search)).toEqual(["?zqowner=zq-owner", "?zqowner=zq-owner"]);
    expect(seen.map((r) => JSON.parse(r.body))).toEqual([{ limit: 25 }, { limit: 25, pageToken: "zq-next-1" }]);
  });
});
