// A reply's `after` beside its list, outside any paging object, that its description calls the next record's id
// (`{message, after: "Unique id of next filtered result", data}`), sent back as the request's `after`. Drafted as one
// page, `call --all-pages` refused the list ("returns one page only"). Now it is a cursor; an `after` the document
// does not describe as the next one's stays no paging (it may echo the request's).
import { rmSync } from "node:fs";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { server } from "../../../test-support/runtime/loopback-server.js";
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

const zqticket = { type: "object", properties: { id: { type: "string" } } };

/** A list of zqtickets taking `after` and `limit`, the reply's `after` described as `said`. */
const listing = (said: string) =>
  openapi({
    "/zqtickets": {
      get: {
        operationId: "searchZqtickets",
        parameters: [
          { name: "after", in: "query", schema: { type: "string" }, description: "The id after which to fetch" },
          { name: "limit", in: "query", schema: { type: "number", minimum: 1 } },
        ],
        responses: {
          "200": reply(
            {
              type: "object",
              required: ["message", "after", "data"],
              properties: {
                message: { type: "string", nullable: true },
                after: { type: "string", description: said },
                data: { type: "array", items: zqticket },
              },
            },
            { message: "Success", after: "zq-a0", data: [] },
          ),
        },
      },
    },
  });

describe("a reply's `after` described as the next one's", () => {
  it("is a cursor sent back as the query's after, and the draft links", async () => {
    const d = drafted(listing("Unique id of next filtered result"), ["searchZqtickets"]);
    expect(d.manifest.operations.acme_search_zqtickets!.pagination).toEqual({
      style: "cursor",
      cursor: "$response.body#/after",
      send: { in: "query", name: "after" },
      items: ["data"],
      pageSize: "limit",
    });
    expect(notesAt(d, "operations.acme_search_zqtickets.pagination")).toEqual([
      "paging recognised as a cursor: after of the reply, sent back as after",
    ]);
    expect(await linkProblems(d)).toEqual([]);
  });

  it("walks every page, the after of each reply sent back", async () => {
    const d = drafted(listing("Unique id of next filtered result"), ["searchZqtickets"]);
    const [tool] = await linkedTools(d);
    const pages: Json[] = [
      { message: "Success", after: "zq-a1 /é", data: [{ id: "t1" }, { id: "t2" }] },
      { message: "Success", after: "", data: [{ id: "t3" }] },
    ];
    const upstream = await server(() => ({ status: 200, body: JSON.stringify(pages.shift() ?? {}) }));
    try {
      const result = await executeToolDefinition(
        tool!,
        { accessToken: "zq-credential-0001" },
        { baseUrl: upstream.url, allPages: true },
      );
      expect(result).toMatchObject({ success: true, output: { data: [{ id: "t1" }, { id: "t2" }, { id: "t3" }] } });
      const sent = upstream.received.map((r) => new URL(r.url, "http://x").searchParams.get("after"));
      expect(sent).toEqual([null, "zq-a1 /é"]);
    } finally {
      await upstream.close();
    }
  });

  it("is no paging when the document does not call it the next one's", () => {
    const d = drafted(listing("The after given"), ["searchZqtickets"]);
    expect(d.manifest.operations.acme_search_zqtickets!.pagination).toBeUndefined();
  });
});
