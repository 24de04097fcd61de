// The suite's shared Prism mocks, one per provider of specs/ (free loopback
// ports, --errors, quiet logging), in Vitest's main process: started when a
// test first asks for them (shared-mocks.ts), so that a run of files that
// need none starts none, and stopped after the run. What tests are given is
// the address of a loopback server that starts them and answers their
// addresses.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { providerDirs } from "../src/load/provider-dirs.js";
import type { MockServers } from "../src/mocks/mocks.js";

const SPECS_DIR = fileURLToPath(new URL("../specs/", import.meta.url));

let server: Server | undefined;
let mocks: Promise<MockServers> | undefined;

export async function setup(project: TestProject): Promise<void> {
  server = createServer((request, response) => {
    if (request.method !== "POST" || request.url !== "/mocks") return void response.writeHead(404).end();
    // Loaded and started once, on the first ask: the generator and Prism are seconds of CPU.
    mocks ??= import("../src/mocks/mocks.js").then(({ startMocks }) => startMocks(providerDirs(SPECS_DIR), { specsDir: SPECS_DIR }));
    mocks.then(
      (started) => response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(started.urls)),
      (e: unknown) => response.writeHead(500, { "content-type": "text/plain" }).end(e instanceof Error ? (e.stack ?? e.message) : String(e)),
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
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The loopback server that starts the shared mocks and gives their addresses (shared-mocks.ts). */
    sharedMocks: string;
  }
}
