// Vitest's own process runs with the workers' V8 flags: package.json's test scripts give them to it (v8-test-flags.ts).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { lessEagerOptimiser } from "../../src/common/v8-flags.js";
import { REPOSITORY } from "../neutral-copy.js";
import { testV8Flags } from "./v8-test-flags.js";

const { scripts } = JSON.parse(readFileSync(join(REPOSITORY, "package.json"), "utf8")) as {
  scripts: Record<string, string>;
};

describe("the tests' V8 flags", () => {
  it("are given to Vitest's own process by every script that runs it, as its workers are given them", () => {
    const vitestScripts = Object.entries(scripts).filter(([, command]) => /\bvitest(\.mjs)? run\b/.test(command));
    expect(vitestScripts.map(([name]) => name).sort()).toEqual(["test", "test:main", "test:packages"]);
    const start = ["node", ...testV8Flags({}), "node_modules/vitest/vitest.mjs", "run"];
    for (const [, command] of vitestScripts) expect(command.split(" ").slice(0, start.length)).toEqual(start);
  });

  it("are the optimisers 16× less eager, a 32 MB semi-space and no memory reducer unless asked for one", () => {
    expect(testV8Flags({})).toEqual(["--max-semi-space-size=32", ...lessEagerOptimiser(16), "--no-memory-reducer"]);
    expect(testV8Flags({ BLOCKWRIGHT_MEMORY_REDUCER: "1" })).toEqual([
      "--max-semi-space-size=32",
      ...lessEagerOptimiser(16),
    ]);
  });
});
