// What `blockwright serve` keeps between deliveries and restarts: the events
// seen (so a redelivered event starts no second run), the provider
// subscriptions it made, and the runs. An embedded SQLite file by default
// (node-sqlite3-wasm: SQLite compiled to WebAssembly, so no native build and
// no binary download on install).
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";

export interface RunRecord {
  trigger: string;
  event: string;
  status: string;
  startedAt: string;
  finishedAt: string;
  blocks: unknown;
}

export interface SubscriptionRecord {
  trigger: string;
  id: string;
  expiresAt: string;
}

export interface TriggerStore {
  /** Take an event id for a trigger: true the first time within `windowMs`, false for a duplicate. */
  claim(trigger: string, eventId: string, nowMs: number, windowMs: number): Promise<boolean>;
  recordRun(run: RunRecord): Promise<void>;
  saveSubscription(s: SubscriptionRecord): Promise<void>;
  subscriptions(): Promise<SubscriptionRecord[]>;
  deleteSubscription(trigger: string): Promise<void>;
  close(): Promise<void>;
}

const TABLES = [
  "CREATE TABLE IF NOT EXISTS bw_deliveries (trigger TEXT NOT NULL, event_id TEXT NOT NULL, seen_at BIGINT NOT NULL, PRIMARY KEY (trigger, event_id))",
  "CREATE TABLE IF NOT EXISTS bw_subscriptions (trigger TEXT PRIMARY KEY, id TEXT NOT NULL, expires_at TEXT NOT NULL)",
  "CREATE TABLE IF NOT EXISTS bw_runs (trigger TEXT NOT NULL, event_id TEXT NOT NULL, status TEXT NOT NULL, started_at TEXT NOT NULL, finished_at TEXT NOT NULL, blocks TEXT NOT NULL)",
];

interface SqliteDatabase {
  exec(sql: string): void;
  run(sql: string, values?: unknown[]): { changes: number };
  all(sql: string, values?: unknown[]): Record<string, unknown>[];
  close(): void;
}

/** The SQLite store in `file` (created with its folder when missing). */
export function openSqliteStore(file: string): TriggerStore {
  mkdirSync(dirname(file), { recursive: true });
  const db = openDatabase(file);
  for (const sql of TABLES) db.exec(sql);
  return {
    async claim(trigger, eventId, nowMs, windowMs) {
      db.run("DELETE FROM bw_deliveries WHERE seen_at < ?", [nowMs - windowMs]);
      return db.run("INSERT OR IGNORE INTO bw_deliveries (trigger, event_id, seen_at) VALUES (?, ?, ?)", [trigger, eventId, nowMs]).changes === 1;
    },
    async recordRun(r) {
      db.run("INSERT INTO bw_runs (trigger, event_id, status, started_at, finished_at, blocks) VALUES (?, ?, ?, ?, ?, ?)", [r.trigger, r.event, r.status, r.startedAt, r.finishedAt, JSON.stringify(r.blocks)]);
    },
    async saveSubscription(s) {
      db.run("INSERT INTO bw_subscriptions (trigger, id, expires_at) VALUES (?, ?, ?) ON CONFLICT (trigger) DO UPDATE SET id = excluded.id, expires_at = excluded.expires_at", [s.trigger, s.id, s.expiresAt]);
    },
    async subscriptions() {
      return db.all("SELECT trigger, id, expires_at FROM bw_subscriptions ORDER BY trigger").map((r) => ({ trigger: String(r.trigger), id: String(r.id), expiresAt: String(r.expires_at) }));
    },
    async deleteSubscription(trigger) {
      db.run("DELETE FROM bw_subscriptions WHERE trigger = ?", [trigger]);
    },
    async close() {
      db.close();
    },
  };
}

/** How many runs the store holds for a trigger (tests, and `serve`'s summary on stopping). */
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
