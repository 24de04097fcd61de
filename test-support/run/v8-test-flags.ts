// The V8 flags of the tests' processes: Vitest's workers (vitest.config.ts's execArgv) and Vitest's own process
// (package.json's test scripts start it with them: `node <flags> node_modules/vitest/vitest.mjs run`; a script cannot
// import, so v8-test-flags.test.ts holds them to these). Why each: vitest.config.ts, and performance.md (the
// forty-sixth round, testcpu18, for Vitest's own process).
import { lessEagerOptimiser } from "../../src/common/v8-flags.js";

/**
 * V8's optimising compilers 16× less eager, a larger young generation, and no memory reducer unless
 * BLOCKWRIGHT_MEMORY_REDUCER=1 (for a measurement: it reaches the workers only).
 */
export function testV8Flags(env: NodeJS.ProcessEnv = process.env): string[] {
  return [
    "--max-semi-space-size=32",
    ...lessEagerOptimiser(16),
    ...(env.BLOCKWRIGHT_MEMORY_REDUCER === "1" ? [] : ["--no-memory-reducer"]),
  ];
}
