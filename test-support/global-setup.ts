// Starts one Prism mock per provider (free loopback ports, --errors, quiet
// logging) before the contract suite and stops them after it.
import type { TestProject } from "vitest/node";
import { fileURLToPath } from "node:url";
import { providerDirs } from "../src/load/provider-dirs.js";
import { startMocks, type MockServers } from "../src/mocks/mocks.js";

const SPECS_DIR = fileURLToPath(new URL("../specs/", import.meta.url));

let mocks: MockServers | undefined;

export async function setup(project: TestProject): Promise<void> {
  mocks = await startMocks(providerDirs(SPECS_DIR), { specsDir: SPECS_DIR });
  project.provide("mockUrls", mocks.urls);
}

export async function teardown(): Promise<void> {
  await mocks?.close();
}

declare module "vitest" {
  export interface ProvidedContext {
    mockUrls: Record<string, string>;
  }
}
