// The loopback upstream of the poll cases answers a list that pages by a cursor (`next_cursor`) with its last page: no
// cursor. A cursor its schema requires was filled with a text like any other required value, so the poller asked for
// the next page again and again, and every poll case found no item ("expected [zqone-id, zqtwo-id], got []").
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { PollTriggerSpec } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { keyedDocument, keyedManifest, linkedTool } from "../../../test-support/linked-tool.js";
import { answerBody } from "./poll-upstream.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-poll-cursor-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const page = {
  type: "object",
  required: ["data", "next_cursor"],
  properties: {
    data: { type: "array", items: { type: "object", properties: { id: { type: "string" } } } },
    next_cursor: { type: "string", nullable: true },
  },
};
const openapi = keyedDocument("zqledger", {
  "/zqentries": {
    get: {
      operationId: "listZqentries",
      parameters: [{ name: "cursor", in: "query", schema: { type: "string" } }],
      responses: { "200": { description: "a page", content: { "application/json": { schema: page } } } },
    },
  },
});
const manifest = keyedManifest(
  "zqledger",
  `  zqledger_list:
    operationId: listZqentries
    title: List entries
    description: List entries.
    params:
      cursor:
        type: string
        maxLength: 100
        description: Where the page starts.
        wire: { in: query }
    pagination:
      style: cursor
      cursor: $response.body#/next_cursor
      send: { in: query, name: cursor }
      items: [data]
    outputs:
      data:
        type: array
        from: $response.body#/data
        description: The entries.
      metadata.nextCursor:
        type: string
        from: $response.body#/next_cursor
        description: Where the next page starts.
`,
);

const { tool } = await linkedTool(work, "zqledger", openapi, manifest, "zqledger_list");

describe("the poll cases' upstream of a list that pages by a cursor its schema requires", () => {
  it("answers the last page, with no cursor", () => {
    const trigger = { items: "data" } as PollTriggerSpec;
    expect(answerBody(tool, trigger, [{ id: "zqone" }], {})).toEqual({ data: [{ id: "zqone" }] });
  });
});
