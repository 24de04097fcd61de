// The records of serve's SQLite store, written synchronously (node-sqlite3-wasm:
// SQLite compiled to WebAssembly, no native build, no download on install).
// sqlite-store.ts runs this on a worker thread, so no statement blocks the
// thread that answers deliveries. Deliveries that arrive together are written
// in one transaction (`batch`): one append to the log and one sync for many.
import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import { setFlagsFromString } from "node:v8";
import type { BlockResult } from "@blockwright/runtime/workflow";
import {
  CLAIM_SQL,
  type DeliveryIn,
  endedMidAttempt,
  eventKey,
  type PollIn,
  type PollPosition,
  pollDelivery,
  POSITION_SQL,
  PRUNE_SQL,
  REPLAYS_COLUMN,
  RUN_TABLES,
  type RunOutcome,
  type RunRecord,
  type RunStatus,
  rowToRun,
  rowToStoredRun,
  rowToSubscription,
  STORE_TABLES,
  type StoredRun,
  type SubscriptionRecord,
} from "./store.js";

interface SqliteStatement {
  all(values?: unknown[]): Record<string, unknown>[];
  run(values?: unknown[]): { changes: number };
  finalize(): void;
}

export interface SqliteDatabase {
  exec(sql: string): void;
  prepare(sql: string): SqliteStatement;
  run(sql: string, values?: unknown[]): { changes: number };
  all(sql: string, values?: unknown[]): Record<string, unknown>[];
  close(): void;
}

// V8 runs WebAssembly on its baseline compiler and moves a function to its optimising one (TurboFan) once the
// function has run about this many bytes of its code. At V8's default (13 million on Node 22 and later, 1.8
// million on Node 20) SQLite's two largest functions, its statement loop and its parser (60 and 40 KB of code),
// crossed it within the store's first few statements, in every process that opened a store: their optimised
// compile cost 0.11 to 0.24 s of CPU, a third of a `serve --live` start. 1.3 billion (the flag is a 32-bit int)
// leaves a short or quiet process on the baseline code and still optimises a busy store's functions: 20,000 small
// transactions ran in the same CPU at both budgets, and 1.5× slower on the baseline compiler alone (--liftoff-only).
const WASM_TIERING_BUDGET = 1_300_000_000;
/**
 * V8's own budget, put back once SQLite's module is made (its functions' budgets are set then): Node's compile cache
 * keeps V8's code of the modules under the flags it was compiled with, and refuses it under others, so that with the
 * budget left raised, a `serve` wrote the modules it loads next (Prism's 2.9 MB among them) with code the commands
 * without it (mock, test, run) then refused, and theirs the serve's: each compiled them anew after the other had run.
 */
const V8_TIERING_BUDGET = Number.parseInt(process.versions.v8, 10) < 12 ? 1_800_000 : 13_000_000;

type SqliteModule = { Database: new (file: string) => SqliteDatabase };
let sqlite: SqliteModule | undefined;

/**
 * The SQLite file as a database (node-sqlite3-wasm is CommonJS: loaded with require, which compiles its
 * WebAssembly once a process: the tiering budget is set before that, as V8 reads it when the module compiles, and
 * V8's put back after).
 */
export function openDatabase(file: string): SqliteDatabase {
  if (!sqlite) {
    setFlagsFromString(`--wasm-tiering-budget=${WASM_TIERING_BUDGET}`);
    try {
      sqlite = createRequire(import.meta.url)("node-sqlite3-wasm") as SqliteModule;
    } finally {
      setFlagsFromString(`--wasm-tiering-budget=${V8_TIERING_BUDGET}`);
    }
  }
  return new sqlite.Database(file);
}

/** One write of a batch: its result, or why it failed (the others are written all the same). */
export type OpResult = { ok: true; value: unknown } | { ok: false; error: string };

/** The store's records on an open database, each operation synchronous. */
export class SqliteRecords {
  private readonly statements: Record<"claim" | "delivery" | "run" | "block", SqliteStatement>;

  constructor(
    private readonly db: SqliteDatabase,
    writer = true,
  ) {
    if (writer) {
      // The file is this process's alone (sqlite-hold.ts): its lock is taken once, not per
      // transaction, which lets the write-ahead log work without shared memory (a WebAssembly
      // SQLite has none). A commit is then one append and one sync (FULL): an acknowledged
      // delivery survives the process and the machine stopping, at ~3 ms a commit where a
      // rollback journal took ~25 ms.
      db.exec("PRAGMA locking_mode = EXCLUSIVE");
      db.exec("PRAGMA journal_mode = WAL");
      db.exec("PRAGMA synchronous = FULL");
      for (const sql of [...STORE_TABLES, ...RUN_TABLES("BLOB")]) db.exec(sql);
      // A file made before runs counted their replays (SQLite has no ADD COLUMN IF NOT EXISTS).
      if (!db.all("PRAGMA table_info(bw_run_records)").some((c) => c.name === "replays"))
        db.exec(`ALTER TABLE bw_run_records ADD COLUMN ${REPLAYS_COLUMN}`);
    }
    // Prepared once: preparing is most of a statement's cost here.
    this.statements = {
      claim: db.prepare(CLAIM_SQL),
      delivery: db.prepare(
        "INSERT INTO bw_deliveries_kept (id, trigger, received_at, headers, body) VALUES (?, ?, ?, ?, ?)",
      ),
      run: db.prepare(
        "INSERT INTO bw_run_records (id, trigger, event_id, event_key, delivery_id, status, attempts, " +
          "next_at, created_at, outputs) VALUES (?, ?, ?, ?, ?, 'queued', 0, ?, ?, ?)",
      ),
      block: db.prepare(
        "INSERT INTO bw_run_blocks (run_id, block_id, result) VALUES (?, ?, ?) ON CONFLICT (run_id, block_id) " +
          "DO UPDATE SET result = excluded.result",
      ),
    };
  }

  /**
   * Writes that arrived together, in one transaction (one append and one sync for all): each in a
   * savepoint of its own, so one that fails costs only itself.
   */
  batch(ops: readonly (() => unknown)[]): OpResult[] {
    return this.inTransaction(() =>
      ops.map((op): OpResult => {
        this.db.exec("SAVEPOINT op");
        try {
          const value = op();
          this.db.exec("RELEASE op");
          return { ok: true, value };
        } catch (e) {
          this.db.exec("ROLLBACK TO op");
          this.db.exec("RELEASE op");
          return { ok: false, error: (e as Error).message };
        }
      }),
    );
  }

  /** Forgets the ids seen before `before` (ms). */
  prune(before: number): void {
    this.db.run(PRUNE_SQL, [before]);
  }

  /**
   * A delivery's events claimed, and when any is new, the delivery kept and a queued run per new event (inside a
   * batch).
   */
  accept(d: DeliveryIn, horizonMs: number): boolean[] {
    return this.acceptOne(d, horizonMs);
  }

  private acceptOne(d: DeliveryIn, horizonMs: number): boolean[] {
    const fresh = d.events.map(
      (e) =>
        this.statements.claim.all([d.trigger, eventKey(e.id), d.receivedAt, d.receivedAt - horizonMs]).length === 1,
    );
    if (!fresh.some(Boolean)) return fresh;
    const deliveryId = randomUUID();
    this.statements.delivery.run([deliveryId, d.trigger, d.receivedAt, JSON.stringify(d.headers), d.body]);
    d.events.forEach((e, i) => {
      if (fresh[i])
        this.statements.run.run([
          randomUUID(),
          d.trigger,
          Buffer.from(e.id, "utf8"),
          eventKey(e.id),
          deliveryId,
          d.receivedAt,
          d.receivedAt,
          JSON.stringify(e.outputs),
        ]);
    });
    return fresh;
  }

  pollPosition(key: string): { position?: PollPosition; version: number } {
    const row = this.db.all("SELECT version, position FROM bw_poll_positions WHERE key = ?", [key])[0];
    return row
      ? { position: JSON.parse(String(row.position)) as PollPosition, version: Number(row.version) }
      : { version: 0 };
  }

  knownItems(key: string, ids: readonly string[]): Set<string> {
    const known = new Set<string>();
    for (const id of new Set(ids))
      if (this.db.all("SELECT 1 FROM bw_poll_known WHERE key = ? AND item_key = ?", [key, eventKey(id)]).length)
        known.add(id);
    return known;
  }

  /** A poll's result (inside a batch): undefined, nothing written, when its position moved since it was read. */
  advancePoll(p: PollIn, horizonMs: number): boolean[] | undefined {
    if (this.pollPosition(p.key).version !== p.version) return undefined;
    const fresh = p.events.length ? this.acceptOne(pollDelivery(p), horizonMs) : [];
    for (const id of p.known?.add ?? [])
      this.db.run("INSERT INTO bw_poll_known (key, item_key) VALUES (?, ?) ON CONFLICT DO NOTHING", [
        p.key,
        eventKey(id),
      ]);
    for (const id of p.known?.remove ?? [])
      this.db.run("DELETE FROM bw_poll_known WHERE key = ? AND item_key = ?", [p.key, eventKey(id)]);
    this.db.run(POSITION_SQL, [p.key, p.trigger, p.version + 1, p.polledAt, JSON.stringify(p.position)]);
    return fresh;
  }

  /**
   * Runs left `running` by a process that is gone (this file has one receiver: any running at open), queued again: the
   * attempt it never finished was counted when it started, and its error says so (the executor ends the run dead when
   * that was its last attempt, run-executor.ts).
   */
  requeueAbandoned(): number {
    const rows = this.db.all("SELECT id, attempts FROM bw_run_records WHERE status = 'running'");
    for (const r of rows)
      this.db.run("UPDATE bw_run_records SET status = 'queued', error = ? WHERE id = ?", [
        endedMidAttempt(Number(r.attempts)),
        r.id,
      ]);
    return rows.length;
  }

  /** Up to `limit` queued runs due (of `trigger` when given), marked running (inside a batch). */
  take(limit: number, nowMs: number, trigger?: string): StoredRun[] {
    const rows = this.db.all(
      "SELECT * FROM bw_run_records WHERE status = 'queued' AND next_at <= ? AND (? IS NULL OR trigger = ?) " +
        "ORDER BY next_at, created_at, rowid LIMIT ?",
      [nowMs, trigger ?? null, trigger ?? null, limit],
    );
    return rows.map((r) => {
      this.db.run("UPDATE bw_run_records SET status = 'running', attempts = attempts + 1 WHERE id = ?", [r.id]);
      return rowToStoredRun(
        { ...r, status: "running", attempts: Number(r.attempts) + 1 },
        this.journalOf(String(r.id)),
      );
    });
  }

  journal(runId: string, block: BlockResult): void {
    this.statements.block.run([runId, block.id, JSON.stringify(block)]);
  }

  settle(runId: string, outcome: RunOutcome, nowMs: number): void {
    const ended = outcome.status !== "queued";
    this.db.run(
      "UPDATE bw_run_records SET status = ?, error = ?, next_at = ?, finished_at = ?, " +
        "attempts = attempts - ? WHERE id = ?",
      [
        outcome.status,
        outcome.error ?? null,
        outcome.nextAt ?? nowMs,
        ended ? nowMs : null,
        outcome.undoAttempt ? 1 : 0,
        runId,
      ],
    );
  }

  nextDue(trigger?: string): number | undefined {
    const at = this.db.all(
      "SELECT MIN(next_at) AS at FROM bw_run_records WHERE status = 'queued' AND (? IS NULL OR trigger = ?)",
      [trigger ?? null, trigger ?? null],
    )[0]?.at;
    return at === null || at === undefined ? undefined : Number(at);
  }

  runs(status?: RunStatus): RunRecord[] {
    const rows = status
      ? this.db.all("SELECT * FROM bw_run_records WHERE status = ? ORDER BY created_at, id", [status])
      : this.db.all("SELECT * FROM bw_run_records ORDER BY created_at, id");
    return rows.map((r) =>
      rowToRun(
        r,
        Object.values(this.journalOf(String(r.id))).map((b) => ({ id: b.id, status: b.status })),
      ),
    );
  }

  /** Failed or dead runs queued again, by run or event id (inside a batch). */
  replay(idOrEvent: string, nowMs: number): RunRecord[] {
    const rows = this.db.all(
      "SELECT id FROM bw_run_records WHERE (id = ? OR event_key = ?) AND status IN ('failed', 'dead')",
      [idOrEvent, eventKey(idOrEvent)],
    );
    for (const r of rows)
      this.db.run(
        "UPDATE bw_run_records SET status = 'queued', attempts = 0, replays = replays + 1, next_at = ?, " +
          "finished_at = NULL, error = NULL WHERE id = ?",
        [nowMs, r.id],
      );
    const ids = new Set(rows.map((r) => String(r.id)));
    return this.runs().filter((r) => ids.has(r.id));
  }

  saveSubscription(s: SubscriptionRecord): void {
    this.db.run(
      "INSERT INTO bw_subscriptions (trigger, id, url, expires_at) VALUES (?, ?, ?, ?) ON CONFLICT (trigger) " +
        "DO UPDATE SET id = excluded.id, url = excluded.url, expires_at = excluded.expires_at",
      [s.trigger, s.id, s.url, s.expiresAt],
    );
  }

  subscriptions(): SubscriptionRecord[] {
    return this.db
      .all("SELECT trigger, id, url, expires_at FROM bw_subscriptions ORDER BY trigger")
      .map(rowToSubscription);
  }

  deleteSubscription(trigger: string): void {
    this.db.run("DELETE FROM bw_subscriptions WHERE trigger = ?", [trigger]);
  }

  close(): void {
    for (const s of Object.values(this.statements)) s.finalize();
    this.db.close();
  }

  private journalOf(runId: string): Record<string, BlockResult> {
    const out: Record<string, BlockResult> = {};
    for (const r of this.db.all("SELECT block_id, result FROM bw_run_blocks WHERE run_id = ? ORDER BY rowid", [runId]))
      out[String(r.block_id)] = JSON.parse(String(r.result)) as BlockResult;
    return out;
  }

  /** `work` in one transaction: one write to the file (and its journal) however many statements. */
  private inTransaction<T>(work: () => T): T {
    this.db.exec("BEGIN IMMEDIATE");
    try {
      const result = work();
      this.db.exec("COMMIT");
      return result;
    } catch (e) {
      this.db.exec("ROLLBACK");
      throw e;
    }
  }
}
