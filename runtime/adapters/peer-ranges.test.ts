// The agent frameworks' peer ranges (runtime/package.json, copied into every
// generated package): each admits every version the adapters were run with
// (adapters.test.ts on the lowest of the range, installed apart, and on the
// repository's own) and the releases between, the next minor of a 0.x one
// included. `^0.20.0` refused @openai/agents 0.19, with which the adapter
// works, and 0.21, the next minor (issue 61).
import { readFileSync } from "node:fs";
import semver from "semver";
import { describe, expect, it } from "vitest";

const runtime = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
  peerDependencies: Record<string, string>;
};
const installed = (name: string) =>
  (
    JSON.parse(readFileSync(new URL(`../../node_modules/${name}/package.json`, import.meta.url), "utf8")) as {
      version: string;
    }
  ).version;
// The lowest version of each that adapters.test.ts passed on (run with the framework installed apart).
const LOWEST_RUN = { ai: "7.0.0", "@langchain/core": "1.0.0", "@openai/agents": "0.1.0" } as const;

describe("the agent frameworks' peer ranges", () => {
  for (const [name, lowest] of Object.entries(LOWEST_RUN)) {
    it(`${name}: admit the lowest version the adapters ran on, the repository's, and the next minor`, () => {
      const range = runtime.peerDependencies[name]!;
      const own = installed(name);
      const next = `${semver.major(own)}.${semver.minor(own) + 1}.0`;
      expect([lowest, semver.inc(lowest, "minor")!, own, next].filter((v) => !semver.satisfies(v, range))).toEqual([]);
    });
  }
});
