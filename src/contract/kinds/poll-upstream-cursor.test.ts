// The loopback upstream of the poll cases answers a list that pages by a cursor (`next_cursor`) with its last page: no
// cursor. A cursor its schema requires was filled with a text like any other required value, so the poller asked for
// the next page again and again, and every poll case found no item ("expected [zqone-id, zqtwo-id], got []").
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { PollTriggerSpec } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { linkedTool } from "../../../test-support/linked-tool.js";
import { PAGE, zqLedger } from "../../../test-support/zq-ledger.js";
import { answerBody } from "./poll-upstream.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-poll-cursor-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const { openapi, manifest } = zqLedger(PAGE, "$response.body#/data");

const { tool } = await linkedTool(work, "zqledger", openapi, manifest, "zqledger_list");

describe("the poll cases' upstream of a list that pages by a cursor its schema requires", () => {
  it("answers the last page, with no cursor", () => {
    const trigger = { items: "data" } as PollTriggerSpec;
    expect(answerBody(tool, trigger, [{ id: "zqone" }], {})).toEqual({ data: [{ id: "zqone" }] });
  });
});
