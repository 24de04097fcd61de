// The jobs of a Postgres store that graphile-worker's own count could leave untaken: one added by an earlier version
// (its max_attempts the trigger's, its attempts already there), and one whose attempt cannot begin (the run's load
// throws), which graphile-worker tried again at its own backoff with no attempt counted.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PostgresServer } from "../../test-support/postgres-server.js";
import { sharedPostgres } from "../../test-support/shared-postgres.js";
import { deliveryOf } from "../../test-support/store-contract.js";
import { openPostgresStore, type PostgresStore, runTask } from "./postgres-store.js";
import { startRuns } from "./start-runs.js";
import { storeOutOfReach } from "./postgres-runs.js";
import type { RetryPolicy } from "./store.js";

let postgres: PostgresServer;
beforeAll(async () => {
  postgres = await sharedPostgres();
});
afterAll(async () => {
  await postgres?.stop();
});

/** Polls `what` until it holds, or fails saying what was waited for: a run settles in a few seconds here. */
async function until(said: string, what: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 40_000;
  while (!(await what())) {
    if (Date.now() > deadline) throw new Error(`never came: ${said}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A store on a database of its own holding one queued run of `trigger`, and its run's id. */
async function storeWithRun(database: string, trigger: string): Promise<{ store: PostgresStore; id: string }> {
  await postgres.createDatabase(database);
  const store = await openPostgresStore(postgres.url(database));
  await store.accept(deliveryOf(trigger, [`evt-${database}`]), 3_600_000);
  const id = (await store.runs())[0]?.id ?? "";
  return { store, id };
}

/** The runs of `store`'s trigger started, each attempt succeeding; its log lines and attempts kept. */
async function served(store: PostgresStore, trigger: string, retry: RetryPolicy) {
  const logs: string[] = [];
  let attempts = 0;
  const runs = await startRuns({
    store,
    trigger,
    concurrency: 1,
    retry,
    log: (line) => logs.push(line),
    attempt: async () => {
      attempts++;
      return { status: "succeeded", durationMs: 0, blocks: [], placeholders: [] };
    },
  });
  return { runs, logs, attempts: () => attempts };
}

describe("a job added by an earlier version, whose graphile-worker limit was the trigger's attempts", () => {
  it("is taken once a serve starts, its run settled", async () => {
    const { store, id } = await storeWithRun("zqoldjob", "zqold_job");
    // As the previous code left it: the job's max_attempts the trigger's (3), its worker died on its second take (the
    // sweep unlocked it), the run running on its second attempt. Replayed, the limit was 5 whatever the trigger's.
    await store.pool.query("UPDATE bw_run_records SET status = 'running', attempts = 2 WHERE id = $1", [id]);
    const old = await store.pool.query(
      "UPDATE graphile_worker._private_jobs SET max_attempts = 2, attempts = 2 WHERE task_id = (SELECT id FROM " +
        "graphile_worker._private_tasks WHERE identifier = $1)",
      [runTask("zqold_job")],
    );
    expect(old.rowCount).toBe(1);
    const { runs, logs, attempts } = await served(store, "zqold_job", { attempts: 3, backoffMs: 1 });
    try {
      await until("the old job's run settled", async () => (await store.runs())[0]?.status === "succeeded");
      expect(attempts()).toBe(1);
      expect((await store.runs())[0]?.attempts).toBe(3);
      expect(logs).toContain("runs: 1 job(s) of an earlier version given the attempts of this one");
    } finally {
      await runs.stop(1000);
      await store.close();
    }
  });
});

describe("a run whose attempt cannot begin (its load throws)", () => {
  it("tells the store out of reach from an answer of the database", () => {
    for (const e of [
      new Error("Connection terminated unexpectedly"),
      new Error("Client was closed and is not queryable"),
      Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }),
      Object.assign(new Error("the database system is starting up"), { code: "57P03" }),
      Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
      Object.assign(new Error("connection failure"), { code: "08006" }),
    ])
      expect(storeOutOfReach(e), e.message).toBe(true);
    for (const e of [
      new SyntaxError("Unexpected token n in JSON at position 1"),
      Object.assign(new Error('relation "zq" does not exist'), { code: "42P01" }),
      "Connection terminated",
      undefined,
    ])
      expect(storeOutOfReach(e), String(e)).toBe(false);
  });

  it("spends no attempt when the store is out of reach: tried again, the run succeeds on its first", async () => {
    const { store, id } = await storeWithRun("zqloadonce", "zqload_once");
    const load = store.load.bind(store);
    let thrown = 0;
    store.load = async (runId) => {
      if (thrown++ === 0) throw new Error("Connection terminated unexpectedly");
      return load(runId);
    };
    // One attempt: counted, the outage would have ended the run dead.
    const { runs, logs, attempts } = await served(store, "zqload_once", { attempts: 1, backoffMs: 1 });
    try {
      await until("the run settled", async () => (await store.runs())[0]?.status === "succeeded");
      expect(attempts()).toBe(1);
      expect((await store.runs())[0]?.attempts).toBe(1);
      expect(logs.join("\n")).toContain(
        `zqload_once: the run ${id} could not begin, its store out of reach (Connection terminated unexpectedly): ` +
          "tried again",
      );
    } finally {
      await runs.stop(1000);
      await store.close();
    }
  });

  it("counts the attempt when the store answers: tried again at the trigger's backoff, it succeeds", async () => {
    const { store, id } = await storeWithRun("zqloadanswer", "zqload_answer");
    const load = store.load.bind(store);
    let thrown = 0;
    store.load = async (runId) => {
      if (thrown++ === 0) throw Object.assign(new Error("canceling statement due to lock timeout"), { code: "55P03" });
      return load(runId);
    };
    const { runs, logs, attempts } = await served(store, "zqload_answer", { attempts: 3, backoffMs: 1 });
    try {
      await until("the run settled", async () => (await store.runs())[0]?.status === "succeeded");
      expect(attempts()).toBe(1);
      expect((await store.runs())[0]?.attempts).toBe(2);
      expect(logs.join("\n")).toContain(
        `zqload_answer: the run ${id} failed (attempt 1 of 3), tried again in 0 s: run: the attempt could not begin: ` +
          "canceling statement due to lock timeout",
      );
    } finally {
      await runs.stop(1000);
      await store.close();
    }
  });

  it("ends dead after the trigger's attempts when its record cannot be read, saying why", async () => {
    const { store, id } = await storeWithRun("zqunreadable", "zqunreadable");
    await store.pool.query("UPDATE bw_run_records SET outputs = '{not json' WHERE id = $1", [id]);
    const { runs, logs, attempts } = await served(store, "zqunreadable", { attempts: 2, backoffMs: 1 });
    try {
      await until("the run dead", async () => (await store.runs())[0]?.status === "dead");
      const [run] = await store.runs();
      expect(attempts()).toBe(0);
      expect(run?.attempts).toBe(2);
      expect(run?.error).toMatch(/^run: the attempt could not begin: .*JSON.* \(after 2 attempts\)$/);
      expect(logs.join("\n")).toContain(`zqunreadable: the run ${id} is dead after 2 attempts`);
    } finally {
      await runs.stop(1000);
      await store.close();
    }
  });
});
