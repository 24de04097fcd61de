// The store contract (test-support/store-contract.ts) on the SQLite file, and
// a delivery of many events claimed in one write.
import { spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { describeStoreContract } from "../../test-support/store-contract.js";
import { openSqliteStore, StoreInUseError } from "./sqlite-store.js";

const dir = mkdtempSync(join(tmpdir(), "blockwright-sqlite-store-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describeStoreContract("SQLite", async () => openSqliteStore(join(dir, "nested/serve.sqlite")));

/** SQLite's file change counter (bytes 24–27 of the header): one more for each transaction that wrote. */
function changeCounter(file: string): number {
  const fd = openSync(file, "r");
  try {
    const header = Buffer.alloc(28);
    readSync(fd, header, 0, 28, 0);
    return header.readUInt32BE(24);
  } finally {
    closeSync(fd);
  }
}

describe("a delivery of many events", () => {
  it("is claimed in one write to the file: 2,000 events, one transaction", async () => {
    const file = join(dir, "batch.sqlite");
    const store = openSqliteStore(file);
    try {
      expect(await store.claim("zqbatch_first", ["evt-0"], Date.now(), 60_000)).toEqual([true]);
      const before = changeCounter(file);
      const ids = Array.from({ length: 2000 }, (_, i) => `evt-batch-${i}`);
      const claimed = await store.claim("zqbatch_first", ids, Date.now(), 60_000);
      expect(claimed.every(Boolean)).toBe(true);
      expect(changeCounter(file) - before).toBe(1);
    } finally {
      await store.close();
    }
  });
});

describe("one receiver per SQLite file", () => {
  it("refuses a second holder of the file while the first holds it, naming the holder, and lets it in once the first has closed", async () => {
    const file = join(dir, "held.sqlite");
    const first = openSqliteStore(file);
    expect(() => openSqliteStore(file)).toThrow(StoreInUseError);
    expect(() => openSqliteStore(file)).toThrow(`${file} is held by another serve (process ${process.pid}): one receiver per SQLite file.`);
    expect(await first.claim("zqheld", ["evt-1"], Date.now(), 60_000)).toEqual([true]);
    await first.close();
    const second = openSqliteStore(file);
    expect(await second.claim("zqheld", ["evt-1"], Date.now(), 60_000)).toEqual([false]);
    await second.close();
    expect(existsSync(`${file}.owner`)).toBe(false);
  });

  it("takes over the file of a holder that is gone (killed: its mark and SQLite's lock left behind)", async () => {
    const file = join(dir, "orphaned.sqlite");
    const made = openSqliteStore(file);
    await made.claim("zqorphan", ["evt-1"], Date.now(), 60_000);
    await made.close();
    // A process that has ended: its id names no live process now.
    const gone = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" }).stdout;
    writeFileSync(`${file}.owner`, JSON.stringify({ pid: Number(gone), host: hostname() }));
    mkdirSync(`${file}.lock`);
    const store = openSqliteStore(file);
    try {
      expect(await store.claim("zqorphan", ["evt-1", "evt-2"], Date.now(), 60_000)).toEqual([false, true]);
    } finally {
      await store.close();
    }
  });
});
