// An attempt counts when it starts: a run whose process ends on every attempt
// (a killed receiver leaves its run `running`) is dead once its attempts are
// spent, called no more; a graceful stop's cancelled attempt spends none; and
// a replay, a new intent, sends new idempotency keys. On the SQLite file.
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { RunResult } from "@blockwright/runtime/workflow";
import { afterAll, describe, expect, it } from "vitest";
import { deliveryOf } from "../../test-support/store-contract.js";
import { runScratch } from "../../test-support/run/run-scratch.js";
import { startExecutor } from "./run-executor.js";
import { runKeyOf } from "./run-keys.js";
import { openSqliteStore } from "./sqlite-store.js";
import type { StoredRun } from "./store.js";

const dir = mkdtempSync(join(runScratch(), "blockwright-attempts-spent-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const succeeded: RunResult = { status: "succeeded", durationMs: 1, blocks: [], placeholders: [] };
const retry = { attempts: 2, backoffMs: 1_000 };

/** An executor on `file` until `until` says so (each attempt given to `attempt`); its log and the settled statuses. */
async function executorOn(
  file: string,
  attempt: (run: StoredRun, signal: AbortSignal) => Promise<RunResult>,
  until: (status: string) => boolean,
) {
  const store = openSqliteStore(file);
  const log: string[] = [];
  const statuses: string[] = [];
  let ended!: () => void;
  const done = new Promise<void>((ok) => {
    ended = ok;
  });
  const executor = startExecutor({
    store,
    concurrency: 1,
    retry,
    log: (line) => log.push(line),
    attempt: (run, _journal, signal) => attempt(run, signal),
    settled: (_run, _result, status) => {
      statuses.push(status);
      if (until(status)) ended();
    },
  });
  return { store, executor, log, statuses, done };
}

describe("a run whose process ends on every attempt", () => {
  it("is dead once its attempts are spent, its last one never finished, and is not run again", async () => {
    const file = join(dir, "poison.sqlite");
    const first = openSqliteStore(file);
    await first.accept(deliveryOf("zqspent", ["evt-poison"]), 60_000);
    await first.close();
    // Each attempt taken, then the process gone mid-attempt: the run left running.
    for (let i = 0; i < retry.attempts; i++) {
      const killed = openSqliteStore(file);
      expect((await killed.take(1, Date.now())).map((r) => r.attempts)).toEqual([i + 1]);
      await killed.close();
    }
    const ran: number[] = [];
    const next = await executorOn(
      file,
      async (run) => {
        ran.push(run.attempts);
        return succeeded;
      },
      () => true,
    );
    await next.done;
    await next.executor.stop(1_000);
    const [dead] = await next.store.runs();
    await next.store.close();
    expect(ran).toEqual([]);
    expect(next.statuses).toEqual(["dead"]);
    const error =
      "run: attempt 2 never finished: its process ended mid-attempt (killed, or out of memory) (after 2 attempts)";
    expect(dead).toMatchObject({ event: "evt-poison", status: "dead", attempts: 2, error });
    expect(next.log).toEqual([
      `zqspent: the run ${dead!.id} is dead after 2 attempts (blockwright runs replay ${dead!.id}): ${error}`,
    ]);
  });

  it("resumes while it has attempts left, its error saying the attempt that never finished", async () => {
    const file = join(dir, "resumed.sqlite");
    const first = openSqliteStore(file);
    await first.accept(deliveryOf("zqspent", ["evt-once"]), 60_000);
    await first.take(1, Date.now());
    await first.close();
    const again = openSqliteStore(file);
    expect((await again.runs()).map((r) => [r.status, r.attempts, r.error])).toEqual([
      ["queued", 1, "attempt 1 never finished: its process ended mid-attempt (killed, or out of memory)"],
    ]);
    expect((await again.take(1, Date.now())).map((r) => r.attempts)).toEqual([2]);
    await again.close();
  });
});

describe("a graceful stop", () => {
  it("spends no attempt of the run it cancels: stopped more times than its attempts, the run still runs", async () => {
    const file = join(dir, "stopped.sqlite");
    const first = openSqliteStore(file);
    await first.accept(deliveryOf("zqspent", ["evt-stopped"]), 60_000);
    await first.close();
    for (let i = 0; i <= retry.attempts; i++) {
      let started!: () => void;
      const going = new Promise<void>((ok) => {
        started = ok;
      });
      const stopped = await executorOn(
        file,
        (_run, signal) =>
          new Promise((done) => {
            started();
            signal.addEventListener("abort", () => done({ ...succeeded, status: "cancelled" }));
          }),
        () => false,
      );
      await going;
      await stopped.executor.stop(0);
      await stopped.store.close();
    }
    const last = await executorOn(
      file,
      async () => succeeded,
      (status) => status === "succeeded",
    );
    await last.done;
    await last.executor.stop(1_000);
    expect((await last.store.runs()).map((r) => [r.status, r.attempts])).toEqual([["succeeded", 1]]);
    await last.store.close();
  });
});

describe("a replayed run", () => {
  it("sends new idempotency keys, the same across its attempts; one never replayed, those it always sent", async () => {
    const file = join(dir, "replayed.sqlite");
    const store = openSqliteStore(file);
    try {
      await store.accept(deliveryOf("zqspent", ["evt-replayed"]), 60_000);
      const [taken] = await store.take(1, Date.now());
      expect(taken!.replays).toBe(0);
      const before = runKeyOf(taken!.id, "call", taken!.replays);
      const historical = createHash("sha256").update(`${taken!.id}\u0000call`, "utf8").digest("hex");
      expect(before).toBe(`bw-${historical}`);
      await store.settle(taken!.id, { status: "dead", error: "zq: 409 (after 1 attempt)" }, Date.now());
      await store.replay("evt-replayed", Date.now());
      const [replayed] = await store.take(1, Date.now());
      expect(replayed!.replays).toBe(1);
      await store.settle(replayed!.id, { status: "queued", nextAt: 0, error: "zq: 503" }, Date.now());
      const [retried] = await store.take(1, Date.now());
      const keys = [replayed!, retried!].map((r) => runKeyOf(r.id, "call", r.replays));
      expect(keys[0]).toMatch(/^bw-[0-9a-f]{64}$/);
      expect(keys[0]).not.toBe(before);
      expect(keys[1]).toBe(keys[0]);
    } finally {
      await store.close();
    }
  });
});
