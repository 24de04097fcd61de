// The contract suite's made answers for an output read from the first of several places that holds a value (`from:
// [a, b]`): the poll cases' upstream put a first-of items output's list nowhere (the trigger found no item), and a job
// whose state is read from the first of two places got no polling scenario at all.
import { mkdtempSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import type { PollTriggerSpec } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { linkedTool } from "../../../test-support/linked-tool.js";
import { LIST_OR_PAGE, zqLedger } from "../../../test-support/zq-ledger.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";
import { shelfCopy } from "../../../test-support/shelf-copy.js";
import { linkProvider } from "../../emit/link-provider.js";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { loadYamlSource } from "../../load/yaml-source.js";
import { startMocks } from "../../mocks/mocks.js";
import { answerBody } from "./poll-upstream.js";
import { scenarioKind } from "./scenario.js";

const work = mkdtempSync(join(runScratch(), "blockwright-first-of-places-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const { openapi, manifest } = zqLedger(LIST_OR_PAGE, '["$response.body", "$response.body#/data"]');

describe("the poll cases' upstream of a list read from the first of several places", () => {
  it("puts the items in the page object, where a place inside the body reads them", async () => {
    const { tool } = await linkedTool(join(work, "ledger"), "zqledger", openapi, manifest, "zqledger_list");
    const trigger = { items: "data" } as PollTriggerSpec;
    expect(answerBody(tool, trigger, [{ id: "zqone" }], {})).toEqual({ data: [{ id: "zqone" }] });
    expect(answerBody(tool, trigger, [], { "metadata.nextCursor": "zqnext" })).toEqual({
      data: [],
      next_cursor: "zqnext",
    });
  });
});

describe("a polling job whose state is read from the first of two places", () => {
  it("gets its scenarios, the state set where it is first read, and they hold", async () => {
    const root = join(work, "shelf");
    const dir = shelfCopy(root, [
      {
        file: "openapi.yaml",
        find: "        rank: { type: integer }\n",
        replace: "        rank: { type: integer }\n        zqphase: { type: string, enum: [queued, done] }\n",
      },
      {
        find: '        from: "$response.body#/state"\n        description: Processing state.\n    polling:',
        replace:
          '        from: ["$response.body#/zqphase", "$response.body#/state"]\n' +
          "        description: Processing state.\n    polling:",
      },
      {
        find: "      pending: [pending]\n      terminal: [ready, failed]\n",
        replace: "      pending: [queued]\n      terminal: [done]\n",
      },
    ]);
    const { ir } = await linkProvider(root, dir);
    const tools = ir.operations.map((o) => o.tool);
    const tool = tools.find((t) => t.id === "shelf_get_book");
    if (!tool) throw new Error("no shelf_get_book");
    const subject = {
      provider: "shelf",
      tools,
      document: new OpenApiDocument(loadYamlSource(join(dir, "openapi.yaml"))),
    };
    const cases = scenarioKind.derive(tool, subject).filter((c) => c.id.includes("job "));
    expect(cases.map((c) => c.id)).toEqual(["shelf_get_book › scenario › job queued → queued → done"]);
    const mocks = await startMocks(["shelf"], { specsDir: dirname(dir), root, log: () => {} });
    try {
      for (const c of cases) await c.run({ mockUrl: () => mocks.urls.shelf as string, seed: 1, runs: 1 });
    } finally {
      await mocks.close();
    }
  });
});
