// `blockwright serve` as a process on a workflow that starts from a poll
// trigger, against the fixture provider's Prism mock: with --backfill the
// first poll's item runs once, the next polls find it again and run nothing,
// SIGTERM stops it at once (exit 0) in the middle of a long wait, and a
// restart on the same store runs nothing again. And what it refuses first.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cli, spawnCli } from "../../test-support/cli-harness.js";
import { ROOT } from "../../test-support/repo.js";
import { shelfCopy } from "../../test-support/shelf-copy.js";
import type { PollTriggerSpec } from "@blockwright/runtime";
import { positionKey } from "../serve/poller.js";
import { openSqliteStore, runCount } from "../serve/sqlite-store.js";
import { until } from "../../test-support/runtime/hang-guard.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

/** How many polls of the trigger the store has kept (its position's version). */
async function pollsKept(file: string): Promise<number> {
  const store = openSqliteStore(file, { inspect: true });
  try {
    return (await store.pollPosition(positionKey({ id: "shelf_book_listed" } as PollTriggerSpec, {}))).version;
  } finally {
    await store.close();
  }
}

const tmp = mkdtempSync(join(runScratch(), "blockwright-serve-poll-"));
let dir = "";

beforeAll(async () => {
  dir = join(tmp, "project");
  mkdirSync(join(dir, "node_modules/@blockwright"), { recursive: true });
  symlinkSync(join(ROOT, "runtime"), join(dir, "node_modules/@blockwright/runtime"));
  shelfCopy(dir, [
    {
      find: '      title: { from: "$event#/book/title", description: Its title., required: false }\n',
      replace:
        '      title: { from: "$event#/book/title", description: Its title., required: false }\n' +
        "  shelf_book_listed:\n    title: Book listed\n    description: Starts when a book appears on a " +
        'shelf.\n    eventId: ["$event#/id"]\n    outputs:\n      bookId: { from: "$event#/id", description: ' +
        "The book's id. }\n" +
        "    poll:\n      operation: shelf_list_books\n      items: data\n      ids: { order: newestFirst }\n",
    },
  ]);
  expect(await cli(["generate"], { cwd: dir })).toMatchObject({ code: 0 });
  writeFileSync(
    join(dir, "wf.yaml"),
    [
      "name: On a book listed",
      "blocks:",
      "  start:",
      "    type: shelf",
      "    name: A book is on the shelf",
      "    inputs: { trigger: shelf_book_listed, apiKey: '{{ZQ_SHELF_KEY}}', shelfId: shelf-1 }",
      "    connections: { outgoing: [{ target: book }] }",
      "  book:",
      "    type: shelf",
      "    name: List the shelf named after it",
      "    inputs: { operation: shelf_list_books, apiKey: '{{ZQ_SHELF_KEY}}', shelfId: '{{start.metadata.bookId}}' }",
      "",
    ].join("\n"),
  );
});

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("blockwright serve on a poll trigger", () => {
  it(
    "runs the item of a backfilled first poll once, runs nothing for it again nor after a restart, " +
      "and stops on SIGTERM during its wait",
    async () => {
      const store = join(tmp, "poll.sqlite");
      const serve = spawnCli(["serve", "wf.yaml", "--store", store, "--poll-interval", "1", "--backfill"], {}, dir);
      try {
        await serve.waitFor(/shelf_book_listed polling shelf_list_books every 1 s\n/);
        const line = await serve.waitFor(/\{"trigger":"shelf_book_listed".*\}\n/);
        expect(JSON.parse(line[0])).toMatchObject({
          trigger: "shelf_book_listed",
          event: "b1",
          status: "succeeded",
          blocks: [{ id: "start" }, { id: "book", status: "succeeded" }],
        });
        // Two more polls find the same item (the mock's list does not change): waited for, not slept on (a busy
        // machine may poll less often than once a second).
        await until(async () => (await pollsKept(store)) >= 3, "two polls after the first", 100);
      } finally {
        serve.child.kill("SIGTERM");
      }
      expect(await serve.closed).toBe(0);
      expect(serve.stdout().match(/"trigger"/g)).toHaveLength(1);
      expect(runCount(store)).toBe(1);
      const before = await pollsKept(store);
      expect(before).toBeGreaterThanOrEqual(2);

      // Restarted on the same store, with a wait of a day: its first poll runs nothing, and SIGTERM ends the wait.
      const again = spawnCli(["serve", "wf.yaml", "--store", store, "--poll-interval", "86400", "--backfill"], {}, dir);
      try {
        await again.waitFor(/shelf_book_listed polling shelf_list_books every 86400 s\n/);
        // Its first poll kept (read from a copy of the store, beside the serve that holds it).
        await until(async () => (await pollsKept(store)) > before, "the first poll after the restart", 100);
      } finally {
        again.child.kill("SIGTERM");
      }
      expect(await again.closed).toBe(0);
      expect(await pollsKept(store)).toBe(before + 1);
      expect(again.stdout()).not.toContain('"trigger"');
      expect(runCount(store)).toBe(1);
    },
  );

  it("refuses a public URL and an interval over a day before polling", async () => {
    expect(
      await cli(
        ["serve", "wf.yaml", "--store", join(tmp, "refused.sqlite"), "--public-url", "https://hooks.example.com"],
        { cwd: dir },
      ),
    ).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("shelf_book_listed is polled, not delivered"),
    });
    expect(
      await cli(["serve", "wf.yaml", "--store", join(tmp, "refused.sqlite"), "--poll-interval", "90000"], { cwd: dir }),
    ).toMatchObject({ code: 2, stderr: expect.stringContaining("--poll-interval") });
  });
});
