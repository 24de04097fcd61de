// Cursor paging by an iterator that ends on a flag (Svix's lists: `iterator`
// sent back as the `iterator` parameter, `done: true` on the last page, whose
// iterator is still given): drafted as cursor paging that stops at `done`.
// Without a flag, a stream's reader (a shard's records, the next iterator on
// every reply): drafted to end when caught up, at the reply's number whose 0
// the document says means so, else at a page without items.
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

/** A POST reading a zqstream's shard: NextZqShardIterator sent back as the body's ZqShardIterator; `lag` its field. */
const stream = (lag: Record<string, unknown>) =>
  openapi({
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
                ZqMillisBehind: lag,
              },
            },
            { ZqRecords: [] },
          ),
        },
      },
    },
  });
const READ = "operations.acme_read_zqstream.pagination";
const OPEN = "paging recognised as a cursor: NextZqShardIterator of the reply, sent back as the body's ZqShardIterator";

describe("an iterator without an end flag (a stream's reader)", () => {
  it("ends when the reply's number whose 0 the document says means caught up is 0", async () => {
    const d = drafted(
      stream({
        type: "integer",
        description: "How far behind the tip the reader is. A value of zero indicates the reader is caught up.",
      }),
      ["readZqstream"],
    );
    expect(d.manifest.operations.acme_read_zqstream!.pagination).toEqual({
      style: "cursor",
      cursor: "$response.body#/NextZqShardIterator",
      send: { in: "body", pointer: "/ZqShardIterator" },
      until: { from: "$response.body#/ZqMillisBehind", equals: 0 },
      items: ["data"],
    });
    expect(notesAt(d, READ)).toEqual([
      `${OPEN}; an open stream gives the next iterator with every reply: the pages end when ZqMillisBehind is 0, ` +
        "caught up as the document says",
    ]);
    expect(await linkProblems(d)).toEqual([]);

    const [tool] = await linkedTools(d);
    const { fetch, seen } = scriptedFetch(
      json(200, { ZqRecords: [{ id: "a1" }], NextZqShardIterator: "i1", ZqMillisBehind: 700 }),
      json(200, { ZqRecords: [{ id: "a2" }], NextZqShardIterator: "i2", ZqMillisBehind: 0 }),
      json(200, { ZqRecords: [{ id: "a3" }], NextZqShardIterator: "i3", ZqMillisBehind: 0 }),
    );
    const all = await collectPages(
      tool!,
      { accessToken: "zq-token-0001", ZqShardIterator: "i0" },
      { ...fullSupport, baseUrl: "http://127.0.0.1:9", fetch },
    );
    expect(all).toMatchObject({ success: true, pages: { count: 2, complete: true } });
    expect(all.success && all.output.data).toEqual([{ id: "a1" }, { id: "a2" }]);
    expect(seen.map((r) => JSON.parse(String(r.body)).ZqShardIterator)).toEqual(["i0", "i1"]);
  });

  it("ends at a page without items where no number says so (none, or one whose 0 means nothing said)", () => {
    for (const lag of [{ type: "string" }, { type: "integer", description: "The count of zqrecords read." }]) {
      const d = drafted(stream(lag), ["readZqstream"]);
      expect(d.manifest.operations.acme_read_zqstream!.pagination).toMatchObject({ until: { empty: true } });
      expect(notesAt(d, READ)).toEqual([
        `${OPEN}; an open stream gives the next iterator with every reply: the pages end at a page without items ` +
          "(nothing more now); check that the stream says so",
      ]);
    }
    // With an end flag the list ends at the flag: no until (the drafts above).
    expect(drafted(doc, ["listZqapps"]).manifest.operations.acme_list_zqapps!.pagination).not.toHaveProperty("until");
  });
});
