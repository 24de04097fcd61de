// The main project's global set-up, in Vitest's main process. Under a whole
// `npm test`, the copy of the project with two more providers that every
// file of the project reads its providers from (neutral-copy.ts), made first.
// Then the suite's shared Prism mocks, one per provider of specs/ (the
// copy's, under a whole `npm test`; free loopback ports, --errors, quiet
// logging): started when a test first asks for them (shared-mocks.ts), so
// that a run of files that need none starts none, and stopped after the run.
// What tests are given is the address of a loopback server that starts them
// and answers their addresses.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { wholeNpmTest } from "../contract-tests/neutral/provider-dependent.js";
import { providerDirs } from "../src/load/provider-dirs.js";
import type { MockServers } from "../src/mocks/mocks.js";
import { cpuSeconds } from "./cpu-seconds.js";
import { makeNeutralCopy, REPOSITORY } from "./neutral-copy.js";

let server: Server | undefined;
let mocks: Promise<MockServers> | undefined;
/** The same, stateful (mocks/mock-state.ts): the derived suite's round trips run there. */
let statefulMocks: Promise<MockServers> | undefined;
let copyFolder: string | undefined;

export async function setup(project: TestProject): Promise<void> {
  const start = cpuSeconds();
  let root = REPOSITORY;
  if (wholeNpmTest(process.argv, process.env)) {
    // In the project's TMPDIR when it sets one (vitest.config.ts: /dev/shm where it has room).
    copyFolder = mkdtempSync(join(project.config.env?.TMPDIR ?? tmpdir(), "blockwright-more-providers-"));
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
  server = createServer((request, response) => {
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

export async function teardown(): Promise<void> {
  if (server) {
    server.closeAllConnections();
    await new Promise((resolve) => server!.close(resolve));
  }
  await (await mocks?.catch(() => undefined))?.close();
  await (await statefulMocks?.catch(() => undefined))?.close();
  if (copyFolder) rmSync(copyFolder, { recursive: true, force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The loopback server that starts the shared mocks and gives their addresses (shared-mocks.ts). */
    sharedMocks: string;
  }
}
