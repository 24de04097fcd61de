// The paging bench's upstream (paging-requests.ts) for a list read from the first of several places (`from: [a, b]`):
// it put the list where the one place of a single `from` is, and found none for a first-of, so the call gathered no
// item and the bench stopped. And for a round of changes (pages linked by a next address in the body, the last one
// giving the address of the next round; no page size to ask for), whose next address is an optional output too: the
// upstream filled every optional output, so the last page gave a next address and the call looped (no case measured
// such a list; the bench stopped on it).
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { keyedDocument, keyedManifest, linkedTool } from "../../test-support/linked-tool.js";
import { LIST_OR_PAGE, zqLedger } from "../../test-support/zq-ledger.js";
import { runScratch } from "../../test-support/run/run-scratch.js";
import { PAGING_ITEMS, requests } from "./paging-requests.js";

const work = mkdtempSync(join(runScratch(), "blockwright-paging-bench-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const { openapi, manifest } = zqLedger(LIST_OR_PAGE, '["$response.body", "$response.body#/data"]', false);

describe("the paging bench's upstream of a list read from the first of several places", () => {
  it(`pages the page object's list: ${PAGING_ITEMS} items in pages of the default`, async () => {
    const { tool } = await linkedTool(work, "zqledger", openapi, manifest, "zqledger_list");
    expect(await requests(tool, { apiKey: "bench-paging-key-0001" }, 250)).toBe(PAGING_ITEMS / 250);
  });
});

/** zqledger's round of changes: pages linked by `@zq.next`, the last giving `@zq.round`, both optional outputs. */
const round = {
  openapi: keyedDocument("zqledger", {
    "/zqchanges": {
      get: {
        operationId: "zqChanges",
        responses: {
          "200": {
            description: "changes",
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  properties: {
                    value: { type: "array", items: { type: "object", properties: { id: { type: "string" } } } },
                    "@zq.next": { type: "string" },
                    "@zq.round": { type: "string" },
                  },
                },
              },
            },
          },
        },
      },
    },
  }),
  manifest: keyedManifest(
    "zqledger",
    `  zqledger_changes:
    operationId: zqChanges
    title: Track changes
    description: Every entry the first time, then the changes since.
    pagination:
      style: nextUrl
      url: "$response.body#/@zq.next"
      items: [data]
    outputs:
      data: { type: array, from: "$response.body#/value", description: The entries changed. }
      metadata.round: { type: string, from: "$response.body#/@zq.round", optional: true, description: The next round. }
      metadata.next: { type: string, from: "$response.body#/@zq.next", optional: true, description: The next page. }
`,
  ),
};

describe("the paging bench's upstream of a round of changes, its next address an optional output too", () => {
  it(`ends on the last page: ${PAGING_ITEMS} items in pages of the upstream's`, async () => {
    const { tool } = await linkedTool(work, "zqledger", round.openapi, round.manifest, "zqledger_changes");
    expect(await requests(tool, { apiKey: "bench-paging-key-0001" }, 200)).toBe(PAGING_ITEMS / 200);
  });
});
