// The store contract (test-support/store-contract.ts) on the SQLite file.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import { describeStoreContract } from "../../test-support/store-contract.js";
import { openSqliteStore } from "./sqlite-store.js";

const dir = mkdtempSync(join(tmpdir(), "blockwright-sqlite-store-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describeStoreContract("SQLite", async () => openSqliteStore(join(dir, "nested/serve.sqlite")));
