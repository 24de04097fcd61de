// The runs of a Postgres store while they are in flight: the worker running one holds its advisory lock from the
// start, so that the sweep every serve makes for the jobs of workers that are gone (a free lock: its process died)
// leaves a long run alone instead of running it a second time beside itself.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PostgresServer } from "../../test-support/postgres-server.js";
import { sharedPostgres } from "../../test-support/shared-postgres.js";
import { deliveryOf } from "../../test-support/store-contract.js";
import { openPostgresStore } from "./postgres-store.js";
import { startRuns } from "./start-runs.js";

let postgres: PostgresServer;
beforeAll(async () => {
  postgres = await sharedPostgres();
});
afterAll(async () => {
  await postgres?.stop();
});

/** Polls `what` until it holds, or fails saying what was waited for. */
async function until(said: string, what: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await what())) {
    if (Date.now() > deadline) throw new Error(`never came: ${said}`);
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
      await until("the workers' and the member's locks held", async () => (await held()).length === 2);
      const before = await held();
      await other.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND " +
          "pid <> pg_backend_pid()",
      );
      await until("the locks held again, on new connections", async () => {
        const now = await held();
        return JSON.stringify(now) === JSON.stringify(before);
      });
      expect(logs.some((l) => l.includes("connection holding this receiver's locks was lost"))).toBe(true);
      await until(
        "a delivery kept after the loss",
        async () =>
          (await store.accept(deliveryOf("zqlost_session", ["evt-zq-after"]), 3_600_000).catch(() => undefined)) !==
          undefined,
      );
      await until("its run settled", async () => (await store.runs()).some((r) => r.status === "succeeded"));
    } finally {
      await membership.leave(async () => undefined);
      await runs.stop(1000);
      await other.end();
      await store.close();
    }
  });
});
