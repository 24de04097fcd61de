// The default store of `blockwright serve`: an embedded SQLite file
// (node-sqlite3-wasm: SQLite compiled to WebAssembly, so no native build and
// no binary download on install). One receiver at a time.
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { CLAIM_SQL, eventKey, PRUNE_SQL, rowToRun, rowToSubscription, STORE_TABLES, type TriggerStore } from "./store.js";

interface SqliteStatement {
  all(values?: unknown[]): Record<string, unknown>[];
  finalize(): void;
}

interface SqliteDatabase {
  exec(sql: string): void;
  prepare(sql: string): SqliteStatement;
  run(sql: string, values?: unknown[]): { changes: number };
  all(sql: string, values?: unknown[]): Record<string, unknown>[];
  close(): void;
}

/** A second receiver on a SQLite file another one holds. */
export class StoreInUseError extends Error {}

/** The SQLite store in `file` (created with its folder when missing), held by this process until closed. */
export function openSqliteStore(file: string): TriggerStore {
  mkdirSync(dirname(file), { recursive: true });
  const release = holdFile(file);
  let db: SqliteDatabase;
  try {
    db = openDatabase(file);
  } catch (e) {
    release();
    throw e;
  }
  for (const sql of STORE_TABLES) db.exec(sql);
  // Prepared once: preparing is most of a statement's cost here (SQLite in WebAssembly).
  const claimOne = db.prepare(CLAIM_SQL);
  return {
    shared: false,
    async claim(trigger, eventIds, nowMs, windowMs) {
      return inTransaction(db, () => {
        db.run(PRUNE_SQL, [nowMs - windowMs]);
        return eventIds.map((id) => claimOne.all([trigger, eventKey(id), nowMs, nowMs - windowMs]).length === 1);
      });
    },
    async recordRun(r) {
      db.run("INSERT INTO bw_runs (trigger, event_id, status, started_at, finished_at, blocks) VALUES (?, ?, ?, ?, ?, ?)", [r.trigger, r.event, r.status, r.startedAt, r.finishedAt, JSON.stringify(r.blocks)]);
    },
    async runs() {
      return db.all("SELECT * FROM bw_runs ORDER BY started_at, finished_at").map(rowToRun);
    },
    async saveSubscription(s) {
      db.run("INSERT INTO bw_subscriptions (trigger, id, url, expires_at) VALUES (?, ?, ?, ?) ON CONFLICT (trigger) DO UPDATE SET id = excluded.id, url = excluded.url, expires_at = excluded.expires_at", [
        s.trigger,
        s.id,
        s.url,
        s.expiresAt,
      ]);
    },
    async subscriptions() {
      return db.all("SELECT trigger, id, url, expires_at FROM bw_subscriptions ORDER BY trigger").map(rowToSubscription);
    },
    async deleteSubscription(trigger) {
      db.run("DELETE FROM bw_subscriptions WHERE trigger = ?", [trigger]);
    },
    async close() {
      claimOne.finalize();
      db.close();
      release();
    },
  };
}

/**
 * The file held for this process: `<file>.owner` made exclusively, naming the process. Two
 * receivers on one file each lost runs to "database is locked"; the second is refused instead. A
 * holder that is gone (killed) leaves its mark, and SQLite's own lock (the `<file>.lock` folder of
 * node-sqlite3-wasm, which a killed process never removes): both are taken over. Returns the release.
 */
function holdFile(file: string): () => void {
  const owner = `${file}.owner`;
  const mark = JSON.stringify({ pid: process.pid, host: hostname() });
  // Written whole beside it, then linked in place: the link is atomic, so no one reads half a mark.
  const written = `${owner}.${process.pid}.tmp`;
  writeFileSync(written, mark);
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(written, owner);
        return () => rmSync(owner, { force: true });
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== "EEXIST" || attempt > 0) throw e;
      }
      const held = heldBy(owner);
      if (held)
        throw new StoreInUseError(
          `${file} is held by another serve (process ${held.pid}${held.host === hostname() ? "" : ` on ${held.host}`}): one receiver per SQLite file. Stop it, give this one another --store, or share a Postgres store between several (--store postgres://…); if that process is gone, delete ${owner}`,
        );
      // Its holder is gone: its mark and SQLite's lock are stale.
      rmSync(owner, { force: true });
      rmSync(`${file}.lock`, { recursive: true, force: true });
    }
  } finally {
    rmSync(written, { force: true });
  }
}

/** The process named in a holder's mark while it is alive (or on another host, where this one cannot tell). */
function heldBy(owner: string): { pid: number; host: string } | undefined {
  let mark: { pid?: unknown; host?: unknown };
  try {
    mark = JSON.parse(readFileSync(owner, "utf8")) as typeof mark;
  } catch {
    return undefined;
  }
  if (typeof mark.pid !== "number" || typeof mark.host !== "string") return undefined;
  if (mark.host !== hostname()) return { pid: mark.pid, host: mark.host };
  try {
    process.kill(mark.pid, 0);
    return { pid: mark.pid, host: mark.host };
  } catch (e) {
    // EPERM: alive, another user's.
    return (e as NodeJS.ErrnoException).code === "EPERM" ? { pid: mark.pid, host: mark.host } : undefined;
  }
}

/** `work` in one transaction: one write to the file (and its journal) however many statements. */
function inTransaction<T>(db: SqliteDatabase, work: () => T): T {
  db.exec("BEGIN IMMEDIATE");
  try {
    const result = work();
    db.exec("COMMIT");
    return result;
  } catch (e) {
    db.exec("ROLLBACK");
    throw e;
  }
}

/** How many runs a SQLite store file holds (tests). */
export function runCount(file: string): number {
  const db = openDatabase(file);
  try {
    return Number(db.all("SELECT COUNT(*) AS n FROM bw_runs")[0]?.n ?? 0);
  } finally {
    db.close();
  }
}

/** The SQLite file as a database (node-sqlite3-wasm is CommonJS: loaded with require). */
function openDatabase(file: string): SqliteDatabase {
  const { Database } = createRequire(import.meta.url)("node-sqlite3-wasm") as { Database: new (file: string) => SqliteDatabase };
  return new Database(file);
}
