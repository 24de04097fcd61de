// The default store of `blockwright serve`: an embedded SQLite file, one
// receiver at a time (sqlite-hold.ts). Deliveries arriving together are
// gathered for one turn of the event loop and written in one transaction, so
// under load a sync to the disk serves many deliveries, not one each.
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { holdFile } from "./sqlite-hold.js";
import { type AcceptResult, openDatabase, SqliteRecords } from "./sqlite-records.js";
import type { DeliveryIn, TriggerStore } from "./store.js";

export { StoreInUseError } from "./sqlite-hold.js";

/**
 * The SQLite store in `file` (created with its folder when missing), held by this process until
 * closed. `inspect`: read what a store holds (`runs list`, tests) beside the serve that holds it,
 * writing nothing.
 */
export function openSqliteStore(file: string, options: { inspect?: boolean } = {}): TriggerStore {
  mkdirSync(dirname(file), { recursive: true });
  const release = options.inspect ? () => undefined : holdFile(file);
  let records: SqliteRecords;
  try {
    records = new SqliteRecords(openDatabase(file), !options.inspect);
    // Runs a killed receiver left running: resumed, from their journals.
    if (!options.inspect) records.requeueAbandoned();
  } catch (e) {
    release();
    throw e;
  }
  let waiting: { delivery: DeliveryIn; horizonMs: number; done: (r: AcceptResult) => void }[] = [];
  const flush = () => {
    const batch = waiting;
    waiting = [];
    // One horizon per transaction: the shortest of the batch prunes (deliveries of one receiver share it).
    const horizon = Math.min(...batch.map((w) => w.horizonMs));
    let results: AcceptResult[];
    try {
      results = records.acceptAll(
        batch.map((w) => w.delivery),
        horizon,
        Date.now(),
      );
    } catch (e) {
      results = batch.map(() => ({ ok: false, error: (e as Error).message }));
    }
    for (const [i, w] of batch.entries()) w.done(results[i] as AcceptResult);
  };
  return {
    shared: false,
    accept(delivery, horizonMs) {
      return new Promise((resolve, reject) => {
        if (!waiting.length) setImmediate(flush);
        waiting.push({ delivery, horizonMs, done: (r) => (r.ok ? resolve(r.fresh) : reject(new Error(r.error))) });
      });
    },
    take: async (limit, nowMs) => records.take(limit, nowMs),
    journal: async (runId, block) => records.journal(runId, block),
    settle: async (runId, outcome, nowMs) => records.settle(runId, outcome, nowMs),
    nextDue: async () => records.nextDue(),
    runs: async (status) => records.runs(status),
    replay: async (idOrEvent, nowMs) => records.replay(idOrEvent, nowMs),
    saveSubscription: async (s) => records.saveSubscription(s),
    subscriptions: async () => records.subscriptions(),
    deleteSubscription: async (trigger) => records.deleteSubscription(trigger),
    async close() {
      if (waiting.length) flush();
      records.close();
      release();
    },
  };
}

/** The runs a SQLite store file holds, by status (tests and `runs list` of a stopped receiver read the file this way). */
export function runCount(file: string, status = "succeeded"): number {
  const db = openDatabase(file);
  try {
    return Number(db.all("SELECT COUNT(*) AS n FROM bw_run_records WHERE status = ?", [status])[0]?.n ?? 0);
  } finally {
    db.close();
  }
}
