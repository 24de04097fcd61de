// What `blockwright serve` keeps between deliveries and restarts, so that no
// acknowledged event is lost: the events seen (a redelivered event starts no
// second run), each delivery as received (written in the transaction that
// claims its events, before the answer), each run as a durable record (its
// state, its attempts, the event's outputs) with the result of every block
// that succeeded journaled, and the provider subscriptions. Two stores keep
// the same records: an embedded SQLite file (the default, one receiver) and
// Postgres (several receivers and workers share them; its runs are jobs of
// graphile-worker, postgres-engine.ts).
import { createHash } from "node:crypto";
import type { BlockResult } from "@blockwright/runtime/workflow";

/** Where `serve` keeps its state unless told (`--store`), under the project's folder. */
export const DEFAULT_STORE_FILE = ".blockwright/serve.sqlite";

/** What a verified event gives its run: the trigger block's outputs. */
export interface EventOutputs {
  data: unknown;
  metadata: Record<string, unknown>;
}

/** A verified delivery, as the receiver hands it to the store before answering. */
export interface DeliveryIn {
  trigger: string;
  receivedAt: number;
  /** The headers that matter (those the trigger reads, the content type), lower-case. */
  headers: Record<string, string>;
  body: Uint8Array;
  events: { id: string; outputs: EventOutputs }[];
}

/** How a run stands: waiting (`queued`, maybe until a retry's time), `running`, or ended. */
export type RunStatus = "queued" | "running" | "succeeded" | "failed" | "dead";

/** How an attempt ended: the run's next status; `undoAttempt` when it was cancelled (stopping), not failed. */
export interface RunOutcome {
  status: Exclude<RunStatus, "running">;
  error?: string;
  nextAt?: number;
  undoAttempt?: boolean;
}

/** How a trigger's runs are retried: the attempts in all, the wait before the second (doubled each time, at most an hour). */
export interface RetryPolicy {
  attempts: number;
  backoffMs: number;
}

export interface StoredRun {
  id: string;
  trigger: string;
  /** The event id, as the provider gave it. */
  event: string;
  status: RunStatus;
  /** Attempts made so far (a resumed attempt counts once). */
  attempts: number;
  /** When a queued run may start (a retry waits), ms since the epoch. */
  nextAt: number;
  createdAt: number;
  finishedAt?: number;
  /** The last failure's message. */
  error?: string;
  outputs: EventOutputs;
  /** The blocks that succeeded, by block id: never called again. */
  journal: Record<string, BlockResult>;
}

/** A run as `runs list` and the tests read it. */
export interface RunRecord {
  id: string;
  trigger: string;
  event: string;
  status: RunStatus;
  attempts: number;
  createdAt: string;
  finishedAt: string;
  error: string;
  /** The journaled blocks: id and status. */
  blocks: { id: string; status: string }[];
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
   * Takes a verified delivery, in one transaction (one write however many events it holds): the ids
   * seen before the horizon forgotten, each event's id claimed (true the first time within
   * `horizonMs`, across every receiver of the store; false for a duplicate), and when any is new,
   * the delivery as received and a queued run per new event. Resolves once that is durable: only
   * then is the delivery acknowledged.
   */
  accept(delivery: DeliveryIn, horizonMs: number): Promise<boolean[]>;
  /** Takes up to `limit` queued runs due by `nowMs` for this process, marked running. */
  take(limit: number, nowMs: number): Promise<StoredRun[]>;
  /** Journals a block that succeeded in a run, before any block after it starts. */
  journal(runId: string, block: BlockResult): Promise<void>;
  /** Ends an attempt: the run's new status (`queued` again with `nextAt` for a retry). */
  settle(runId: string, outcome: RunOutcome, nowMs: number): Promise<void>;
  /** The earliest time a queued run is due, if any. */
  nextDue(): Promise<number | undefined>;
  /** The runs, oldest first (`status`: only those). */
  runs(status?: RunStatus): Promise<RunRecord[]>;
  /** Queues a failed or dead run again (by run id or event id), its journal kept: its succeeded blocks are not called again. */
  replay(idOrEvent: string, nowMs: number): Promise<RunRecord[]>;
  saveSubscription(s: SubscriptionRecord): Promise<void>;
  subscriptions(): Promise<SubscriptionRecord[]>;
  deleteSubscription(trigger: string): Promise<void>;
  /** On a shared store: this receiver a member of the trigger's subscription while it lives (subscription.ts). */
  joinSubscription?(trigger: string): Promise<SubscriptionMembership>;
  close(): Promise<void>;
}

/** A receiver's part in a subscription several share: one creates at a time, the last to leave deletes. */
export interface SubscriptionMembership {
  /** `work` while no other member runs its own (finding the subscription, or creating it). */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /** Leaves; true when no member is left (this one then deletes the subscription). */
  leave(): Promise<boolean>;
}

/**
 * The tables, in SQL both stores understand. An event id is kept as its SHA-256 (`event_key`): an
 * id is whatever the provider sends, of any length and holding any character, and an index of
 * Postgres refuses a key over ~2,700 bytes and its text any NUL; the id itself is kept as bytes.
 */
export const STORE_TABLES = [
  "CREATE TABLE IF NOT EXISTS bw_events_seen (trigger TEXT NOT NULL, event_key TEXT NOT NULL, seen_at BIGINT NOT NULL, PRIMARY KEY (trigger, event_key))",
  "CREATE INDEX IF NOT EXISTS bw_events_seen_at ON bw_events_seen (seen_at)",
  "CREATE TABLE IF NOT EXISTS bw_subscriptions (trigger TEXT PRIMARY KEY, id TEXT NOT NULL, url TEXT NOT NULL, expires_at TEXT NOT NULL)",
];

/** The delivery and run records; `$BLOB` is BLOB (SQLite) or BYTEA (Postgres). */
export const RUN_TABLES = (blob: string) => [
  `CREATE TABLE IF NOT EXISTS bw_deliveries_kept (id TEXT PRIMARY KEY, trigger TEXT NOT NULL, received_at BIGINT NOT NULL, headers TEXT NOT NULL, body ${blob} NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS bw_run_records (id TEXT PRIMARY KEY, trigger TEXT NOT NULL, event_id ${blob} NOT NULL, event_key TEXT NOT NULL, delivery_id TEXT NOT NULL, status TEXT NOT NULL, attempts INTEGER NOT NULL, next_at BIGINT NOT NULL, created_at BIGINT NOT NULL, finished_at BIGINT, error TEXT, outputs TEXT NOT NULL)`,
  "CREATE INDEX IF NOT EXISTS bw_run_records_due ON bw_run_records (status, next_at)",
  "CREATE TABLE IF NOT EXISTS bw_run_blocks (run_id TEXT NOT NULL, block_id TEXT NOT NULL, result TEXT NOT NULL, PRIMARY KEY (run_id, block_id))",
];

/**
 * Claims an event id in one statement: inserted when new, taken over when the row is older than
 * the horizon, and nothing otherwise; a row comes back only when this receiver got the event.
 * Placeholders `$1`… (both stores accept them).
 */
export const CLAIM_SQL = "INSERT INTO bw_events_seen (trigger, event_key, seen_at) VALUES ($1, $2, $3) ON CONFLICT (trigger, event_key) DO UPDATE SET seen_at = excluded.seen_at WHERE bw_events_seen.seen_at < $4 RETURNING seen_at";

/** Ids seen before the horizon: forgotten (a redelivery after it runs again, as the provider no longer sends it). */
export const PRUNE_SQL = "DELETE FROM bw_events_seen WHERE seen_at < $1";

/** The key an event id is kept under: its SHA-256, hex. */
export function eventKey(eventId: string): string {
  return createHash("sha256").update(eventId, "utf8").digest("hex");
}

/** The wait before attempt `attempt + 1` (the first retry waits `backoffMs`, each next twice as long, at most an hour). */
export function retryDelay(policy: RetryPolicy, attempt: number): number {
  return Math.min(3_600_000, policy.backoffMs * 2 ** Math.max(0, attempt - 1));
}

const iso = (ms: unknown) => (ms === null || ms === undefined ? "" : new Date(Number(ms)).toISOString());
const text = (bytes: unknown) => (typeof bytes === "string" ? bytes : Buffer.from(bytes as Uint8Array).toString("utf8"));

export const rowToStoredRun = (r: Record<string, unknown>, journal: Record<string, BlockResult>): StoredRun => ({
  id: String(r.id),
  trigger: String(r.trigger),
  event: text(r.event_id),
  status: String(r.status) as RunStatus,
  attempts: Number(r.attempts),
  nextAt: Number(r.next_at),
  createdAt: Number(r.created_at),
  ...(r.finished_at !== null && r.finished_at !== undefined ? { finishedAt: Number(r.finished_at) } : {}),
  ...(typeof r.error === "string" ? { error: r.error } : {}),
  outputs: JSON.parse(String(r.outputs)) as EventOutputs,
  journal,
});

export const rowToRun = (r: Record<string, unknown>, blocks: { id: string; status: string }[]): RunRecord => ({
  id: String(r.id),
  trigger: String(r.trigger),
  event: text(r.event_id),
  status: String(r.status) as RunStatus,
  attempts: Number(r.attempts),
  createdAt: iso(r.created_at),
  finishedAt: iso(r.finished_at),
  error: typeof r.error === "string" ? r.error : "",
  blocks,
});

export const rowToSubscription = (r: Record<string, unknown>): SubscriptionRecord => ({ trigger: String(r.trigger), id: String(r.id), url: String(r.url), expiresAt: String(r.expires_at) });
