// The suite's Postgres keeps what it shares between its processes in its own folder: a server killed outright with its
// run leaves no segment in /dev/shm that no sweep would find (postgres-server.ts).
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { PostgresServer } from "./postgres-server.js";
import { sharedPostgres } from "./shared-postgres.js";

let server: PostgresServer;
beforeAll(async () => {
  server = await sharedPostgres();
}, 120_000);
afterAll(() => server?.stop());

it("keeps its dynamic shared memory in files of its data folder", async () => {
  const client = new pg.Client({ connectionString: server.url() });
  await client.connect();
  try {
    const { rows } = await client.query("SHOW dynamic_shared_memory_type");
    expect(rows).toEqual([{ dynamic_shared_memory_type: "mmap" }]);
  } finally {
    await client.end();
  }
});
