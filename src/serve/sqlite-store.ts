// The default store of `blockwright serve`: an embedded SQLite file, one
// receiver at a time (sqlite-hold.ts). Every write (a delivery kept, runs
// taken, a block journaled, a run settled) waits for the end of the current
// turn of the event loop, and those gathered are written in one transaction:
// under load one sync to the disk serves many deliveries and runs, not one each.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { holdFile } from "./sqlite-hold.js";
import { type OpResult, openDatabase, SqliteRecords } from "./sqlite-records.js";
import type { TriggerStore } from "./store.js";

export { StoreInUseError } from "./sqlite-hold.js";

/**
 * The SQLite store in `file` (created with its folder when missing), held by this process until
 * closed. `inspect`: what a store holds (`runs list`, tests), read from a copy of its file and
 * log, so beside the serve that holds it; nothing is written.
 */
export function openSqliteStore(file: string, options: { inspect?: boolean } = {}): TriggerStore {
  if (options.inspect) return inspected(file);
  makeFolders(file);
  const release = holdFile(file);
  let records: SqliteRecords;
  try {
    records = new SqliteRecords(openDatabase(file));
    // Runs a killed receiver left running: resumed, from their journals.
    records.requeueAbandoned();
  } catch (e) {
    release();
    throw e;
  }
  let waiting: { op: () => unknown; done: (r: OpResult) => void }[] = [];
  let prunedAt = 0;
  const flush = () => {
    const batch = waiting;
    waiting = [];
    if (!batch.length) return;
    let results: OpResult[];
    try {
      results = records.batch(batch.map((w) => w.op));
    } catch (e) {
      results = batch.map(() => ({ ok: false, error: (e as Error).message }));
    }
    for (const [i, w] of batch.entries()) w.done(results[i] as OpResult);
  };
  const write = <T>(op: () => T): Promise<T> =>
    new Promise((resolve, reject) => {
      if (!waiting.length) setImmediate(flush);
      waiting.push({ op, done: (r) => (r.ok ? resolve(r.value as T) : reject(new Error(r.error))) });
    });
  return {
    shared: false,
    accept(delivery, horizonMs) {
      return write(() => {
        // The ids past the horizon are forgotten at most once a minute.
        if (delivery.receivedAt - prunedAt >= 60_000) {
          prunedAt = delivery.receivedAt;
          records.prune(delivery.receivedAt - horizonMs);
        }
        return records.accept(delivery, horizonMs);
      });
    },
    take: (limit, nowMs, trigger) => write(() => records.take(limit, nowMs, trigger)),
    journal: (runId, block) => write(() => records.journal(runId, block)),
    settle: (runId, outcome, nowMs) => write(() => records.settle(runId, outcome, nowMs)),
    nextDue: async (trigger) => records.nextDue(trigger),
    runs: async (status) => records.runs(status),
    replay: (idOrEvent, nowMs) => write(() => records.replay(idOrEvent, nowMs)),
    saveSubscription: (s) => write(() => records.saveSubscription(s)),
    subscriptions: async () => records.subscriptions(),
    deleteSubscription: (trigger) => write(() => records.deleteSubscription(trigger)),
    pollPosition: async (key) => records.pollPosition(key),
    knownItems: async (key, ids) => records.knownItems(key, ids),
    advancePoll: (poll, horizonMs) => write(() => records.advancePoll(poll, horizonMs)),
    async close() {
      flush();
      records.close();
      release();
    },
  };
}

/**
 * The store's folder and the folders above it that are missing, made one at a time: Node's own `mkdirSync(…,
 * {recursive: true})` never returns for a path it cannot make under /proc (each `mkdir` there fails ENOENT, and it
 * goes on trying the parent), so `serve --store /proc/x/serve.sqlite` hung; now the first folder that cannot be made
 * is named with the system's reason.
 */
function makeFolders(file: string): void {
  const missing: string[] = [];
  let at = dirname(file);
  while (!existsSync(at)) {
    missing.unshift(at);
    const up = dirname(at);
    if (up === at) break;
    at = up;
  }
  if (existsSync(at) && !statSync(at).isDirectory())
    throw new Error(`${file} cannot be kept: ${at} is a file, not a folder`);
  for (const folder of missing)
    try {
      mkdirSync(folder);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "EEXIST") continue;
      const why = (e as NodeJS.ErrnoException).code ?? "error";
      throw new Error(`${file} cannot be kept: its folder ${folder} cannot be made (${why})`);
    }
}

/** A copy of the file and its log, opened to read: the store as of its last commit, whoever holds it. */
function inspected(file: string): TriggerStore {
  const { dir, copy } = copied(file);
  let records: SqliteRecords;
  try {
    records = new SqliteRecords(openDatabase(copy));
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  const readOnly = async (): Promise<never> => {
    throw new Error("a store opened to inspect is read only");
  };
  return {
    shared: false,
    accept: readOnly,
    take: readOnly,
    journal: readOnly,
    settle: readOnly,
    replay: readOnly,
    saveSubscription: readOnly,
    deleteSubscription: readOnly,
    nextDue: async () => records.nextDue(),
    runs: async (status) => records.runs(status),
    subscriptions: async () => records.subscriptions(),
    pollPosition: async (key) => records.pollPosition(key),
    knownItems: async (key, ids) => records.knownItems(key, ids),
    advancePoll: readOnly,
    async close() {
      records.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** How many runs of a status a SQLite store file holds (tests read a receiver's file this way, held or not). */
export function runCount(file: string, status = "succeeded"): number {
  const { dir, copy } = copied(file);
  try {
    const db = openDatabase(copy);
    try {
      // A log without shared memory is read in exclusive mode (sqlite-records.ts).
      db.exec("PRAGMA locking_mode = EXCLUSIVE");
      return Number(db.all("SELECT COUNT(*) AS n FROM bw_run_records WHERE status = ?", [status])[0]?.n ?? 0);
    } finally {
      db.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The file and its log copied to a folder of their own. */
function copied(file: string): { dir: string; copy: string } {
  const dir = mkdtempSync(join(tmpdir(), "blockwright-store-"));
  const copy = join(dir, "serve.sqlite");
  if (existsSync(file)) copyFileSync(file, copy);
  if (existsSync(`${file}-wal`)) copyFileSync(`${file}-wal`, `${copy}-wal`);
  return { dir, copy };
}
