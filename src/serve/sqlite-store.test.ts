// The store contract (test-support/store-contract.ts) on the SQLite file, and
// a delivery of many events claimed in one write.
import { mkdtempSync, openSync, readSync, closeSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { describeStoreContract } from "../../test-support/store-contract.js";
import { openSqliteStore } from "./sqlite-store.js";

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
