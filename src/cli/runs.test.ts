// `blockwright runs`: serve's durable runs listed (beside a serve holding the
// store) and a dead one queued again by its event id, its journal kept.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cli } from "../../test-support/cli-harness.js";
import { deliveryOf } from "../../test-support/store-contract.js";
import { openSqliteStore } from "../serve/sqlite-store.js";
import { openStoreOption } from "./serve-delivered.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const dir = mkdtempSync(join(runScratch(), "blockwright-runs-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("blockwright runs", () => {
  it("lists the runs of a store a serve holds, and replays a dead one by its event id once none does", async () => {
    const file = join(dir, "serve.sqlite");
    const store = openSqliteStore(file);
    await store.accept(deliveryOf("zqruns_event", ["evt-ok", "evt-dead\u001b[2J"]), 60_000);
    const [ok, dead] = await store.take(2, Date.now());
    await store.journal(dead!.id, {
      id: "first",
      name: "First",
      type: "zq",
      operation: "zq_op",
      status: "succeeded",
      durationMs: 1,
    });
    await store.settle(ok!.id, { status: "succeeded" }, Date.now());
    await store.settle(
      dead!.id,
      { status: "dead", error: "second: 503 Service Unavailable (after 5 attempts)" },
      Date.now(),
    );

    const listed = await cli(["runs", "list", "--store", file]);
    expect(listed).toMatchObject({ code: 0, stderr: "runs: 2 runs\n" });
    expect(listed.stdout).toContain(`succeeded ${ok!.id}  zqruns_event  event evt-ok  attempts 1`);
    expect(listed.stdout).toContain(
      `dead      ${dead!.id}  zqruns_event  event evt-dead\\u001b[2J  attempts 1  second: ` +
        `503 Service Unavailable (after 5 attempts)`,
    );
    const json = await cli(["runs", "list", "--store", file, "--status", "dead", "--json"]);
    expect(
      json.stdout
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l)),
    ).toMatchObject([
      { id: dead!.id, event: "evt-dead\u001b[2J", status: "dead", blocks: [{ id: "first", status: "succeeded" }] },
    ]);

    // Held by a serve: replay is refused, naming the holder.
    const held = await cli(["runs", "replay", "evt-dead\u001b[2J", "--store", file]);
    expect(held.code).toBe(2);
    expect(held.stderr).toContain("is held by another serve");
    await store.close();

    const replayed = await cli(["runs", "replay", "evt-dead\u001b[2J", "--store", file]);
    expect(replayed).toMatchObject({
      code: 0,
      stderr: "runs: 1 run queued again; the next serve on this store runs them\n",
    });
    expect(JSON.parse(replayed.stdout)).toEqual({
      id: dead!.id,
      trigger: "zqruns_event",
      event: "evt-dead\u001b[2J",
      status: "queued",
      journaled: ["first"],
    });
    expect(await cli(["runs", "replay", "evt-ok", "--store", file])).toMatchObject({
      code: 1,
      stderr: 'runs: no failed or dead run has the run or event id "evt-ok"\n',
    });
  });

  it("refuses what it cannot do with the rule: no action, an unknown status, a missing store", async () => {
    expect(await cli(["runs"])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("missing list or replay [BW3002]"),
    });
    expect(await cli(["runs", "list", "--status", "lost", "--store", join(dir, "serve.sqlite")])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining(
        '--status: expected one of queued, running, succeeded, failed, dead, got "lost" [BW3003]',
      ),
    });
    expect(await cli(["runs", "list", "--store", join(dir, "none.sqlite")])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("--store: no store at"),
    });
  });
});

describe("--store given an address that is not a Postgres one", () => {
  // A typo of the scheme, with a password: once taken for a file's path, made folders named after it.
  const address = "postgress://zquser:zq-store-password@127.0.0.1:5432/zqdb";

  it("is refused by serve and runs, naming the rule, not the password, and makes no folder", async () => {
    const serve = await openStoreOption(address, dir).catch((e: unknown) => e as Error);
    expect(serve).toBeInstanceOf(Error);
    const runs = await cli(["runs", "list", "--store", address], { cwd: dir });
    expect(runs.code).toBe(2);
    for (const said of [(serve as Error).message, runs.stderr]) {
      expect(said).toContain('--store: "postgress://…" is an address no store is kept at: give a Postgres address');
      expect(said).not.toContain("zq-store-password");
    }
    expect(existsSync(join(dir, "postgress:"))).toBe(false);
  });
});
