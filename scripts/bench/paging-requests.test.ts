// The paging bench's upstream (paging-requests.ts) for a list read from the first of several places (`from: [a, b]`):
// it put the list where the one place of a single `from` is, and found none for a first-of, so the call gathered no
// item and the bench stopped.
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { linkedTool } from "../../test-support/linked-tool.js";
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
