// What `blockwright serve` keeps between deliveries and restarts: the events
// seen (so a redelivered event starts no second run), the provider
// subscriptions it made, and the runs. Two stores keep the same tables: an
// embedded SQLite file (the default, one receiver) and Postgres (several
// receivers behind one address share the events seen, so one of them runs
// each event).
import { createHash } from "node:crypto";

/** Where `serve` keeps its state unless told (`--store`), under the project's folder. */
export const DEFAULT_STORE_FILE = ".blockwright/serve.sqlite";

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
  /** The address the provider delivers to. */
  url: string;
  /** When the provider ends it (ISO 8601), or "" when it does not say. */
  expiresAt: string;
}

export interface TriggerStore {
  /** Whether several receivers share it (Postgres), or it is one receiver's (the SQLite file). */
  readonly shared: boolean;
  /**
   * Take the event ids of one delivery for a trigger, in one transaction (one write however many
   * events it holds): for each, true the first time within `windowMs` (across every receiver of the
   * store), false for a duplicate. Ids older than the window are deleted on the way.
   */
  claim(trigger: string, eventIds: readonly string[], nowMs: number, windowMs: number): Promise<boolean[]>;
  recordRun(run: RunRecord): Promise<void>;
  /** The runs recorded, oldest first. */
  runs(): Promise<RunRecord[]>;
  saveSubscription(s: SubscriptionRecord): Promise<void>;
  subscriptions(): Promise<SubscriptionRecord[]>;
  deleteSubscription(trigger: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The tables, in SQL both stores understand. An event id is kept as its SHA-256 (`event_key`): an
 * id is whatever the provider sends, of any length and holding any character, and an index of
 * Postgres refuses a key over ~2,700 bytes and its text any NUL.
 */
export const STORE_TABLES = [
  "CREATE TABLE IF NOT EXISTS bw_events_seen (trigger TEXT NOT NULL, event_key TEXT NOT NULL, seen_at BIGINT NOT NULL, PRIMARY KEY (trigger, event_key))",
  "CREATE INDEX IF NOT EXISTS bw_events_seen_at ON bw_events_seen (seen_at)",
  "CREATE TABLE IF NOT EXISTS bw_subscriptions (trigger TEXT PRIMARY KEY, id TEXT NOT NULL, url TEXT NOT NULL, expires_at TEXT NOT NULL)",
  "CREATE TABLE IF NOT EXISTS bw_runs (trigger TEXT NOT NULL, event_id TEXT NOT NULL, status TEXT NOT NULL, started_at TEXT NOT NULL, finished_at TEXT NOT NULL, blocks TEXT NOT NULL)",
];

/**
 * Claims an event id in one statement: inserted when new, taken over when the row is older than
 * the window, and nothing otherwise; a row comes back only when this receiver got the event.
 * Placeholders `$1`… (both stores accept them).
 */
export const CLAIM_SQL = "INSERT INTO bw_events_seen (trigger, event_key, seen_at) VALUES ($1, $2, $3) ON CONFLICT (trigger, event_key) DO UPDATE SET seen_at = excluded.seen_at WHERE bw_events_seen.seen_at < $4 RETURNING seen_at";

/** Ids seen before the horizon: forgotten (a redelivery after it runs again, as the provider no longer sends it). */
export const PRUNE_SQL = "DELETE FROM bw_events_seen WHERE seen_at < $1";

/** The key an event id is kept under: its SHA-256, hex. */
export function eventKey(eventId: string): string {
  return createHash("sha256").update(eventId, "utf8").digest("hex");
}

export const rowToRun = (r: Record<string, unknown>): RunRecord => ({
  trigger: String(r.trigger),
  event: String(r.event_id),
  status: String(r.status),
  startedAt: String(r.started_at),
  finishedAt: String(r.finished_at),
  blocks: JSON.parse(String(r.blocks)) as unknown,
});

export const rowToSubscription = (r: Record<string, unknown>): SubscriptionRecord => ({ trigger: String(r.trigger), id: String(r.id), url: String(r.url), expiresAt: String(r.expires_at) });
