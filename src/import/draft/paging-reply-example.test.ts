// A `next` field of a list's reply that has no format, example or description of its own, beside a cursor
// parameter: the reply's own example says what it holds (issue 59). Shown there as a token, it is the cursor sent
// back; shown as an address, or not shown, it stays the next page's address.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { collectPages, fullSupport } from "@blockwright/runtime/internal";
import { json, scriptedFetch } from "../../../test-support/runtime/scripted-fetch.js";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  linkProblems,
  openapi,
  reply,
  type Json,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const shelf = { type: "object", required: ["id"], properties: { id: { type: "string" } } };
// The reply as an allOf of the list and a shared paging object, the `next` field bare.
const components = {
  schemas: {
    ZqShelves: { type: "object", required: ["zqshelves"], properties: { zqshelves: { type: "array", items: shelf } } },
    ZqCursorPage: {
      type: "object",
      properties: {
        pagination: {
          type: "object",
          description: "Send pagination.next back to read the following page.",
          properties: { next: { type: "string" }, previous: { type: "string" } },
        },
      },
    },
  },
};
const listShelves = (example: unknown): Json =>
  openapi(
    {
      "/zqshelves": {
        get: {
          operationId: "listShelves",
          parameters: [
            { name: "cursor", in: "query", schema: { type: "string", maxLength: 500 } },
            { name: "limit", in: "query", schema: { type: "integer", minimum: 1, maximum: 100 } },
          ],
          responses: {
            "200": reply(
              { allOf: [{ $ref: "#/components/schemas/ZqShelves" }, { $ref: "#/components/schemas/ZqCursorPage" }] },
              example,
            ),
          },
        },
      },
    },
    components,
  );
const pagingOf = (example: unknown) =>
  drafted(listShelves(example), ["listShelves"], "zqshelf").manifest.operations.zqshelf_list_shelves!.pagination;

describe("a bare next field that the reply's example shows as a token, beside a cursor parameter", () => {
  it("is the cursor sent back as the parameter: every page read, none fetched as an address", async () => {
    const example = { zqshelves: [{ id: "s1" }], pagination: { next: "eyJpZCI6MjJ9", previous: "eyJpZCI6MX0" } };
    const d = drafted(listShelves(example), ["listShelves"], "zqshelf");
    expect(d.manifest.operations.zqshelf_list_shelves!.pagination).toEqual({
      style: "cursor",
      cursor: "$response.body#/pagination/next",
      send: { in: "query", name: "cursor" },
      items: ["data"],
      pageSize: "limit",
    });
    expect(await linkProblems(d, "zqshelf")).toEqual([]);
    const [tool] = await linkedTools(d, "zqshelf");
    const page = (id: string, next?: string) =>
      json(200, { zqshelves: [{ id }], pagination: next === undefined ? {} : { next } });
    const { fetch, seen } = scriptedFetch(page("s1", "eyJp ZCI6/Mn0+"), page("s2"));
    const all = await collectPages(
      tool!,
      { accessToken: "zq-token-0001" },
      { ...fullSupport, baseUrl: "http://127.0.0.1:9", fetch },
    );
    expect(all.success && all.output.data).toEqual([{ id: "s1" }, { id: "s2" }]);
    // Followed as an address, the second request went to /eyJp%20ZCI6/Mn0+ with no cursor.
    expect(seen.map((r) => new URL(r.url).pathname)).toEqual(["/zqshelves", "/zqshelves"]);
    expect(seen.map((r) => new URL(r.url).searchParams.get("cursor"))).toEqual([null, "eyJp ZCI6/Mn0+"]);
  });

  it("stays the next page's address where the reply shows an address there, or shows nothing", () => {
    for (const next of ["https://api.zqshelf.test/zqshelves?cursor=c2", "/zqshelves?cursor=c2", "?cursor=c2"])
      expect(pagingOf({ zqshelves: [], pagination: { next } })?.style).toBe("nextUrl");
    expect(pagingOf(undefined)?.style).toBe("nextUrl");
    // A last page's (null, or an empty text) shows no form either.
    for (const next of [null, ""]) expect(pagingOf({ zqshelves: [], pagination: { next } })?.style).toBe("nextUrl");
  });
});
