// A Postgres store whose sessions Postgres ends (a restart, an administrator, a proxy) at the moments graphile-worker
// handles worst: while a worker holds a connection between two queries, and while a runner reads its task list for the
// first time. Neither may end the serve or leave its runs queued for good.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { endSession, endSessionAtFirst, type PostgresServer } from "../../test-support/postgres-server.js";
import { until } from "../../test-support/runtime/hang-guard.js";
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

describe("a connection of the store checked out when Postgres ends its session", () => {
  it("fails its next query, and the process goes on (no error left without a listener)", async () => {
    await postgres.createDatabase("zqidleout");
    const store = await openPostgresStore(postgres.url("zqidleout"));
    const admin = new pg.Client({ connectionString: postgres.url("zqidleout") });
    await admin.connect();
    // Held between two queries with no listener of its own, as graphile-worker's workers hold theirs.
    const client = await store.pool.connect();
    let released = false;
    try {
      expect(client.listenerCount("error")).toBeGreaterThan(0);
      await endSession(admin, client);
      await expect(client.query("SELECT 1")).rejects.toThrow(/not queryable|terminat/);
      client.release();
      released = true;
      // The pool dropped it: the store answers on a new connection.
      expect((await store.pool.query<{ n: number }>("SELECT 1 AS n")).rows[0]?.n).toBe(1);
    } finally {
      if (!released) client.release(true);
      await admin.end();
      await store.close();
    }
  });
});

describe("a serve whose runner's first read of its task list meets an ended session", () => {
  it("replaces the runner, whose workers would fail every fetch for good: its runs still run", async () => {
    await postgres.createDatabase("zqtasklist");
    const store = await openPostgresStore(postgres.url("zqtasklist"));
    const admin = new pg.Client({ connectionString: postgres.url("zqtasklist") });
    await admin.connect();
    const cut = endSessionAtFirst(store.pool, admin, (text) => /insert into .*_private_tasks/i.test(text));
    const logs: string[] = [];
    const runs = await startRuns({
      store,
      trigger: "zqtask_list",
      concurrency: 1,
      retry: { attempts: 1, backoffMs: 1 },
      log: (line) => logs.push(line),
      attempt: async () => ({ status: "succeeded", durationMs: 0, blocks: [], placeholders: [] }),
    });
    try {
      await store.accept(deliveryOf("zqtask_list", ["evt-zq-listed"]), 3_600_000);
      await until(async () => (await store.runs()).some((r) => r.status === "succeeded"), "the run settled");
      expect(cut.sent()).toBeGreaterThan(0);
      expect(logs.filter((l) => l.includes("failed to fetch a job"))).toHaveLength(1);
      expect(logs.some((l) => l.includes("its workers replaced by new ones"))).toBe(true);
    } finally {
      await runs.stop(1000);
      await admin.end();
      await store.close();
    }
  });
});

describe("a worker graphile-worker ended while Postgres refuses connections", () => {
  it("is replaced by a worker tried until it starts: the serve's one worker runs the next run", async () => {
    await postgres.createDatabase("zqrestartlater");
    const store = await openPostgresStore(postgres.url("zqrestartlater"));
    const logs: string[] = [];
    const connect = store.pool.connect.bind(store.pool);
    let refuse = 0;
    // Connections asked for as graphile-worker asks (a promise) refused, as while Postgres restarts: the job's release
    // fails, which ends the worker, then its replacement's start fails too. The pool's own queries (a callback) go.
    (store.pool as { connect: unknown }).connect = (...args: unknown[]) => {
      if (refuse > 0 && args.length === 0) {
        refuse--;
        return Promise.reject(Object.assign(new Error("zq: connect ECONNREFUSED"), { code: "ECONNREFUSED" }));
      }
      return (connect as (...a: unknown[]) => unknown)(...args);
    };
    const ran: string[] = [];
    // graphile-worker traces a worker's error on the console when the worker ends (main.js): serve says it in its log.
    const trace = vi.spyOn(console, "trace").mockImplementation(() => undefined);
    const runs = await startRuns({
      store,
      trigger: "zqrestart_later",
      concurrency: 1,
      retry: { attempts: 3, backoffMs: 1 },
      log: (line) => logs.push(line),
      settled: (run) => {
        if (run.event === "evt-zq-before") refuse = 2;
      },
      attempt: async (run) => {
        ran.push(run.event);
        return { status: "succeeded", durationMs: 0, blocks: [], placeholders: [] };
      },
    });
    try {
      await store.accept(deliveryOf("zqrestart_later", ["evt-zq-before"]), 3_600_000);
      await until(() => logs.some((l) => l.includes("could not be started")), "a replacement's start failed");
      await until(() => refuse === 0, "the refusals spent");
      await store.accept(deliveryOf("zqrestart_later", ["evt-zq-after"]), 3_600_000);
      await until(async () => (await store.runs("succeeded")).length === 2, "both runs settled");
      expect(ran).toEqual(["evt-zq-before", "evt-zq-after"]);
      expect(logs).toContainEqual(expect.stringMatching(/^runs: worker \S+ ended \(zq: connect ECONNREFUSED\)/));
      expect(logs).toContainEqual(expect.stringMatching(/^runs: a worker could not be started .*tried again in 1 s$/));
      expect(trace).not.toHaveBeenCalled();
    } finally {
      (store.pool as { connect: unknown }).connect = connect;
      await runs.stop(1000);
      await store.close();
      trace.mockRestore();
    }
  });
});

/**
 * A run of a one-attempt trigger whose first journal write meets a session ended from another connection, failing its
 * block as the runtime's run does (retryable); `refusedToo`: another block of the attempt refused for good beside it.
 */
async function journalOut(database: string, refusedToo: boolean) {
  await postgres.createDatabase(database);
  const store = await openPostgresStore(postgres.url(database));
  const admin = new pg.Client({ connectionString: postgres.url(database) });
  await admin.connect();
  const cut = endSessionAtFirst(store.pool, admin, (text) => text.startsWith("INSERT INTO bw_run_blocks"));
  const logs: string[] = [];
  const block = { id: "one", name: "one", type: "zqhooks", operation: "zqhooks_do", durationMs: 0 } as const;
  const error = { type: "network", provider: "zqhooks", operation: "zqhooks_do", retryable: true } as const;
  const refused = {
    ...block,
    id: "two",
    name: "two",
    status: "failed",
    error: { ...error, type: "upstream", status: 400, retryable: false, message: "zq: refused" },
  } as const;
  const runs = await startRuns({
    store,
    trigger: database,
    concurrency: 1,
    retry: { attempts: 1, backoffMs: 1 },
    log: (line) => logs.push(line),
    attempt: async (_run, journal) => {
      try {
        await journal({ ...block, status: "succeeded", outputs: {} });
        return { status: "succeeded", durationMs: 0, blocks: [], placeholders: [] };
      } catch (e) {
        const failed = { ...block, status: "failed", error: { ...error, message: (e as Error).message } } as const;
        return {
          status: "failed",
          durationMs: 0,
          blocks: [failed, ...(refusedToo ? [refused] : [])],
          placeholders: [],
        };
      }
    },
  });
  try {
    await store.accept(deliveryOf(database, ["evt-zq-journaled"]), 3_600_000);
    await until(
      async () => (await store.runs()).some((r) => r.status !== "queued" && r.status !== "running"),
      "the run ended",
    );
    const [run] = await store.runs();
    return { run, logs, sent: cut.sent() };
  } finally {
    await runs.stop(1000);
    await admin.end();
    await store.close();
  }
}

describe("a run whose block's journal write meets an ended session", () => {
  const unspent = /could not journal a block, its store out of reach .*no attempt spent$/;

  it("is tried again with no attempt spent: a trigger of one attempt still runs it", async () => {
    const { run, logs, sent } = await journalOut("zqjournalout", false);
    expect(run).toMatchObject({ status: "succeeded", attempts: 1, blocks: [{ id: "one", status: "succeeded" }] });
    expect(sent).toBeGreaterThan(1);
    expect(logs).toContainEqual(expect.stringMatching(unspent));
  });

  it("fails as before when another block of the attempt was refused for good", async () => {
    const { run, logs, sent } = await journalOut("zqjournalrefused", true);
    expect(run).toMatchObject({ status: "failed", attempts: 1 });
    expect(sent).toBe(1);
    expect(logs.some((l) => unspent.test(l))).toBe(false);
  });
});
