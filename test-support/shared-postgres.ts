// The suite's one Postgres, as a test file reaches it: global-setup.ts starts
// it in Vitest's main process on the first ask of any file (from binaries
// only root may reach, as a clone in `mktemp -d` has them: copied where the
// server's user can, postgres-server.ts) and stops it after the run. A file
// gets databases of its own on it, named for the file alone, and drops them
// when it is done. Started per file, initdb and the server's start and stop
// cost about 0.55 s of CPU each time (0.7 s with the binaries copied), in four
// files.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import type { PostgresServer } from "./postgres-server.js";

/** What global-setup.ts answers: the server's loopback address and the role the tests use. */
export interface SharedPostgresAddress {
  host: string;
  port: number;
  user: string;
  password: string;
}

let address: Promise<SharedPostgresAddress> | undefined;

async function started(): Promise<SharedPostgresAddress> {
  const response = await fetch(`${inject("sharedMocks")}/postgres`, { method: "POST" });
  const text = await response.text();
  if (!response.ok) throw new Error(`the shared Postgres did not start:\n${text}`);
  return JSON.parse(text) as SharedPostgresAddress;
}

/**
 * This file's part of the shared Postgres: `url()` a database made for it, `url(name)` the database `name` made by
 * `createDatabase(name)`, each under a name no other file uses; `stop()` drops them (their connections ended first).
 */
export async function sharedPostgres(): Promise<PostgresServer> {
  address ??= started();
  const { host, port, user, password } = await address;
  const own = `zqf${randomBytes(6).toString("hex")}`;
  const nameOf = (database?: string) => (database === undefined ? own : `${database}_${own}`);
  const url = (database?: string) =>
    `postgres://${user}:${encodeURIComponent(password)}@${host}:${port}/${nameOf(database)}`;
  const made: string[] = [];
  const admin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({
      connectionString: `postgres://${user}:${encodeURIComponent(password)}@${host}:${port}/postgres`,
    });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  const create = async (database?: string) => {
    await admin((c) => c.query(`CREATE DATABASE ${c.escapeIdentifier(nameOf(database))}`));
    made.push(nameOf(database));
  };
  await create();
  return {
    url,
    port,
    createDatabase: (name) => create(name),
    async stop() {
      // A process the file killed may have left its connections open: FORCE ends them.
      await admin(async (c) => {
        for (const name of made.splice(0))
          await c.query(`DROP DATABASE IF EXISTS ${c.escapeIdentifier(name)} WITH (FORCE)`);
      });
    },
  };
}
