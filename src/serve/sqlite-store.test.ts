// The store contract (test-support/store-contract.ts) on the SQLite file, a
// delivery of many events claimed in one write, and SQLite's WebAssembly in a
// process: on V8's baseline compiler, V8's flags left as they were.
import { spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { deliveryOf, describeStoreContract } from "../../test-support/store-contract.js";
import { startExecutor } from "./run-executor.js";
import { openSqliteStore, StoreInUseError } from "./sqlite-store.js";
import { endedPid } from "../../test-support/run/ended-pid.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const dir = mkdtempSync(join(runScratch(), "blockwright-sqlite-store-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describeStoreContract("SQLite", async () => openSqliteStore(join(dir, "nested/serve.sqlite")));

/**
 * The commits in a SQLite write-ahead log (sqlite.org/fileformat2.html, "WAL File Format"): the
 * frames of its current salts that end a transaction (their header gives the database's size),
 * less the copies of such a frame that pad a synced commit to a sector (they follow it).
 */
function walCommits(file: string): number {
  const fd = openSync(`${file}-wal`, "r");
  try {
    const header = Buffer.alloc(32);
    if (readSync(fd, header, 0, 32, 0) < 32) return 0;
    const pageSize = header.readUInt32BE(8);
    const frame = Buffer.alloc(24);
    let commits = 0;
    let previousEnded = false;
    for (
      let at = 32;
      readSync(fd, frame, 0, 24, at) === 24 && frame.subarray(8, 16).equals(header.subarray(16, 24));
      at += 24 + pageSize
    ) {
      const ends = frame.readUInt32BE(4) !== 0;
      if (ends && !previousEnded) commits++;
      previousEnded = ends;
    }
    return commits;
  } finally {
    closeSync(fd);
  }
}

describe("a delivery of many events", () => {
  it("is claimed in one write to the file: 2,000 events, one transaction", async () => {
    const file = join(dir, "batch.sqlite");
    const store = openSqliteStore(file);
    try {
      expect(await store.accept(deliveryOf("zqbatch_first", ["evt-0"]), 60_000)).toEqual([true]);
      const before = walCommits(file);
      const ids = Array.from({ length: 2000 }, (_, i) => `evt-batch-${i}`);
      const claimed = await store.accept(deliveryOf("zqbatch_first", ids), 60_000);
      expect(claimed.every(Boolean)).toBe(true);
      expect(walCommits(file) - before).toBe(1);
    } finally {
      await store.close();
    }
  });
});

describe("one receiver per SQLite file", () => {
  it(
    "refuses a second holder of the file while the first holds it, naming the holder, " +
      "and lets it in once the first has closed",
    async () => {
      const file = join(dir, "held.sqlite");
      const first = openSqliteStore(file);
      expect(() => openSqliteStore(file)).toThrow(StoreInUseError);
      expect(() => openSqliteStore(file)).toThrow(
        `${file} is held by another serve (process ${process.pid}): one receiver per SQLite file.`,
      );
      expect(await first.accept(deliveryOf("zqheld", ["evt-1"]), 60_000)).toEqual([true]);
      await first.close();
      const second = openSqliteStore(file);
      expect(await second.accept(deliveryOf("zqheld", ["evt-1"]), 60_000)).toEqual([false]);
      await second.close();
      expect(existsSync(`${file}.owner`)).toBe(false);
    },
  );

  it("takes over the file of a holder that is gone (killed: its mark and SQLite's lock left behind)", async () => {
    const file = join(dir, "orphaned.sqlite");
    const made = openSqliteStore(file);
    await made.accept(deliveryOf("zqorphan", ["evt-1"]), 60_000);
    await made.close();
    // A process that has ended: its id names no live process now.
    const gone = endedPid();
    writeFileSync(`${file}.owner`, JSON.stringify({ pid: gone, host: hostname() }));
    mkdirSync(`${file}.lock`);
    const store = openSqliteStore(file);
    try {
      expect(await store.accept(deliveryOf("zqorphan", ["evt-1", "evt-2"]), 60_000)).toEqual([false, true]);
    } finally {
      await store.close();
    }
  });
});

describe("runs on the SQLite file", () => {
  it(
    "takes queued runs due, marks them running with the attempt counted, and queues again those a killed " +
      "receiver left running",
    async () => {
      const file = join(dir, "runs.sqlite");
      const store = openSqliteStore(file);
      await store.accept(deliveryOf("zqruns", ["evt-1", "evt-2", "evt-3"]), 60_000);
      const taken = await store.take(2, Date.now());
      expect(taken.map((r) => [r.event, r.status, r.attempts, r.outputs])).toEqual([
        ["evt-1", "running", 1, { data: { id: "evt-1" }, metadata: { id: "evt-1" } }],
        ["evt-2", "running", 1, { data: { id: "evt-2" }, metadata: { id: "evt-2" } }],
      ]);
      await store.journal(taken[0]!.id, {
        id: "first",
        name: "First",
        type: "zq",
        operation: "zq_op",
        status: "succeeded",
        durationMs: 1,
        outputs: { n: 1 },
      });
      // Closed with two runs still running, as a killed receiver leaves them: the next open queues them again.
      await store.close();
      const again = openSqliteStore(file);
      try {
        const resumed = await again.take(5, Date.now());
        expect(resumed.map((r) => [r.event, r.attempts, Object.keys(r.journal)])).toEqual([
          ["evt-1", 2, ["first"]],
          ["evt-2", 2, []],
          ["evt-3", 1, []],
        ]);
        // A retry waits its time.
        await again.settle(resumed[0]!.id, { status: "queued", nextAt: Date.now() + 60_000, error: "503" }, Date.now());
        expect(await again.take(5, Date.now())).toEqual([]);
        expect(await again.nextDue()).toBeGreaterThan(Date.now() + 50_000);
      } finally {
        await again.close();
      }
    },
  );
});

describe("a serve on a SQLite file that holds another workflow's runs", () => {
  // The default file is the project's: a serve of one workflow took the queued runs another workflow's serve left
  // (killed, or stopped with a retry pending), and ran its own workflow on the other trigger's events.
  it("runs only its trigger's runs, and leaves the others queued for their own serve", async () => {
    const store = openSqliteStore(join(dir, "two-workflows.sqlite"));
    try {
      await store.accept(deliveryOf("zqother", ["evt-other"]), 60_000);
      await store.accept(deliveryOf("zqmine", ["evt-mine"]), 60_000);
      const ran: string[] = [];
      let settled!: () => void;
      const done = new Promise<void>((ok) => {
        settled = ok;
      });
      const executor = startExecutor({
        store,
        trigger: "zqmine",
        concurrency: 4,
        retry: { attempts: 1, backoffMs: 1_000 },
        log: () => undefined,
        attempt: async (run) => {
          ran.push(`${run.trigger} ${run.event}`);
          return { status: "succeeded", durationMs: 1, blocks: [], placeholders: [] };
        },
        settled: () => settled(),
      });
      await done;
      await executor.stop(1_000);
      expect(ran).toEqual(["zqmine evt-mine"]);
      expect((await store.runs()).map((r) => [r.trigger, r.status]).sort()).toEqual([
        ["zqmine", "succeeded"],
        ["zqother", "queued"],
      ]);
      expect(await store.nextDue("zqmine")).toBeUndefined();
      expect(await store.nextDue("zqother")).toBeTypeOf("number");
    } finally {
      await store.close();
    }
  });
});

describe("SQLite's WebAssembly in a process that opens a store", () => {
  it("stays on V8's baseline compiler through the store's opening and first writes (no optimised compile)", () => {
    // The built module, in a process of its own (V8's flags are per process), which traces each function V8 compiles.
    const built = new URL("../../dist/serve/sqlite-store.js", import.meta.url).href;
    const script = [
      `const { openSqliteStore } = await import(${JSON.stringify(built)});`,
      `const store = openSqliteStore(${JSON.stringify(join(dir, "tiering/serve.sqlite"))});`,
      "const body = new TextEncoder().encode('[\"e1\"]');",
      'const events = [{ id: "e1", outputs: { data: { id: "e1" }, metadata: { id: "e1" } } }];',
      'await store.accept({ trigger: "zqtier", receivedAt: Date.now(), headers: {}, body, events }, 60000);',
      "await store.take(5, Date.now());",
      "await store.close();",
    ].join("\n");
    const traced = spawnSync(
      process.execPath,
      ["--trace-wasm-compilation-times", "--input-type=module", "-e", script],
      {
        encoding: "utf8",
      },
    );
    expect(traced.status, traced.stderr).toBe(0);
    // The trace names each compile's tier: SQLite's functions compiled on first call by Liftoff, none by TurboFan (its
    // statement loop and parser were, at V8's default tiering budget, within the first statements: 0.11 to 0.24 s).
    expect(traced.stdout).toMatch(/using Liftoff/);
    expect(traced.stdout).not.toMatch(/using TurboFan/);
  });

  it("leaves V8's flags as they were for what the process compiles next, which Node's compile cache keeps", () => {
    // A module loaded after a store opened, then by a process that opens none, one compile cache for both: V8 refuses
    // code compiled under other flags (the budget was left raised, and mock refused what a serve had kept).
    const built = new URL("../../dist/serve/sqlite-store.js", import.meta.url).href;
    const later = join(dir, "flags/zq-loaded-later.mjs");
    mkdirSync(join(dir, "flags"), { recursive: true });
    writeFileSync(later, "export const zqTwice = (n) => n * 2;\n");
    const env = { ...process.env, NODE_COMPILE_CACHE: join(dir, "flags/cache"), NODE_DEBUG_NATIVE: "COMPILE_CACHE" };
    const script = [
      `const { openSqliteStore } = await import(${JSON.stringify(built)});`,
      `const store = openSqliteStore(${JSON.stringify(join(dir, "flags/serve.sqlite"))});`,
      "await store.take(5, Date.now());",
      `await import(${JSON.stringify(pathToFileURL(later).href)});`,
      "await store.close();",
    ].join("\n");
    const withStore = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8", env });
    expect(withStore.status, withStore.stderr).toBe(0);
    const alone = spawnSync(process.execPath, [later], { encoding: "utf8", env });
    expect(alone.status, alone.stderr).toBe(0);
    expect(alone.stderr).not.toMatch(/zq-loaded-later\.mjs was rejected/);
    // (Node 20 has no compile cache: nothing is kept, refused or told.)
    if (/compile cache\]/.test(withStore.stderr)) expect(alone.stderr).toMatch(/zq-loaded-later\.mjs was accepted/);
  });
});
