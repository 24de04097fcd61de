// A project for a CLI test file that plants a mistake in the runtime (its own `vi.mock` of a runtime module) and
// runs the command in-process on it: the command, the mocks and the contract suite's credential loaded anew, so that
// every importer gets the planted module, and the project's runtime resolvable as after `npm install`.
import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { vi } from "vitest";
import type { CaseResult } from "../../src/contract/run.js";
import type { cli as cliOf } from "../cli-harness.js";

export interface PlantedRuntime {
  /** The command in-process (cli-harness.ts), loaded after the reset. */
  cli: typeof cliOf;
  /** The value the contract suite gives a credential (contract/inputs/values.ts): a plant tells it from others. */
  credential: string;
  /** `blockwright test <provider>` in-process on the mocks (seed 7, two runs a property), its report's cases. */
  contract(provider: string): Promise<{ code: number; cases: CaseResult[] }>;
}

/**
 * The worker may hold the runtime from an earlier file (isolate: false), its modules bound to the real ones: the
 * module graph loaded again, the command and the mocks with it. `dir` is made a project whose node_modules links the
 * repository's runtime. Call it in the file's `beforeAll`.
 */
export async function plantedRuntimeProject(dir: string): Promise<PlantedRuntime> {
  vi.resetModules();
  const { cli } = await import("../cli-harness.js");
  const { startMocks } = await import("../../src/mocks/mocks.js");
  const { CREDENTIAL } = await import("../../src/contract/inputs/values.js");
  mkdirSync(join(dir, "node_modules/@blockwright"), { recursive: true });
  symlinkSync(fileURLToPath(new URL("../../runtime", import.meta.url)), join(dir, "node_modules/@blockwright/runtime"));
  mkdirSync(join(dir, "specs"));
  return {
    cli,
    credential: CREDENTIAL,
    async contract(provider) {
      const r = await cli(["test", provider, "--seed", "7", "--runs", "2", "--reporter", "json"], {
        cwd: dir,
        startMocks: (providers, options) => startMocks(providers, options),
      });
      return { code: r.code, cases: (JSON.parse(r.stdout) as { cases: CaseResult[] }).cases };
    },
  };
}
