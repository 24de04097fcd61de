// add's draft of many operations runs in a worker thread (src/cli/support/add-draft-job.ts): drafting a whole
// published API is a minute of synchronous work (Microsoft Graph beta: 22,361 operations), during which the command's
// own thread never turned, so Ctrl-C or SIGTERM was heard only once the draft was done. The thread now keeps turning
// while the draft is made, prints where the draft is, and an interruption ends the draft at once, nothing written.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cli, runtimeProject } from "../../test-support/cli-harness.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-add-thread-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A document of `operations` operations, each with a path parameter, a query parameter and a JSON answer. */
function manyOperations(operations: number): string {
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < operations; i++)
    paths[`/zqthings${i}/{thingId}`] = {
      get: {
        operationId: `zqGetThing${i}`,
        summary: `Get thing ${i}`,
        parameters: [
          { name: "thingId", in: "path", required: true, schema: { type: "string" } },
          { name: "fields", in: "query", schema: { type: "string" } },
        ],
        responses: {
          "200": {
            description: "The thing.",
            content: { "application/json": { schema: { $ref: "#/components/schemas/ZqThing" } } },
          },
        },
      },
    };
  return JSON.stringify({
    openapi: "3.0.3",
    info: { title: "Zq things", version: "1.0.0" },
    servers: [{ url: "https://api.zqthings.example" }],
    paths,
    components: {
      schemas: { ZqThing: { type: "object", properties: { id: { type: "string" }, name: { type: "string" } } } },
    },
  });
}

describe("add's draft of many operations", () => {
  it("leaves the command's thread turning while it is made, so that Ctrl-C is heard", async () => {
    const dir = runtimeProject(join(tmp, "turning"), "specs");
    writeFileSync(join(dir, "things.json"), manyOperations(400));
    // Turns of the command's thread from the draft's start to the writing of its files.
    let turns = 0;
    let drafting = false;
    const ticker = setInterval(() => {
      if (drafting) turns++;
    }, 5);
    const r = await cli(["add", "zqthings", "--from", "things.json", "--operations", "all"], {
      cwd: dir,
      onStderr: (text) => {
        if (text.includes("drafting the manifest…")) drafting = true;
        if (text.startsWith("add: writing ")) drafting = false;
      },
    }).finally(() => clearInterval(ticker));
    expect(r.code, r.stderr).toBe(0);
    // Drafting 400 operations in the command's thread let it turn three times (between its steps); in a worker, the
    // thread turns every few milliseconds of the seconds the draft takes.
    expect(turns).toBeGreaterThan(20);
  });

  it("stops at once when interrupted while the draft is made, nothing written", async () => {
    const dir = runtimeProject(join(tmp, "interrupted"), "specs");
    writeFileSync(join(dir, "things.json"), manyOperations(400));
    const r = await cli(["add", "zqthings", "--from", "things.json", "--operations", "all"], {
      cwd: dir,
      interruptOn: /drafting the manifest…\n/,
    });
    expect(r.code).toBe(130);
    expect(r.stderr).toContain("add: interrupted: nothing written\n");
    expect(r.stderr).not.toContain("add: writing");
    expect(existsSync(join(dir, "specs/zqthings"))).toBe(false);
  });
});
