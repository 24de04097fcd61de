// The Postgres store on a real Postgres (the server binary an npm package
// ships, started once for this file): the store contract the SQLite store
// keeps too, and two receivers sharing the database start one run for an
// event delivered to both at once.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POSTGRES_PASSWORD, type PostgresServer, startPostgres } from "../../test-support/postgres-server.js";
import type { TriggerSpec } from "@blockwright/runtime/internal";
import { delivery, startReceiver, ZQ_CLIENT_STATE, zqTrigger } from "../../test-support/serve-receivers.js";
import { keepSubscription, type StepCall } from "./subscription.js";
import { deliveryOf, describeStoreContract } from "../../test-support/store-contract.js";
import { openPostgresStore, withoutPassword } from "./postgres-store.js";

let postgres: PostgresServer;
beforeAll(async () => {
  postgres = await startPostgres();
}, 120_000);
afterAll(async () => {
  await postgres?.stop();
}, 60_000);

describeStoreContract("Postgres", () => openPostgresStore(postgres.url()));

describe("the events seen", () => {
  it("are claimed in one transaction for a delivery of 2,000 events (every row written by one)", async () => {
    const store = await openPostgresStore(postgres.url());
    const pool = new pg.Pool({ connectionString: postgres.url(), max: 1 });
    try {
      const ids = Array.from({ length: 2000 }, (_, i) => `evt-batch-${i}`);
      expect((await store.accept(deliveryOf("zqbatch_pg", ids), 60_000)).every(Boolean)).toBe(true);
      const written = await pool.query("SELECT count(*)::int AS rows, count(DISTINCT xmin::text)::int AS transactions FROM bw_events_seen WHERE trigger = 'zqbatch_pg'");
      expect(written.rows[0]).toEqual({ rows: 2000, transactions: 1 });
    } finally {
      await pool.end();
      await store.close();
    }
  });

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
  it("is created once however many receivers start together, renewed by any, and deleted by the last to stop, not the creator", async () => {
    await postgres.createDatabase("zqsubs");
    const stores = await Promise.all([0, 1, 2].map(() => openPostgresStore(postgres.url("zqsubs"))));
    const calls: string[] = [];
    const call: StepCall = async (operation) => {
      calls.push(operation);
      // The provider takes its time: receivers starting together overlap here.
      await new Promise((r) => setTimeout(r, 50));
      return { ok: true, outputs: operation === "zqhooks_create_hook" ? { metadata: { id: `hook-${calls.length}` } } : {} };
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
      const kept = await Promise.all(stores.map((store) => keepSubscription({ trigger, url, secret: ZQ_CLIENT_STATE, store, call, log: () => undefined })));
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
  });
});

describe("two receivers behind one address", () => {
  it("run an event delivered to both once, and its redelivery not at all", async () => {
    await postgres.createDatabase("zqshared");
    const stores = [await openPostgresStore(postgres.url("zqshared")), await openPostgresStore(postgres.url("zqshared"))] as const;
    const receivers = [await startReceiver(stores[0]), await startReceiver(stores[1])] as const;
    try {
      const post = (url: string) => fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: delivery("evt-shared") });
      const answers = await Promise.all([post(receivers[0].url), post(receivers[1].url), post(receivers[0].url), post(receivers[1].url)]);
      expect(answers.map((a) => a.status)).toEqual([202, 202, 202, 202]);
      for (const r of receivers) await r.idle();
      expect([...receivers[0].started, ...receivers[1].started]).toEqual(["evt-shared"]);
      expect((await stores[0].runs()).map((r) => [r.event, r.status])).toEqual([["evt-shared", "succeeded"]]);
      expect([...receivers[0].logs, ...receivers[1].logs].filter((l) => l.includes("event evt-shared seen before"))).toHaveLength(3);
    } finally {
      for (const r of receivers) await r.close();
      for (const s of stores) await s.close();
    }
  });

  it("says why a store cannot be opened without showing the password", async () => {
    // Port 1 on loopback: nothing listens there, so the connection is refused at once.
    const error = await openPostgresStore(postgres.url().replace(/@127\.0\.0\.1:\d+/, "@127.0.0.1:1")).catch((e: unknown) => e as Error);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/^the Postgres store at postgres:\/\/zqstore:\*\*\*@127\.0\.0\.1:1\/postgres could not be opened: /);
    expect((error as Error).message).not.toContain(POSTGRES_PASSWORD);
    expect(withoutPassword("not an address")).toBe("the address given");
  });
});
