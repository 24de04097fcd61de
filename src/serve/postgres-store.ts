// The store of several receivers and workers behind one address: Postgres,
// through the `pg` client (an optional peer dependency). A delivery is taken
// in one transaction: its events claimed (one INSERT … ON CONFLICT, so two
// receivers given the same delivery never both take an event), the delivery
// kept, a run record per new event, and that run's job added to
// graphile-worker's queue (`graphile_worker.add_jobs`, a SQL function: the job
// exists exactly when the run does), the delivery's runs and their jobs each in
// one statement. Whoever runs the jobs (postgres-engine.ts)
// reads and journals the runs here. Ids past the horizon are deleted as claims
// go (at most once a minute per receiver).
import { randomUUID } from "node:crypto";
import type { Pool, PoolClient } from "pg";
import { pollHold, subscriptionMembership } from "./postgres-locks.js";
import { type Enqueue, inTransaction, LEASE_TABLE, type PostgresRuns, runRecords } from "./postgres-runs.js";
import {
  type DeliveryIn,
  eventKey,
  type PollPosition,
  pollDelivery,
  POSITION_SQL,
  PRUNE_SQL,
  REPLAYS_COLUMN,
  RUN_TABLES,
  rowToSubscription,
  STORE_TABLES,
  type TriggerStore,
} from "./store.js";

/** Any number: taken by the first receiver that creates the tables, so two starting at once do not race. */
const TABLES_LOCK = 0x62772d73;
/**
 * How often a receiver deletes the ids seen before the horizon (every receiver does, so it is cheap: one indexed
 * range).
 */
const PRUNE_EVERY_MS = 60_000;
/**
 * graphile-worker's limit of a job's attempts, set past any a run can use so that it never decides: the run record
 * counts a run's attempts (postgres-engine.ts). A job is taken again only after its worker died or its task threw, and
 * each such take that begins the run counts one of the run's attempts, which end it dead after the trigger's (at most
 * 100); had the job's limit been the trigger's too, a run whose worker died on its last attempt was never taken again
 * and stayed running, never dead, and a replay queued from `runs replay` (which knows no trigger's attempts) got 5.
 * The jobs added with those limits get this one as a serve of their trigger starts (postgres-engine.ts).
 */
export const JOB_MAX_ATTEMPTS = 32_767;
/**
 * The graphile-worker task of a trigger's runs: one per trigger, so that a serve takes only the jobs of the workflow it
 * runs when serves of several workflows share a database (one task for all, a serve ran another trigger's run).
 */
export const runTask = (trigger: string) => `blockwright_run:${trigger}`;

export interface PostgresStore extends Omit<TriggerStore, keyof PostgresRuns>, PostgresRuns {
  readonly pool: Pool;
  readonly url: string;
}

/**
 * The Postgres store at `url` (`postgres://user:password@host:port/database`); the tables (and graphile-worker's) are
 * created when missing.
 */
export async function openPostgresStore(url: string): Promise<PostgresStore> {
  const pool = await openPool(url);
  // A run's job; `attempt`: the attempt it is for (1 when absent), so that a job left over from an attempt that was
  // already settled (its worker killed after the settling) finds the run moved on and does nothing.
  const enqueue: Enqueue = (client, runId, trigger, runAt, attempt = 1) =>
    client.query(
      `SELECT graphile_worker.add_job($1, json_build_object('run', $2::text, 'attempt', $4::int), ` +
        `job_key => $2::text, max_attempts => $3::int` +
        `${runAt ? ", run_at => to_timestamp($5::double precision / 1000)" : ""})`,
      [runTask(trigger), runId, JOB_MAX_ATTEMPTS, attempt, ...(runAt ? [runAt] : [])],
    );
  // The first attempts' jobs of several runs: one call of add_jobs, which add_job makes with one job (a run id is its
  // job's key, as there).
  const enqueueFirst: EnqueueFirst = (client, runIds, trigger) =>
    client.query(
      "SELECT count(*) FROM graphile_worker.add_jobs(ARRAY(SELECT ($1::text, json_build_object('run', r, 'attempt', " +
        "1), NULL::text, NULL::timestamptz, $3::smallint, r, NULL::smallint, NULL::text[])::graphile_worker.job_spec " +
        "FROM unnest($2::text[]) AS r))",
      [runTask(trigger), runIds, JOB_MAX_ATTEMPTS],
    );
  const keep = deliveryKeeper(enqueueFirst);
  return {
    shared: true,
    pool,
    url,
    accept: (d, horizonMs) => inTransaction(pool, (client) => keep(client, d, horizonMs)),
    ...pollPositions(pool, keep),
    ...runRecords(pool, enqueue),
    ...subscriptionRecords(pool),
    async close() {
      await pool.end();
    },
  };
}

/** Adds the first attempt's job of each run of `runIds`, in `client`'s transaction. */
type EnqueueFirst = (client: PoolClient, runIds: string[], trigger: string) => Promise<unknown>;
/** Takes a delivery in `client`'s transaction: whether each of its events is new. */
type Keep = (client: PoolClient, d: DeliveryIn, horizonMs: number) => Promise<boolean[]>;

/** The pool at `url`, its tables created by one opener at a time. */
async function openPool(url: string): Promise<Pool> {
  // An optional peer dependency: only the projects that keep serve's state in Postgres install it.
  const pg = await import("pg").then(
    (m) => m.default,
    () => {
      throw new Error(
        "the Postgres store needs the pg package, which blockwright leaves to the projects that use it: " +
          "npm install pg graphile-worker",
      );
    },
  );
  const pool: Pool = new pg.Pool({ connectionString: url, max: 6 });
  // An idle connection that breaks is dropped by the pool; without a listener its error would end the process.
  pool.on("error", () => undefined);
  // So would one's that is checked out between two queries: graphile-worker's workers hold theirs with no listener,
  // and Postgres ending the sessions then (a restart, an administrator) ended the serve. The error is not lost: the
  // connection's next query fails with it, and the pool drops the connection when it comes back.
  pool.on("connect", (client) => client.on("error", () => undefined));
  try {
    const worker = await importWorker();
    // One opener at a time creates the tables and runs graphile-worker's migrations: serves starting together on a
    // new database raced to create its schema ("duplicate key … pg_namespace_nspname_index") and one failed to start.
    const session = await pool.connect();
    try {
      await session.query("SELECT pg_advisory_lock($1)", [TABLES_LOCK]);
      await inTransaction(pool, async (client) => {
        for (const sql of [...STORE_TABLES, ...RUN_TABLES("BYTEA"), LEASE_TABLE]) await client.query(sql);
        // A database made before runs counted their replays.
        await client.query(`ALTER TABLE bw_run_records ADD COLUMN IF NOT EXISTS ${REPLAYS_COLUMN}`);
      });
      await worker.runMigrations({ pgPool: pool, logger: quietLogger(worker) });
    } finally {
      await session.query("SELECT pg_advisory_unlock($1)", [TABLES_LOCK]).catch(() => undefined);
      session.release();
    }
  } catch (e) {
    await pool.end();
    throw new Error(`the Postgres store at ${withoutPassword(url)} could not be opened: ${(e as Error).message}`);
  }
  return pool;
}

/**
 * Takes a delivery in a transaction: its events claimed, and when any is new, the delivery kept and a run (and its
 * job) per new event. The ids past the horizon are deleted as claims go, at most once a minute per receiver.
 */
function deliveryKeeper(enqueueFirst: EnqueueFirst): Keep {
  let prunedAt = 0;
  return async (client, d, horizonMs) => {
    if (d.receivedAt - prunedAt >= PRUNE_EVERY_MS) {
      prunedAt = d.receivedAt;
      await client.query(PRUNE_SQL, [d.receivedAt - horizonMs]);
    }
    // One statement for the whole delivery: each id inserted, or taken over once older than the horizon.
    const keys = d.events.map((e) => eventKey(e.id));
    const taken = await client.query<{ event_key: string }>(
      "INSERT INTO bw_events_seen (trigger, event_key, seen_at) SELECT $1, k, $3 FROM unnest($2::text[]) " +
        "AS k ON CONFLICT (trigger, event_key) DO UPDATE SET seen_at = excluded.seen_at WHERE " +
        "bw_events_seen.seen_at < $4 RETURNING event_key",
      [d.trigger, [...new Set(keys)], d.receivedAt, d.receivedAt - horizonMs],
    );
    // An id twice in one delivery: its first place gets the run.
    const newKeys = new Set(taken.rows.map((r) => r.event_key));
    const fresh = keys.map((k) => newKeys.delete(k));
    if (!fresh.some(Boolean)) return fresh;
    const deliveryId = randomUUID();
    await client.query(
      "INSERT INTO bw_deliveries_kept (id, trigger, received_at, headers, body) VALUES ($1, $2, $3, $4, $5)",
      [deliveryId, d.trigger, d.receivedAt, JSON.stringify(d.headers), Buffer.from(d.body)],
    );
    // Every new event's run, then their jobs, each in one statement (a statement per event, twice, made a delivery of
    // 2,000 events 4,000 round trips).
    const runs = keys.flatMap((key, i) => {
      const e = d.events[i];
      return fresh[i] && e ? [{ id: randomUUID(), e, key }] : [];
    });
    await client.query(
      "INSERT INTO bw_run_records (id, trigger, event_id, event_key, delivery_id, status, attempts, next_at, " +
        "created_at, outputs) SELECT r.id, $1, r.event_id, r.event_key, $2, 'queued', 0, $3, $3, r.outputs " +
        "FROM unnest($4::text[], $5::bytea[], $6::text[], $7::text[]) AS r (id, event_id, event_key, outputs)",
      [
        d.trigger,
        deliveryId,
        d.receivedAt,
        runs.map((r) => r.id),
        runs.map((r) => Buffer.from(r.e.id, "utf8")),
        runs.map((r) => r.key),
        runs.map((r) => JSON.stringify(r.e.outputs)),
      ],
    );
    await enqueueFirst(
      client,
      runs.map((r) => r.id),
      d.trigger,
    );
    return fresh;
  };
}

/** The poll triggers' positions and known items; a poll's new items are kept as a delivery is (`keep`). */
function pollPositions(
  pool: Pool,
  keep: Keep,
): Pick<PostgresStore, "pollPosition" | "knownItems" | "advancePoll" | "pollHold"> {
  return {
    async pollPosition(key) {
      const row = (await pool.query("SELECT version, position FROM bw_poll_positions WHERE key = $1", [key])).rows[0] as
        | Record<string, unknown>
        | undefined;
      return row
        ? { position: JSON.parse(String(row.position)) as PollPosition, version: Number(row.version) }
        : { version: 0 };
    },
    async knownItems(key, ids) {
      const byKey = new Map(ids.map((id) => [eventKey(id), id]));
      const rows = (
        await pool.query<{ item_key: string }>(
          "SELECT item_key FROM bw_poll_known WHERE key = $1 AND item_key = ANY($2::text[])",
          [key, [...byKey.keys()]],
        )
      ).rows;
      return new Set(rows.map((r) => byKey.get(r.item_key) as string));
    },
    advancePoll: (p, horizonMs) =>
      inTransaction(pool, async (client) => {
        // Locked until the commit: a poller that read the same version waits, then finds it moved.
        const row = (await client.query("SELECT version FROM bw_poll_positions WHERE key = $1 FOR UPDATE", [p.key]))
          .rows[0] as { version: string } | undefined;
        if (Number(row?.version ?? 0) !== p.version) return undefined;
        const fresh = p.events.length ? await keep(client, pollDelivery(p), horizonMs) : [];
        if (p.known?.add.length)
          await client.query(
            "INSERT INTO bw_poll_known (key, item_key) SELECT $1, k FROM unnest($2::text[]) " +
              "AS k ON CONFLICT DO NOTHING",
            [p.key, p.known.add.map(eventKey)],
          );
        if (p.known?.remove.length)
          await client.query("DELETE FROM bw_poll_known WHERE key = $1 AND item_key = ANY($2::text[])", [
            p.key,
            p.known.remove.map(eventKey),
          ]);
        // Two first polls at once: the second's insert waits on the first's row, then conflicts and is refused below.
        const moved = await client.query(
          p.version === 0 ? `${POSITION_SQL.replace(/ DO UPDATE SET .*$/, " DO NOTHING")}` : POSITION_SQL,
          [p.key, p.trigger, p.version + 1, p.polledAt, JSON.stringify(p.position)],
        );
        if (moved.rowCount !== 1) throw new PositionMoved();
        return fresh;
      }).catch((e: unknown) => {
        if (e instanceof PositionMoved) return undefined;
        throw e;
      }),
    pollHold: (key) => pollHold(pool, key),
  };
}

/** The webhook subscriptions the receivers keep, and each receiver's membership of one. */
function subscriptionRecords(
  pool: Pool,
): Pick<PostgresStore, "saveSubscription" | "subscriptions" | "deleteSubscription" | "joinSubscription"> {
  return {
    async saveSubscription(s) {
      await pool.query(
        "INSERT INTO bw_subscriptions (trigger, id, url, expires_at) VALUES ($1, $2, $3, $4) " +
          "ON CONFLICT (trigger) DO UPDATE SET id = excluded.id, url = excluded.url, " +
          "expires_at = excluded.expires_at",
        [s.trigger, s.id, s.url, s.expiresAt],
      );
    },
    async subscriptions() {
      return (await pool.query("SELECT trigger, id, url, expires_at FROM bw_subscriptions ORDER BY trigger")).rows.map(
        rowToSubscription,
      );
    },
    async deleteSubscription(trigger) {
      await pool.query("DELETE FROM bw_subscriptions WHERE trigger = $1", [trigger]);
    },
    joinSubscription: (trigger) => subscriptionMembership(pool, trigger),
  };
}

/** Thrown to undo a poll's transaction whose position another poller moved first. */
class PositionMoved extends Error {}

/** graphile-worker, an optional peer dependency like pg. */
export async function importWorker(): Promise<typeof import("graphile-worker")> {
  return import("graphile-worker").catch(() => {
    throw new Error(
      "the Postgres store runs its runs on graphile-worker, which blockwright leaves to the projects that use " +
        "it: npm install graphile-worker",
    );
  });
}

/** graphile-worker's logger, kept quiet: its own lines would mix with serve's. */
export function quietLogger(worker: typeof import("graphile-worker")): import("graphile-worker").Logger {
  return new worker.Logger(() => () => undefined);
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
