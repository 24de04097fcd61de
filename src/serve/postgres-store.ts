// The store of several receivers behind one address: Postgres, through the
// `pg` client (an optional peer dependency). Claiming a delivery's events is
// one INSERT … ON CONFLICT statement in one transaction, so two receivers given
// the same delivery never both run an event; ids past the horizon are deleted
// as claims go (at most once a minute per receiver).
import type { Pool } from "pg";
import { eventKey, PRUNE_SQL, rowToRun, rowToSubscription, STORE_TABLES, type TriggerStore } from "./store.js";

/** Any number: taken by the first receiver that creates the tables, so two starting at once do not race. */
const TABLES_LOCK = 0x62772d73;
/** How often a receiver deletes the ids seen before the horizon (every receiver does, so it is cheap: one indexed range). */
const PRUNE_EVERY_MS = 60_000;

/** The Postgres store at `url` (`postgres://user:password@host:port/database`); the tables are created when missing. */
export async function openPostgresStore(url: string): Promise<TriggerStore> {
  // An optional peer dependency: only the projects that keep serve's state in Postgres install it.
  const pg = await import("pg").then(
    (m) => m.default,
    () => {
      throw new Error("the Postgres store needs the pg package, which blockwright leaves to the projects that use it: npm install pg");
    },
  );
  const pool: Pool = new pg.Pool({ connectionString: url, max: 4 });
  // An idle connection that breaks is dropped by the pool; without a listener its error would end the process.
  pool.on("error", () => undefined);
  try {
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      await client.query("SELECT pg_advisory_xact_lock($1)", [TABLES_LOCK]);
      for (const sql of STORE_TABLES) await client.query(sql);
      await client.query("COMMIT");
    } catch (e) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw e;
    } finally {
      client.release();
    }
  } catch (e) {
    await pool.end();
    throw new Error(`the Postgres store at ${withoutPassword(url)} could not be opened: ${(e as Error).message}`);
  }
  let prunedAt = 0;
  return {
    shared: true,
    async claim(trigger, eventIds, nowMs, windowMs) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        if (nowMs - prunedAt >= PRUNE_EVERY_MS) {
          prunedAt = nowMs;
          await client.query(PRUNE_SQL, [nowMs - windowMs]);
        }
        // One statement for the whole delivery: each id inserted, or taken over once older than the window.
        const keys = eventIds.map(eventKey);
        const taken = await client.query<{ event_key: string }>(
          "INSERT INTO bw_events_seen (trigger, event_key, seen_at) SELECT $1, k, $3 FROM unnest($2::text[]) AS k ON CONFLICT (trigger, event_key) DO UPDATE SET seen_at = excluded.seen_at WHERE bw_events_seen.seen_at < $4 RETURNING event_key",
          [trigger, [...new Set(keys)], nowMs, nowMs - windowMs],
        );
        await client.query("COMMIT");
        // An id twice in one delivery: its first place gets the run.
        const fresh = new Set(taken.rows.map((r) => r.event_key));
        return keys.map((k) => fresh.delete(k));
      } catch (e) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw e;
      } finally {
        client.release();
      }
    },
    async recordRun(r) {
      await pool.query("INSERT INTO bw_runs (trigger, event_id, status, started_at, finished_at, blocks) VALUES ($1, $2, $3, $4, $5, $6)", [r.trigger, r.event, r.status, r.startedAt, r.finishedAt, JSON.stringify(r.blocks)]);
    },
    async runs() {
      return (await pool.query("SELECT * FROM bw_runs ORDER BY started_at, finished_at")).rows.map(rowToRun);
    },
    async saveSubscription(s) {
      await pool.query("INSERT INTO bw_subscriptions (trigger, id, url, expires_at) VALUES ($1, $2, $3, $4) ON CONFLICT (trigger) DO UPDATE SET id = excluded.id, url = excluded.url, expires_at = excluded.expires_at", [
        s.trigger,
        s.id,
        s.url,
        s.expiresAt,
      ]);
    },
    async subscriptions() {
      return (await pool.query("SELECT trigger, id, url, expires_at FROM bw_subscriptions ORDER BY trigger")).rows.map(rowToSubscription);
    },
    async deleteSubscription(trigger) {
      await pool.query("DELETE FROM bw_subscriptions WHERE trigger = $1", [trigger]);
    },
    async close() {
      await pool.end();
    },
  };
}

/** The address as it may be shown: the password left out. */
export function withoutPassword(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "the address given";
  }
}
