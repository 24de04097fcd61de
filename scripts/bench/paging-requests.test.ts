// The paging bench's upstream (paging-requests.ts) for a list read from the first of several places (`from: [a, b]`):
// it put the list where the one place of a single `from` is, and found none for a first-of, so the call gathered no
// item and the bench stopped.
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { keyedDocument, keyedManifest, linkedTool } from "../../test-support/linked-tool.js";
import { runScratch } from "../../test-support/run/run-scratch.js";
import { PAGING_ITEMS, requests } from "./paging-requests.js";

const work = mkdtempSync(join(runScratch(), "blockwright-paging-bench-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const entry = { type: "object", properties: { id: { type: "string" } } };
/** A bare list of entries, or a page object holding it with the cursor of the next page. */
const listOrPage = {
  oneOf: [
    { type: "array", items: entry },
    {
      type: "object",
      required: ["data"],
      properties: { data: { type: "array", items: entry }, next_cursor: { type: "string", nullable: true } },
    },
  ],
};
const openapi = keyedDocument("zqledger", {
  "/zqentries": {
    get: {
      operationId: "listZqentries",
      parameters: [{ name: "cursor", in: "query", schema: { type: "string" } }],
      responses: { "200": { description: "entries", content: { "application/json": { schema: listOrPage } } } },
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
        from: ["$response.body", "$response.body#/data"]
        description: The entries.
`,
);

describe("the paging bench's upstream of a list read from the first of several places", () => {
  it(`pages the page object's list: ${PAGING_ITEMS} items in pages of the default`, async () => {
    const { tool } = await linkedTool(work, "zqledger", openapi, manifest, "zqledger_list");
    expect(await requests(tool, { apiKey: "bench-paging-key-0001" }, 250)).toBe(PAGING_ITEMS / 250);
  });
});
