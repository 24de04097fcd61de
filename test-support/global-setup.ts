// The main project's global set-up, in Vitest's main process. Under a whole
// `npm test`, the copy of the project with two more providers that every
// file of the project reads its providers from (neutral-copy.ts), made first.
// Then the suite's shared Prism mocks, one per provider of specs/ (the
// copy's, under a whole `npm test`; free loopback ports, --errors, quiet
// logging): started when a test first asks for them (shared-mocks.ts), so
// that a run of files that need none starts none, and stopped after the run.
// Likewise the suite's one Postgres (shared-postgres.ts), on which each file
// makes databases of its own, and its one n8n linter and engine
// (platforms/shared-tools.ts). What tests are given is the address of a
// loopback server that starts them and answers their addresses.
import { rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { wholeNpmTest } from "../contract-tests/neutral/provider-dependent.js";
import { providerDirs } from "../src/load/provider-dirs.js";
import type { MockServers } from "../src/mocks/mocks.js";
import { boundCompileCache } from "../src/common/compile-cache-bound.js";
import { cpuSeconds } from "./run/cpu-seconds.js";
import { ownedFolder } from "./run/owned-folder.js";
import { closeRunFolder, openRunFolder } from "./run/run-folder.js";
import { makeNeutralCopy, REPOSITORY } from "./neutral-copy.js";
import type { PostgresServer } from "./postgres-server.js";
import { askSharedTool, closeSharedTools, isSharedTool, type SharedTool } from "./platforms/shared-tools.js";
import type { SharedPostgresAddress } from "./shared-postgres.js";

let server: Server | undefined;
let mocks: Promise<MockServers> | undefined;
/** The same, stateful (mocks/mock-state.ts): the derived suite's round trips run there. */
let statefulMocks: Promise<MockServers> | undefined;
let copyFolder: string | undefined;
/** The suite's one Postgres (shared-postgres.ts), and the owner-only folder its binaries are reached through. */
let postgres: Promise<{ server: PostgresServer; address: SharedPostgresAddress }> | undefined;
let hidden: string | undefined;
/** This run's folder (run/run-folder.ts). */
let runFolder: string | undefined;

/**
 * Postgres started from binaries reached through a folder only this user may enter (mode 0700, as `mktemp -d`
 * makes it): as root the server's user cannot, and they are copied where it can (postgres-server.ts).
 */
async function startSharedPostgres(
  scratch: string,
): Promise<{ server: PostgresServer; address: SharedPostgresAddress }> {
  const { packagedBinaries, POSTGRES_PASSWORD, POSTGRES_USER, startPostgres } = await import("./postgres-server.js");
  hidden = ownedFolder(scratch, "zq-owner-only-");
  symlinkSync(await packagedBinaries(), join(hidden, "native"));
  const server = await startPostgres({ binaries: join(hidden, "native"), tmpdir: scratch });
  return {
    server,
    address: { host: "127.0.0.1", port: server.port, user: POSTGRES_USER, password: POSTGRES_PASSWORD },
  };
}

export async function setup(project: TestProject): Promise<void> {
  const start = cpuSeconds();
  const compileCache = project.config.env?.NODE_COMPILE_CACHE;
  if (compileCache) boundCompileCache(compileCache);
  let root = REPOSITORY;
  if (wholeNpmTest(process.argv, process.env)) {
    // In the project's TMPDIR when it sets one (vitest.config.ts: /dev/shm where it has room).
    copyFolder = ownedFolder(project.config.env?.TMPDIR ?? tmpdir(), "blockwright-more-providers-");
    // Vitest does not tear down a set-up that failed.
    root = await makeNeutralCopy(copyFolder).catch((e: unknown) => {
      rmSync(copyFolder!, { recursive: true, force: true });
      throw e;
    });
    project.provide("providersRoot", root);
    // The set-up runs in Vitest's own process, in no test file's figure: its line for `npm run bench -- tests`.
    const log = process.env.BLOCKWRIGHT_FILE_CPU;
    if (log)
      writeFileSync(log, `${(cpuSeconds() - start).toFixed(2)}\t${fileURLToPath(import.meta.url)}\n`, { flag: "a" });
  }
  const specsDir = join(root, "specs/");
  const scratch = project.config.env?.TMPDIR ?? tmpdir();
  runFolder = openRunFolder(project);
  server = createServer((request, response) => {
    if (request.method === "POST" && request.url === "/postgres") {
      postgres ??= startSharedPostgres(scratch);
      return void postgres.then(
        ({ address }) => response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(address)),
        (e: unknown) =>
          response
            .writeHead(500, { "content-type": "text/plain" })
            .end(e instanceof Error ? (e.stack ?? e.message) : String(e)),
      );
    }
    const tool = request.url?.slice(1) ?? "";
    if (request.method === "POST" && isSharedTool(tool))
      return void toolAsked(tool, request, response, project, scratch);
    if (request.method !== "POST" || (request.url !== "/mocks" && request.url !== "/stateful-mocks"))
      return void response.writeHead(404).end();
    // Loaded and started once, on the first ask: the generator and Prism are seconds of CPU.
    const started =
      request.url === "/mocks"
        ? (mocks ??= import("../src/mocks/mocks.js").then(({ startMocks }) =>
            startMocks(providerDirs(specsDir), { specsDir }),
          ))
        : (statefulMocks ??= import("../src/mocks/mocks.js").then(({ startMocks }) =>
            startMocks(providerDirs(specsDir), { specsDir, state: {}, log: () => {} }),
          ));
    started.then(
      (started) => response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(started.urls)),
      (e: unknown) =>
        response
          .writeHead(500, { "content-type": "text/plain" })
          .end(e instanceof Error ? (e.stack ?? e.message) : String(e)),
    );
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  project.provide("sharedMocks", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
}

/** An ask of n8n's linter or engine: its request (JSON) in, its answer (JSON) out; the tool started on its first. */
function toolAsked(
  tool: SharedTool,
  request: IncomingMessage,
  response: ServerResponse,
  project: TestProject,
  scratch: string,
): void {
  let body = "";
  request.setEncoding("utf8").on("data", (d: string) => {
    body += d;
  });
  request.on("end", () => {
    // As a process a worker started had it: the project's env (shared-tools.ts leaves NODE_ENV=test out).
    Promise.resolve()
      .then(() => askSharedTool(tool, JSON.parse(body), { ...process.env, ...project.config.env }, scratch))
      .then(
        (answer) => response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answer)),
        (e: unknown) =>
          response
            .writeHead(500, { "content-type": "text/plain" })
            .end(e instanceof Error ? (e.stack ?? e.message) : String(e)),
      );
  });
}

export async function teardown(): Promise<void> {
  // n8n's linter and engine stopped and reaped (their CPU this process's children's: in no file's line).
  await closeSharedTools();
  if (server) {
    server.closeAllConnections();
    await new Promise((resolve) => server!.close(resolve));
  }
  await (await mocks?.catch(() => undefined))?.close();
  await (await statefulMocks?.catch(() => undefined))?.close();
  await (await postgres?.catch(() => undefined))?.server.stop();
  if (hidden) rmSync(hidden, { recursive: true, force: true });
  if (copyFolder) rmSync(copyFolder, { recursive: true, force: true });
  closeRunFolder(runFolder);
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The loopback server that starts the shared mocks and Postgres, and gives their addresses (shared-*.ts). */
    sharedMocks: string;
  }
}
