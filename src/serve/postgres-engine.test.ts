// The runs of a Postgres store while they are in flight: the worker running one holds its advisory lock from the
// start, so that the sweep every serve makes for the jobs of workers that are gone (a free lock: its process died)
// leaves a long run alone instead of running it a second time beside itself. A run refused by a used-up quota has
// its next attempt's job due when the quota resets.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PostgresServer } from "../../test-support/postgres-server.js";
import { sharedPostgres } from "../../test-support/shared-postgres.js";
import { deliveryOf } from "../../test-support/store-contract.js";
import { openPostgresStore } from "./postgres-store.js";
import { startRuns } from "./start-runs.js";
import type { BlockResult } from "@blockwright/runtime/workflow";
import { until as waitUntil } from "../../test-support/runtime/hang-guard.js";

let postgres: PostgresServer;
beforeAll(async () => {
  postgres = await sharedPostgres();
});
afterAll(async () => {
  await postgres?.stop();
});

/**
 * Polls `what` until it holds, or fails saying what was waited for after two minutes: a hang's guard, not a budget (a
 * run settled after every connection was ended took over 20 s in a whole run beside other work).
 */
async function until(said: string, what: () => Promise<boolean>, state?: () => Promise<unknown>): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (!(await what())) {
    if (Date.now() > deadline)
      throw new Error(`never came: ${said}${state ? `; by then ${JSON.stringify(await state())}` : ""}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("a run in flight on Postgres", () => {
  it("is held by its worker's lock, which the sweep for workers that are gone cannot take", async () => {
    await postgres.createDatabase("zqlongrun");
    const store = await openPostgresStore(postgres.url("zqlongrun"));
    const other = new pg.Client({ connectionString: postgres.url("zqlongrun") });
    await other.connect();
    // A lock query sent on a connection still running another (pg warns that this is deprecated): the workers' locks
    // were taken all at once on one connection.
    const overlapping: string[] = [];
    store.pool.on("acquire", (client: pg.PoolClient & { zqWatched?: true }) => {
      if (client.zqWatched) return;
      client.zqWatched = true;
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as { query: unknown }).query = (...args: unknown[]) => {
        const busy = client as unknown as { activeQuery?: unknown; queryQueue?: unknown[] };
        if (String(args[0]).includes("advisory_lock") && (busy.activeQuery || busy.queryQueue?.length))
          overlapping.push(String(args[0]));
        return query(...args);
      };
    });
    let attempts = 0;
    let finish: () => void = () => undefined;
    const finished = new Promise<void>((done) => {
      finish = done;
    });
    const runs = await startRuns({
      store,
      trigger: "zqlong_run",
      concurrency: 2,
      retry: { attempts: 1, backoffMs: 1 },
      log: () => undefined,
      attempt: async () => {
        attempts++;
        await finished;
        return { status: "succeeded", durationMs: 0, blocks: [], placeholders: [] };
      },
    });
    try {
      await store.accept(deliveryOf("zqlong_run", ["evt-zq-long"]), 3_600_000);
      let worker = "";
      await until("the run's job locked by a worker", async () => {
        const locked = await other.query<{ locked_by: string | null }>(
          "SELECT locked_by FROM graphile_worker.jobs WHERE task_identifier LIKE '%zqlong_run%'",
        );
        worker = locked.rows[0]?.locked_by ?? "";
        return worker !== "" && attempts === 1;
      });
      // What the sweep asks of each worker holding a job: its lock taken at once means its process is gone.
      const free = async () =>
        (
          await other.query<{ taken: boolean }>("SELECT pg_try_advisory_xact_lock(hashtextextended($1, 0)) AS taken", [
            worker,
          ])
        ).rows[0]?.taken === true;
      await until(`the lock of worker ${worker} held while its run is in flight`, async () => !(await free()));
      finish();
      await until("the run settled", async () => (await store.runs()).some((r) => r.status === "succeeded"));
      expect(attempts).toBe(1);
      expect(overlapping).toEqual([]);
    } finally {
      finish();
      await runs.stop(1000);
      await other.end();
      await store.close();
    }
  });
});

describe("a serve whose store connections are ended (Postgres restarted, an administrator, a proxy)", () => {
  it("goes on: its workers' locks and its subscription's membership taken again, its runs still run", async () => {
    await postgres.createDatabase("zqlostsession");
    const store = await openPostgresStore(postgres.url("zqlostsession"));
    const other = new pg.Client({ connectionString: postgres.url("zqlostsession") });
    await other.connect();
    const logs: string[] = [];
    const runs = await startRuns({
      store,
      trigger: "zqlost_session",
      concurrency: 2,
      retry: { attempts: 1, backoffMs: 1 },
      log: (line) => logs.push(line),
      attempt: async () => ({ status: "succeeded", durationMs: 0, blocks: [], placeholders: [] }),
    });
    const membership = await store.joinSubscription!("zqlost_session");
    // The advisory locks held in this database: the workers' (exclusive) and the subscription's members' (shared).
    const held = async () =>
      (
        await other.query<{ mode: string; n: number }>(
          "SELECT l.mode, count(*)::int AS n FROM pg_locks l JOIN pg_database d ON d.oid = l.database WHERE " +
            "l.locktype = 'advisory' AND l.granted AND d.datname = current_database() AND l.pid <> pg_backend_pid() " +
            "GROUP BY l.mode ORDER BY l.mode",
        )
      ).rows;
    try {
      // Every worker's lock (one a worker of `concurrency`, each taken as its worker starts) and the member's: a
      // snapshot taken while the second worker's was still coming could never be matched again.
      const before = [
        { mode: "ExclusiveLock", n: 2 },
        { mode: "ShareLock", n: 1 },
      ];
      await until("the workers' and the member's locks held", async () => {
        return JSON.stringify(await held()) === JSON.stringify(before);
      });
      await other.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND " +
          "pid <> pg_backend_pid()",
      );
      // Ended sessions leave pg_locks a moment after pg_terminate_backend returns: the old locks, still listed, are no
      // proof of new ones. The loss said first, then the same locks held.
      const lost = "connection holding this receiver's locks was lost";
      await until("the loss said", async () => logs.some((l) => l.includes(lost)));
      await until("the locks held again, on new connections", async () => {
        const now = await held();
        return JSON.stringify(now) === JSON.stringify(before);
      });
      expect(logs.some((l) => l.includes(lost))).toBe(true);
      await until(
        "a delivery kept after the loss",
        async () =>
          (await store.accept(deliveryOf("zqlost_session", ["evt-zq-after"]), 3_600_000).catch(() => undefined)) !==
          undefined,
      );
      await until(
        "its run settled",
        async () => (await store.runs()).some((r) => r.status === "succeeded"),
        async () => ({
          runs: await store.runs(),
          jobs: (
            await other.query(
              "SELECT id, locked_by, locked_at, run_at, attempts, last_error FROM graphile_worker.jobs ORDER BY id",
            )
          ).rows,
          pool: { total: store.pool.totalCount, idle: store.pool.idleCount, waiting: store.pool.waitingCount },
          logs,
        }),
      );
    } finally {
      await membership.leave(async () => undefined);
      await runs.stop(1000);
      await other.end();
      await store.close();
    }
  });
});

describe("a worker cut off from Postgres while its run is in flight (its lock connection lost, reopening)", () => {
  it("keeps nothing once another serve's sweep took the run over: the run settles once, by the other", async () => {
    await postgres.createDatabase("zqtakeover");
    // Named, so that only its connections are ended.
    const url = postgres.url("zqtakeover");
    const cut = await openPostgresStore(`${url}${url.includes("?") ? "&" : "?"}application_name=zqcut`);
    const other = await openPostgresStore(postgres.url("zqtakeover"));
    const admin = new pg.Client({ connectionString: postgres.url("zqtakeover") });
    await admin.connect();
    const logs: string[] = [];
    const settled: string[] = [];
    const refused: string[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((done) => {
      release = done;
    });
    const options = (who: string) => ({
      trigger: "zqtake_over",
      concurrency: 1,
      retry: { attempts: 3, backoffMs: 1 },
      log: (line: string) => logs.push(`${who}: ${line}`),
      settled: () => void settled.push(who),
    });
    const block = (id: string, who: string): BlockResult => ({
      id,
      name: id,
      type: "zqhooks",
      operation: "zqhooks_do",
      status: "succeeded",
      durationMs: 0,
      outputs: { who },
    });
    const first = await startRuns({
      ...options("cut"),
      store: cut,
      attempt: async (run, journal) => {
        if (!run.journal.one) await journal(block("one", "cut"));
        await held;
        // Its next block journaled once it has its connections back: refused, as the run is the other's now.
        await journal(block("two", "cut")).catch((e: unknown) => {
          refused.push((e as Error).message);
          throw e;
        });
        return { status: "succeeded", durationMs: 0, blocks: [], placeholders: [] };
      },
    });
    let second: Awaited<ReturnType<typeof startRuns>> | undefined;
    const connect = cut.pool.connect.bind(cut.pool);
    try {
      await cut.accept(deliveryOf("zqtake_over", ["evt-zq-takeover"]), 3_600_000);
      const [run] = await cut.runs();
      await waitUntil(async () => (await cut.load(run!.id))?.journal.one !== undefined, "the first block journaled");
      // The partition: no new connection for this serve, and its connections ended (its lock with them).
      (cut.pool as { connect: unknown }).connect = (callback?: (e: Error) => void) => {
        const e = new Error("zq: cut off from the database");
        if (callback) return void setImmediate(() => callback(e));
        return Promise.reject(e);
      };
      await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'zqcut'");
      second = await startRuns({
        ...options("other"),
        store: other,
        attempt: async (r, journal) => {
          if (!r.journal.one) await journal(block("one", "other"));
          await journal(block("two", "other"));
          return { status: "succeeded", durationMs: 0, blocks: [], placeholders: [] };
        },
      });
      await waitUntil(
        async () => (await other.load(run!.id))?.status === "succeeded",
        "the run taken over and settled",
      );
      // The cut serve's connections back, and its attempt goes on: it must keep nothing.
      (cut.pool as { connect: unknown }).connect = connect;
      release();
      await waitUntil(() => refused.length > 0 || settled.length > 1, "the cut serve's attempt ended");
      const after = await other.load(run!.id);
      expect(refused).toEqual([expect.stringContaining(`run ${run!.id} was taken over by another worker`)]);
      expect(settled).toEqual(["other"]);
      expect(after).toMatchObject({ status: "succeeded" });
      expect(after?.journal.two).toMatchObject({ outputs: { who: "other" } });
      await waitUntil(
        () => logs.some((l) => l.includes("was taken over")),
        "the cut serve saying its run was taken over",
      );
    } finally {
      (cut.pool as { connect: unknown }).connect = connect;
      release();
      await first.stop(1000);
      await second?.stop(1000);
      await admin.end();
      await cut.close();
      await other.close();
    }
  });
});

describe("a worker whose job could not be released (Postgres unreachable just as its run ended)", () => {
  it("is replaced, and its job freed: the serve goes on running runs at its concurrency", async () => {
    await postgres.createDatabase("zqworkerdied");
    const store = await openPostgresStore(postgres.url("zqworkerdied"));
    const logs: string[] = [];
    const ran: string[] = [];
    const connect = store.pool.connect.bind(store.pool);
    let refuse = 0;
    // The next connections refused, as while Postgres restarts: graphile-worker's release of the job fails, and it
    // ends the worker ("committing seppuku"), which it never replaces.
    (store.pool as { connect: unknown }).connect = (...args: unknown[]) => {
      if (refuse > 0) {
        refuse--;
        const e = Object.assign(new Error("zq: connect ECONNREFUSED"), { code: "ECONNREFUSED" });
        const callback = args[0] as ((e: Error) => void) | undefined;
        if (callback) return void setImmediate(() => callback(e));
        return Promise.reject(e);
      }
      return (connect as (...a: unknown[]) => unknown)(...args);
    };
    const runs = await startRuns({
      store,
      trigger: "zqworker_died",
      concurrency: 1,
      retry: { attempts: 3, backoffMs: 1 },
      log: (line) => logs.push(line),
      // Settled: the next connection is graphile-worker's, to release the job.
      settled: (run) => {
        if (run.event === "evt-zq-first" && ran.length === 1) refuse = 1;
      },
      attempt: async (run) => {
        ran.push(run.event);
        return { status: "succeeded", durationMs: 0, blocks: [], placeholders: [] };
      },
    });
    try {
      await store.accept(deliveryOf("zqworker_died", ["evt-zq-first"]), 3_600_000);
      await waitUntil(async () => (await store.runs("succeeded")).length === 1, "the first run settled");
      await store.accept(deliveryOf("zqworker_died", ["evt-zq-second"]), 3_600_000);
      await waitUntil(async () => (await store.runs("succeeded")).length === 2, "both runs settled");
      await waitUntil(
        async () =>
          Number((await store.pool.query("SELECT count(*)::int AS n FROM graphile_worker.jobs")).rows[0]?.n ?? -1) ===
          0,
        "the first run's job freed and ended",
      );
      expect(ran).toEqual(["evt-zq-first", "evt-zq-second"]);
      expect(logs).toContainEqual(expect.stringMatching(/^runs: worker \S+ ended \(zq: connect ECONNREFUSED\)/));
    } finally {
      (store.pool as { connect: unknown }).connect = connect;
      await runs.stop(1000);
      await store.close();
    }
  });
});

describe("a run refused by a used-up quota, on Postgres", () => {
  // A quota used up is no retryable error: the run failed at once, though the upstream said when the quota resets.
  it("has its next attempt's job due when the quota resets", async () => {
    await postgres.createDatabase("zqquotareset");
    const store = await openPostgresStore(postgres.url("zqquotareset"));
    const resetsAt = new Date(Date.now() + 1_800_000).toISOString();
    let tried = 0;
    const runs = await startRuns({
      store,
      trigger: "zqquota_reset",
      concurrency: 1,
      retry: { attempts: 3, backoffMs: 1 },
      log: () => undefined,
      attempt: async () => {
        tried++;
        const error = { type: "upstream" as const, provider: "zq", operation: "zq_op", status: 403, retryable: false };
        const quota = { ...error, message: "daily quota used up", quotaExceeded: true as const, resetsAt };
        const block: BlockResult = {
          id: "call",
          name: "Call",
          type: "zq",
          operation: "zq_op",
          status: "failed",
          durationMs: 0,
          error: quota,
        };
        return { status: "failed", durationMs: 0, blocks: [block], placeholders: [] };
      },
    });
    try {
      await store.accept(deliveryOf("zqquota_reset", ["evt-zq-quota"]), 3_600_000);
      await until("the attempt settled", async () =>
        (await store.runs()).some((r) => r.status === "failed" || (r.status === "queued" && r.attempts === 1)),
      );
      const [run] = await store.runs();
      expect(run).toMatchObject({ status: "queued", attempts: 1 });
      const job = await store.pool.query<{ due: number; attempt: number }>(
        "SELECT extract(epoch FROM run_at) * 1000 AS due, (payload->>'attempt')::int AS attempt FROM " +
          "graphile_worker._private_jobs WHERE key = $1",
        [run!.id],
      );
      expect(job.rows.map((r) => ({ due: Math.round(Number(r.due)), attempt: r.attempt }))).toEqual([
        { due: Date.parse(resetsAt), attempt: 2 },
      ]);
      expect(tried).toBe(1);
    } finally {
      await runs.stop(1000);
      await store.close();
    }
  });
});
