// A list inside an object of the reply beside counts of its pages under
// names the drafter did not read as paging (`total_items`, `total_page`):
// HAL's `{_embedded: {zqcalls: […]}, _links: {next: {href}}, page, page_size,
// total_items, total_page}` was drafted as one record of the whole body, the
// list and its paging left out, `total_items` read as a scalar of a record.
// Counts of items, results, records or pages say how the list pages.
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

const href = { type: "object", properties: { href: { type: "string" } } };
const zqcall = { type: "object", properties: { zqid: { type: "string" }, zqstart: { type: "string" } } };
const halPage = {
  type: "object",
  properties: {
    _embedded: { type: "object", properties: { zqcalls: { type: "array", items: zqcall } } },
    _links: { type: "object", properties: { self: href, next: href } },
    page: { type: "number" },
    page_size: { type: "number" },
    total_items: { type: "number" },
    total_page: { type: "number" },
  },
};
const doc = openapi({
  "/zqaccounts/{zqaccount}/zqcalls": {
    get: {
      operationId: "listZqcalls",
      parameters: [
        { name: "zqaccount", in: "path", required: true, schema: { type: "string" } },
        { name: "page_size", in: "query", required: true, schema: { type: "number", default: 10 } },
        { name: "page", in: "query", required: true, schema: { type: "number", default: 1 } },
      ],
      responses: { "200": reply(halPage) },
    },
  },
});

describe("a list beside counts of its items and pages", () => {
  it("is the data, paged by its page number, the count of items the total; it links", async () => {
    const d = drafted(doc, ["listZqcalls"]);
    const op = d.manifest.operations.acme_list_zqcalls!;
    expect(op.outputs.data).toMatchObject({ type: "array", from: "$response.body#/_embedded/zqcalls" });
    expect(op.pagination).toMatchObject({
      style: "page",
      send: { in: "query", name: "page" },
      total: "$response.body#/total_items",
      items: ["data"],
      pageSize: "page_size",
    });
    expect(notesAt(d, "operations.acme_list_zqcalls.outputs")).toContainEqual(
      "the 200 reply keeps its list in _embedded.zqcalls: data read from there",
    );
    expect(await linkProblems(d)).toEqual([]);
  });

  it("gathers every page up to the total", async () => {
    const [tool] = await linkedTools(drafted(doc, ["listZqcalls"]));
    const page = (ids: string[], n: number) =>
      json(200, {
        _embedded: { zqcalls: ids.map((zqid) => ({ zqid })) },
        _links: { self: { href: "/x" } },
        page: n,
        page_size: 2,
        total_items: 3,
        total_page: 2,
      });
    const { fetch, seen } = scriptedFetch(page(["c1", "c2"], 1), page(["c3"], 2));
    const result = await executeToolDefinition(
      tool!,
      { accessToken: "zq-credential-0001", zqaccount: "a1", page_size: 2 },
      { baseUrl: "http://127.0.0.1:9", fetch, allPages: true },
    );
    expect(result).toMatchObject({ success: true, output: { data: [{ zqid: "c1" }, { zqid: "c2" }, { zqid: "c3" }] } });
    expect(seen.map((r) => new URL(r.url).searchParams.get("page"))).toEqual(["1", "2"]);
  });
});
