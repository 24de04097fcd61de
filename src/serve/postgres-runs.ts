// The runs of a Postgres store and their journals, read and written by whoever runs the jobs (postgres-engine.ts).
//
// An attempt is fenced by a lease: `begin` writes a new token for the run, and the attempt's journal writes and its
// settling hold only while the run's token is still theirs. A worker whose lock connection was lost is taken for gone
// by the other serves' sweep, which frees its job for another worker while the first may still be running it (its
// connection reopening, a partition): the first one's next journal write or its settling then finds the token moved
// and is refused (`RunTakenOver`), so its attempt stops at its next block and never settles the run, which runs once,
// from the journal, as after a crash. The journal write waits on the row `begin` updates (`FOR SHARE`), so no write
// of the old attempt lands after the new one read the journal.
import type { Pool, PoolClient } from "pg";
import type { BlockResult } from "@blockwright/runtime/workflow";
import { eventKey, type RunOutcome, type RunRecord, rowToRun, rowToStoredRun, type StoredRun } from "./store.js";

/** The leases of the runs' attempts (Postgres alone: the SQLite file has one receiver). */
export const LEASE_TABLE = "CREATE TABLE IF NOT EXISTS bw_run_leases (run_id TEXT PRIMARY KEY, lease TEXT NOT NULL)";

/** An attempt's journal write or settling refused: another worker took the run over (this one's lease is gone). */
export class RunTakenOver extends Error {
  constructor(runId: string) {
    super(`run ${runId} was taken over by another worker (this worker's lock was lost): this attempt is not kept`);
  }
}

/** Adds a run's job to graphile-worker's queue, in `client`'s transaction. */
export type Enqueue = (
  client: PoolClient,
  runId: string,
  trigger: string,
  runAt?: number,
  attempt?: number,
) => Promise<unknown>;

export interface PostgresRuns {
  take(limit: number, nowMs: number): Promise<StoredRun[]>;
  /** A run by id, with its journal. */
  load(runId: string): Promise<StoredRun | undefined>;
  /**
   * Marks a run running under a new `lease`, its attempts one more (an attempt counts as it begins), and reads it with
   * its journal then; undefined when it ended meanwhile.
   */
  begin(runId: string, lease: string): Promise<StoredRun | undefined>;
  /**
   * An attempt that could not begin (the run unreadable, `begin` refused by the database) counted as a failed one: the
   * run settled as `decide` says from its attempts then (queued again with its next job, or dead), any attempt's lease
   * ended; undefined when the run had ended.
   */
  failBeforeBegin(
    runId: string,
    decide: (attempts: number) => RunOutcome,
    nowMs: number,
  ): Promise<{ outcome: RunOutcome; attempts: number } | undefined>;
  /** Journals a block; with a lease, only while the run's lease is that one (else `RunTakenOver`). */
  journal(runId: string, block: BlockResult, lease?: string): Promise<void>;
  /** Ends an attempt; with a lease, only while the run's lease is that one (else `RunTakenOver`). */
  settle(runId: string, outcome: RunOutcome, nowMs: number, lease?: string): Promise<void>;
  nextDue(): Promise<number | undefined>;
  runs(status?: RunRecord["status"]): Promise<RunRecord[]>;
  replay(idOrEvent: string, nowMs: number): Promise<RunRecord[]>;
}

/** The runs and their journals of the store on `pool`; `enqueue` adds a run's job. */
export function runRecords(pool: Pool, enqueue: Enqueue): PostgresRuns {
  return {
    async take() {
      throw new Error("the runs of a Postgres store are taken by graphile-worker's workers (postgres-engine.ts)");
    },
    async load(runId) {
      const row = (await pool.query("SELECT * FROM bw_run_records WHERE id = $1", [runId])).rows[0] as
        | Record<string, unknown>
        | undefined;
      return row ? rowToStoredRun(row, await journalOf(pool, runId)) : undefined;
    },
    begin: (runId, lease) => begin(pool, runId, lease),
    failBeforeBegin: (runId, decide, nowMs) =>
      inTransaction(pool, async (client) => {
        const row = (
          await client.query<{ trigger: string; attempts: number }>(
            "UPDATE bw_run_records SET attempts = attempts + 1 WHERE id = $1 AND status NOT IN ('succeeded', " +
              "'failed', 'dead') RETURNING trigger, attempts",
            [runId],
          )
        ).rows[0];
        if (!row) return undefined;
        // An attempt of another worker (one taken for gone) keeps nothing from now on, as after a `begin`.
        await client.query("DELETE FROM bw_run_leases WHERE run_id = $1", [runId]);
        const attempts = Number(row.attempts);
        const outcome = decide(attempts);
        const ended = outcome.status !== "queued";
        await client.query(
          "UPDATE bw_run_records SET status = $2, error = $3, next_at = $4, finished_at = $5 WHERE id = $1",
          [runId, outcome.status, outcome.error ?? null, outcome.nextAt ?? nowMs, ended ? nowMs : null],
        );
        if (!ended) await enqueue(client, runId, row.trigger, outcome.nextAt ?? nowMs, attempts + 1);
        return { outcome, attempts };
      }),
    journal: (runId, block, lease) => journal(pool, runId, block, lease),
    async settle(runId, outcome, nowMs, lease) {
      const ended = outcome.status !== "queued";
      await inTransaction(pool, async (client) => {
        if (lease !== undefined) {
          const mine = await client.query("SELECT 1 FROM bw_run_leases WHERE run_id = $1 AND lease = $2 FOR UPDATE", [
            runId,
            lease,
          ]);
          if (mine.rowCount !== 1) throw new RunTakenOver(runId);
        }
        const row = (
          await client.query<{ trigger: string; attempts: number }>(
            "UPDATE bw_run_records SET status = $2, error = $3, next_at = $4, finished_at = $5, " +
              "attempts = attempts - $6 WHERE id = $1 RETURNING trigger, attempts",
            [
              runId,
              outcome.status,
              outcome.error ?? null,
              outcome.nextAt ?? nowMs,
              ended ? nowMs : null,
              outcome.undoAttempt ? 1 : 0,
            ],
          )
        ).rows[0];
        // Queued again: the next attempt is a job of its own at the trigger's backoff (graphile-worker's own retry
        // waits its fixed exponential delay), added with the settling so that neither is kept without the other.
        if (!ended && row) await enqueue(client, runId, row.trigger, outcome.nextAt ?? nowMs, Number(row.attempts) + 1);
      });
    },
    async nextDue() {
      return undefined;
    },
    runs: (status) =>
      status
        ? records(pool, "SELECT * FROM bw_run_records WHERE status = $1 ORDER BY created_at, id", [status])
        : records(pool, "SELECT * FROM bw_run_records ORDER BY created_at, id", []),
    async replay(idOrEvent, nowMs) {
      const ids = await inTransaction(pool, async (client) => {
        const rows = (
          await client.query(
            "UPDATE bw_run_records SET status = 'queued', attempts = 0, replays = replays + 1, next_at = $2, " +
              "finished_at = NULL, error = NULL WHERE (id = $1 OR event_key = $3) AND status IN ('failed', 'dead') " +
              "RETURNING id, trigger",
            [idOrEvent, nowMs, eventKey(idOrEvent)],
          )
        ).rows;
        for (const r of rows) await enqueue(client, String(r.id), String(r.trigger));
        return rows.map((r) => String(r.id));
      });
      return ids.length
        ? records(pool, "SELECT * FROM bw_run_records WHERE id = ANY($1::text[]) ORDER BY created_at, id", [ids])
        : [];
    },
  };
}

/** A run marked running under `lease`, its attempt counted, read with its journal in the same transaction. */
function begin(pool: Pool, runId: string, lease: string): Promise<StoredRun | undefined> {
  return inTransaction(pool, async (client) => {
    const row = (
      await client.query(
        "UPDATE bw_run_records SET status = 'running', attempts = attempts + 1 WHERE id = $1 AND status NOT IN " +
          "('succeeded', 'failed', 'dead') RETURNING *",
        [runId],
      )
    ).rows[0] as Record<string, unknown> | undefined;
    if (!row) return undefined;
    await client.query(
      "INSERT INTO bw_run_leases (run_id, lease) VALUES ($1, $2) ON CONFLICT (run_id) DO UPDATE SET " +
        "lease = excluded.lease",
      [runId, lease],
    );
    return rowToStoredRun(row, await journalOf(client, runId));
  });
}

/** A block journaled; with a lease, only while the run's lease is that one (it waits on a `begin` under way). */
async function journal(pool: Pool, runId: string, block: BlockResult, lease: string | undefined): Promise<void> {
  const values = [runId, block.id, JSON.stringify(block)];
  const kept = await pool.query(
    lease === undefined
      ? "INSERT INTO bw_run_blocks (run_id, block_id, result) VALUES ($1, $2, $3) ON CONFLICT (run_id, " +
          "block_id) DO UPDATE SET result = excluded.result"
      : "INSERT INTO bw_run_blocks (run_id, block_id, result) SELECT $1, $2, $3 FROM bw_run_leases WHERE " +
          "run_id = $1 AND lease = $4 FOR SHARE ON CONFLICT (run_id, block_id) DO UPDATE SET result = " +
          "excluded.result",
    lease === undefined ? values : [...values, lease],
  );
  if (kept.rowCount !== 1) throw new RunTakenOver(runId);
}

/** A run's journal: its blocks that succeeded, by id. */
async function journalOf(db: Pool | PoolClient, runId: string): Promise<Record<string, BlockResult>> {
  const out: Record<string, BlockResult> = {};
  for (const r of (await db.query("SELECT block_id, result FROM bw_run_blocks WHERE run_id = $1", [runId])).rows)
    out[String(r.block_id)] = JSON.parse(String(r.result)) as BlockResult;
  return out;
}

/** The runs a query selects, each with its blocks' statuses. */
async function records(pool: Pool, sql: string, values: unknown[]): Promise<RunRecord[]> {
  const rows = (await pool.query(sql, values)).rows as Record<string, unknown>[];
  return Promise.all(
    rows.map(async (r) =>
      rowToRun(
        r,
        Object.values(await journalOf(pool, String(r.id))).map((b) => ({ id: b.id, status: b.status })),
      ),
    ),
  );
}

/**
 * `work` in one transaction on a connection of the pool, rolled back when it throws. A connection lost before the
 * commit was sent (Postgres restarted, the session ended) left nothing written: the transaction is done again once on
 * a new connection. Lost during the commit, whether it was kept is unknown, and the error is thrown (a delivery is
 * then answered 500 and sent again, its events found claimed if they were). A checked-out connection's error with no
 * listener would end the process.
 */
export async function inTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>, again = 1): Promise<T> {
  const client = await pool.connect();
  let lost = false;
  const onLost = () => {
    lost = true;
  };
  client.on("error", onLost);
  client.on("end", onLost);
  let committing = false;
  try {
    await client.query("BEGIN");
    const result = await work(client);
    committing = true;
    await client.query("COMMIT");
    return result;
  } catch (e) {
    if (!lost) await client.query("ROLLBACK").catch(() => undefined);
    if ((lost || connectionError(e)) && !committing && again > 0) {
      lost = true;
      return inTransaction(pool, work, again - 1);
    }
    throw e;
  } finally {
    client.off("error", onLost);
    client.off("end", onLost);
    client.release(lost ? true : undefined);
  }
}

/** An error of a connection lost rather than of a statement: SQLSTATE classes 08 and 57P (the server going away). */
function connectionError(e: unknown): boolean {
  const code = String((e as { code?: unknown }).code ?? "");
  return code.startsWith("08") || code.startsWith("57P") || /Connection terminated|not queryable/.test(String(e));
}

/** SQLSTATEs of a database out of reach: a connection's failure (class 08), a shutdown, no connection taken now. */
const OUT_OF_REACH_STATES = /^(08...|57P0[123]|53300)$/;
/** Node's socket errors. */
const SOCKET_CODES = new Set(["ECONNRESET", "ECONNREFUSED", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH"]);
/** node-postgres' own words for a connection ended or not made (it gives them no code). */
const CONNECTION_WORDS =
  /connection terminated|connection ended|timeout exceeded when trying to connect|connection error|not queryable/i;

/**
 * Whether an error is the database out of reach (a connection ended or refused, the server shutting down or not
 * taking connections yet), which goes by itself, rather than an answer of the database about a record or a query.
 */
export function storeOutOfReach(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  if (typeof code === "string" && (OUT_OF_REACH_STATES.test(code) || SOCKET_CODES.has(code))) return true;
  return e instanceof Error && CONNECTION_WORDS.test(e.message);
}
