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

/**
 * How a trigger's runs are retried: the attempts in all, the wait before the second (doubled each time, at most an
 * hour).
 */
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
  /**
   * Attempts started so far: one counts when it starts, so one its process never finished counts too (run-executor.ts,
   * `attemptsSpent`).
   */
  attempts: number;
  /** Times `runs replay` queued it again: a replay is a new intent, whose calls send new idempotency keys. */
  replays: number;
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

/**
 * Where a poll trigger stands: whether its first poll was taken (`primed`: until then what a poll
 * finds is the position, not new, unless backfilling), the last value of its growing field (a time
 * in ms, or a number), the ids seen at that value (`since`) or the last ids seen (`ids`), and the
 * address to come back at (`delta`). `ahead`: with `since`, the newest value (and its ids) a round still going on
 * found, listed newest first; the position moves there only once the round reached its end.
 */
export interface PollPosition {
  primed: boolean;
  since?: number;
  ids: string[];
  link?: string;
  ahead?: { since: number; ids: string[] };
}

/** A poll's result, as the poller hands it to the store. */
export interface PollIn {
  trigger: string;
  /** The position's key: the trigger and what its inputs select. */
  key: string;
  polledAt: number;
  /** The version of the position the poll started from (0: it had none). */
  version: number;
  position: PollPosition;
  /** The new items' events, in the order their runs start (the items are kept as the delivery's body). */
  events: { id: string; outputs: EventOutputs }[];
  /** Item ids now known (a poll of created items), and those removed upstream, forgotten. */
  known?: { add: string[]; remove: string[] };
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
  /**
   * Takes up to `limit` queued runs due by `nowMs` for this process (only `trigger`'s when given: a serve runs its own
   * workflow's runs, not those another workflow served on the same store left), marked running.
   */
  take(limit: number, nowMs: number, trigger?: string): Promise<StoredRun[]>;
  /** Journals a block that succeeded in a run, before any block after it starts. */
  journal(runId: string, block: BlockResult): Promise<void>;
  /** Ends an attempt: the run's new status (`queued` again with `nextAt` for a retry). */
  settle(runId: string, outcome: RunOutcome, nowMs: number): Promise<void>;
  /** The earliest time a queued run is due, if any (only `trigger`'s when given). */
  nextDue(trigger?: string): Promise<number | undefined>;
  /** The runs, oldest first (`status`: only those). */
  runs(status?: RunStatus): Promise<RunRecord[]>;
  /**
   * Queues a failed or dead run again (by run id or event id), its journal kept: its succeeded blocks are not called
   * again.
   */
  replay(idOrEvent: string, nowMs: number): Promise<RunRecord[]>;
  /** A poll trigger's position and its version (version 0 and no position before its first poll). */
  pollPosition(key: string): Promise<{ position?: PollPosition; version: number }>;
  /** Which of these item ids a poll of created items knows (seen before, not removed since). */
  knownItems(key: string, ids: readonly string[]): Promise<Set<string>>;
  /**
   * Takes a poll's result in one transaction: as `accept` does for a delivery, each event claimed
   * and a queued run per new one (the new items kept as the delivery), the known ids updated, and
   * the position moved (its version one more); nothing is written, and undefined comes back, when
   * the position is no longer at `poll.version` (another poller moved it).
   */
  advancePoll(poll: PollIn, horizonMs: number): Promise<boolean[] | undefined>;
  /** On a shared store: a hold on being the one poller of `key` (postgres-store.ts), taken while nobody else has it. */
  pollHold?(key: string): Promise<PollHold>;
  saveSubscription(s: SubscriptionRecord): Promise<void>;
  subscriptions(): Promise<SubscriptionRecord[]>;
  deleteSubscription(trigger: string): Promise<void>;
  /** On a shared store: this receiver a member of the trigger's subscription while it lives (subscription.ts). */
  joinSubscription?(trigger: string): Promise<SubscriptionMembership>;
  close(): Promise<void>;
}

/** One receiver's chance at polling a trigger several share: one polls at a time. */
export interface PollHold {
  /** Whether this receiver is (or now becomes) the poller; false while another one is. */
  take(): Promise<boolean>;
  release(): Promise<void>;
}

/** A receiver's part in a subscription several share: one creates at a time, the last to leave deletes. */
export interface SubscriptionMembership {
  /** `work` while no other member runs its own (finding the subscription, or creating it). */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Leaves; when no member is left and the subscription is still kept, runs `whenLast` (its deletion) before another
   * can join or leave, and is true.
   */
  leave(whenLast: () => Promise<void>): Promise<boolean>;
}

/**
 * The tables, in SQL both stores understand. An event id is kept as its SHA-256 (`event_key`): an
 * id is whatever the provider sends, of any length and holding any character, and an index of
 * Postgres refuses a key over ~2,700 bytes and its text any NUL; the id itself is kept as bytes.
 */
export const STORE_TABLES = [
  "CREATE TABLE IF NOT EXISTS bw_events_seen (trigger TEXT NOT NULL, event_key TEXT NOT NULL, " +
    "seen_at BIGINT NOT NULL, PRIMARY KEY (trigger, event_key))",
  "CREATE INDEX IF NOT EXISTS bw_events_seen_at ON bw_events_seen (seen_at)",
  "CREATE TABLE IF NOT EXISTS bw_subscriptions (trigger TEXT PRIMARY KEY, id TEXT NOT NULL, " +
    "url TEXT NOT NULL, expires_at TEXT NOT NULL)",
  "CREATE TABLE IF NOT EXISTS bw_poll_positions (key TEXT PRIMARY KEY, trigger TEXT NOT NULL, " +
    "version BIGINT NOT NULL, polled_at BIGINT NOT NULL, position TEXT NOT NULL)",
  // The ids a poll of created items knows, kept until the upstream removes the item (no horizon: an id forgotten would
  // be created again).
  "CREATE TABLE IF NOT EXISTS bw_poll_known (key TEXT NOT NULL, item_key TEXT NOT NULL, PRIMARY KEY (key, item_key))",
];

/** The position row written once a poll is taken; `$1`… placeholders (both stores accept them). */
export const POSITION_SQL =
  "INSERT INTO bw_poll_positions (key, trigger, version, polled_at, position) VALUES ($1, $2, $3, $4, $5) " +
  "ON CONFLICT (key) DO UPDATE SET trigger = excluded.trigger, version = excluded.version, " +
  "polled_at = excluded.polled_at, position = excluded.position";

/** The delivery a poll's new items are kept as: their JSON, no header. */
export function pollDelivery(p: PollIn): DeliveryIn {
  return {
    trigger: p.trigger,
    receivedAt: p.polledAt,
    headers: {},
    body: Buffer.from(JSON.stringify(p.events.map((e) => e.outputs.data)), "utf8"),
    events: p.events,
  };
}

/** The column added to the runs of a store made before it (`runs replay` counted, its keys fresh). */
export const REPLAYS_COLUMN = "replays INTEGER NOT NULL DEFAULT 0";

/** The delivery and run records; `$BLOB` is BLOB (SQLite) or BYTEA (Postgres). */
export const RUN_TABLES = (blob: string) => [
  `CREATE TABLE IF NOT EXISTS bw_deliveries_kept (id TEXT PRIMARY KEY, trigger TEXT NOT NULL, ` +
    `received_at BIGINT NOT NULL, headers TEXT NOT NULL, body ${blob} NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS bw_run_records (id TEXT PRIMARY KEY, trigger TEXT NOT NULL, event_id ${blob} ` +
    `NOT NULL, event_key TEXT NOT NULL, delivery_id TEXT NOT NULL, status TEXT NOT NULL, ` +
    `attempts INTEGER NOT NULL, next_at BIGINT NOT NULL, created_at BIGINT NOT NULL, finished_at BIGINT, ` +
    `error TEXT, outputs TEXT NOT NULL, ${REPLAYS_COLUMN})`,
  "CREATE INDEX IF NOT EXISTS bw_run_records_due ON bw_run_records (status, next_at)",
  "CREATE TABLE IF NOT EXISTS bw_run_blocks (run_id TEXT NOT NULL, block_id TEXT NOT NULL, " +
    "result TEXT NOT NULL, PRIMARY KEY (run_id, block_id))",
];

/**
 * Claims an event id in one statement: inserted when new, taken over when the row is older than
 * the horizon, and nothing otherwise; a row comes back only when this receiver got the event.
 * Placeholders `$1`… (both stores accept them).
 */
export const CLAIM_SQL =
  "INSERT INTO bw_events_seen (trigger, event_key, seen_at) VALUES ($1, $2, $3) ON CONFLICT (trigger, " +
  "event_key) DO UPDATE SET seen_at = excluded.seen_at WHERE bw_events_seen.seen_at < $4 RETURNING seen_at";

/** Ids seen before the horizon: forgotten (a redelivery after it runs again, as the provider no longer sends it). */
export const PRUNE_SQL = "DELETE FROM bw_events_seen WHERE seen_at < $1";

/**
 * The key an event id is kept under: its SHA-256, hex, of its UTF-8. An id holding a lone surrogate (JSON's `\ud800`
 * read as text) has no UTF-8 of its own: each became U+FFFD, and two different ids one key, the second event's run
 * never queued. Such an id is hashed as its UTF-16 after a 0xFF byte, which no UTF-8 holds: every id its own key,
 * and the keys stores already hold unchanged.
 */
export function eventKey(eventId: string): string {
  const hash = createHash("sha256");
  const utf8 = Buffer.from(eventId, "utf8");
  // Well formed where its UTF-8 reads back as itself (String#isWellFormed is ES2024, past the build's library).
  if (utf8.toString("utf8") === eventId) return hash.update(utf8).digest("hex");
  return hash
    .update(Buffer.from([0xff]))
    .update(eventId, "utf16le")
    .digest("hex");
}

/** The longest a queued run waits for its next attempt. */
export const MAX_RETRY_WAIT_MS = 3_600_000;

/**
 * The wait before attempt `attempt + 1` (the first retry waits `backoffMs`, each next twice as long, at most an hour).
 */
export function retryDelay(policy: RetryPolicy, attempt: number): number {
  return Math.min(MAX_RETRY_WAIT_MS, policy.backoffMs * 2 ** Math.max(0, attempt - 1));
}

/** Why an attempt found started never finished, where runs run in serve's own process (SQLite, memory). */
export const PROCESS_ENDED = "its process ended mid-attempt (killed, or out of memory)";
/**
 * Why, where runs run on graphile-worker's workers (Postgres): besides its process, a worker ends in a live process
 * (graphile-worker ends one whose job it could not release) or loses its lock, and its run is taken over.
 */
export const WORKER_ENDED =
  "its worker ended mid-attempt (its process killed or out of memory, or the worker ended or cut off from Postgres)";

/** The error of an attempt found started and never finished: `why` it ended before it did. */
export const endedMidAttempt = (attempt: number, why = PROCESS_ENDED): string =>
  `attempt ${attempt} never finished: ${why}`;

const iso = (ms: unknown) => (ms === null || ms === undefined ? "" : new Date(Number(ms)).toISOString());
const text = (bytes: unknown) =>
  typeof bytes === "string" ? bytes : Buffer.from(bytes as Uint8Array).toString("utf8");

export const rowToStoredRun = (r: Record<string, unknown>, journal: Record<string, BlockResult>): StoredRun => ({
  id: String(r.id),
  trigger: String(r.trigger),
  event: text(r.event_id),
  status: String(r.status) as RunStatus,
  attempts: Number(r.attempts),
  replays: Number(r.replays ?? 0),
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

export const rowToSubscription = (r: Record<string, unknown>): SubscriptionRecord => ({
  trigger: String(r.trigger),
  id: String(r.id),
  url: String(r.url),
  expiresAt: String(r.expires_at),
});
