// Cursor paging by an iterator that ends on a flag (Svix's lists: `iterator`
// sent back as the `iterator` parameter, `done: true` on the last page, whose
// iterator is still given): drafted as cursor paging that stops at `done`.
import { rmSync } from "node:fs";
import { collectPages, fullSupport } from "@blockwright/runtime/internal";
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

const zqapp = { type: "object", required: ["id"], properties: { id: { type: "string" }, name: { type: "string" } } };
const doc = openapi({
  "/zqapps": {
    get: {
      operationId: "listZqapps",
      parameters: [
        { name: "limit", in: "query", schema: { type: "integer", minimum: 1, maximum: 250 } },
        { name: "iterator", in: "query", schema: { type: "string", maxLength: 64, nullable: true } },
      ],
      responses: {
        "200": reply(
          {
            type: "object",
            required: ["data", "done"],
            properties: {
              data: { type: "array", items: zqapp },
              iterator: { type: "string", nullable: true },
              prevIterator: { type: "string", nullable: true },
              done: { type: "boolean" },
            },
          },
          { data: [{ id: "a1" }], iterator: "i1", prevIterator: null, done: true },
        ),
      },
    },
  },
});

describe("an iterator with a done flag", () => {
  it("is drafted as cursor paging that goes on while done is false", async () => {
    const d = drafted(doc, ["listZqapps"]);
    expect(d.manifest.operations.acme_list_zqapps!.pagination).toEqual({
      style: "cursor",
      cursor: "$response.body#/iterator",
      send: { in: "query", name: "iterator" },
      more: { from: "$response.body#/done", equals: false },
      items: ["data"],
      pageSize: "limit",
    });
    expect(await linkProblems(d)).toEqual([]);
  });

  it("collects every page and stops at the page marked done, though it gives an iterator", async () => {
    const [tool] = await linkedTools(drafted(doc, ["listZqapps"]));
    const { fetch, seen } = scriptedFetch(
      json(200, { data: [{ id: "a1" }], iterator: "i1", done: false }),
      json(200, { data: [{ id: "a2" }], iterator: "i2", done: true }),
      json(200, { data: [{ id: "a3" }], iterator: "i3", done: true }),
    );
    const all = await collectPages(
      tool!,
      { accessToken: "zq-token-0001" },
      { ...fullSupport, baseUrl: "http://127.0.0.1:9", fetch },
    );
    expect(all.success && all.output.data).toEqual([{ id: "a1" }, { id: "a2" }]);
    expect(seen.map((r) => new URL(r.url).searchParams.get("iterator"))).toEqual([null, "i1"]);
  });
});

describe("an iterator without an end flag", () => {
  it("is drafted as cursor paging whose note says that an open stream's pages end at the page cap", async () => {
    const records = openapi({
      "/zqstream.read": {
        post: {
          operationId: "readZqstream",
          requestBody: {
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["ZqShardIterator"],
                  properties: { ZqShardIterator: { type: "string" } },
                },
              },
            },
          },
          responses: {
            "200": reply(
              {
                type: "object",
                properties: {
                  ZqRecords: { type: "array", items: zqapp },
                  NextZqShardIterator: { type: "string" },
                  ZqMillisBehind: { type: "integer" },
                },
              },
              { ZqRecords: [] },
            ),
          },
        },
      },
    });
    const d = drafted(records, ["readZqstream"]);
    expect(d.manifest.operations.acme_read_zqstream!.pagination).toMatchObject({
      style: "cursor",
      cursor: "$response.body#/NextZqShardIterator",
      send: { in: "body", pointer: "/ZqShardIterator" },
    });
    expect(notesAt(d, "operations.acme_read_zqstream.pagination")).toEqual([
      "paging recognised as a cursor: NextZqShardIterator of the reply, sent back as the body's ZqShardIterator; an " +
        "iterator of an open stream may come with every reply: all pages then stop at the page cap (--max-pages, " +
        "100 unless given) with pages.complete false; check how the list ends",
    ]);
    // With an end flag the list ends at the flag: no such note (the drafts above).
    expect(notesAt(drafted(doc, ["listZqapps"]), "operations.acme_list_zqapps.pagination")[0]).not.toContain("cap");
  });
});
