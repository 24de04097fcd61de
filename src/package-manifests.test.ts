// What blockwright's own packages tell npm and their users:
// - the Node.js versions they claim are the ones CI runs and their
//   dependencies accept: blockwright, its runtime and every package generated
//   on it declare one range (a provider package takes the runtime's); it holds
//   each line the workflows and .ci/run use and none out of maintenance; and no
//   dependency that installs with them asks for more (`ai` 7 wants Node 22
//   while the packages still claimed 20.19);
// - where they come from: repository (npm refuses provenance without one,
//   E422), homepage and issue tracker, the runtime's with its folder
//   (generate copies blockwright's into every provider package:
//   src/emit/package-links.test.ts).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import semver from "semver";
import { repositoryLinks } from "./publish/repository-url.js";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
type Manifest = {
  engines?: { node?: string };
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  repository?: { type?: string; url?: string; directory?: string };
  homepage?: string;
  bugs?: { url?: string };
};
const manifest = (path: string) => JSON.parse(readFileSync(`${ROOT}${path}`, "utf8")) as Manifest;
const blockwright = manifest("package.json");
const runtime = manifest("runtime/package.json");
const RANGE = blockwright.engines?.node ?? "";

/** The Node.js lines CI runs on: the workflows' `node` matrices and setup-node versions, and .ci/run's lines. */
function ciLines(): number[] {
  const lines = new Set<number>();
  for (const file of [
    ".github/workflows/contract-tests.yml",
    ".github/workflows/release.yml",
    ".github/workflows/ci.yml",
  ]) {
    const workflow = parse(readFileSync(`${ROOT}${file}`, "utf8")) as {
      jobs: Record<
        string,
        { strategy?: { matrix?: { node?: number[] } }; steps: { uses?: string; with?: { "node-version"?: unknown } }[] }
      >;
    };
    for (const job of Object.values(workflow.jobs)) {
      for (const line of job.strategy?.matrix?.node ?? []) lines.add(line);
      for (const step of job.steps)
        if (step.uses?.startsWith("actions/setup-node@") && typeof step.with?.["node-version"] === "number")
          lines.add(step.with["node-version"]);
    }
  }
  const run = readFileSync(`${ROOT}.ci/run`, "utf8");
  for (const [, line] of run.matchAll(/^(?:suite_line=\$\{BLOCKWRIGHT_CI_NODE:-|oldest_line=)(\d+)/gm))
    lines.add(Number(line));
  return [...lines].sort();
}

describe("the Node.js versions", () => {
  it(
    "are one range for blockwright and its runtime (a generated package takes the runtime's; " +
      "init writes blockwright's)",
    async () => {
      expect(semver.validRange(RANGE), RANGE).not.toBeNull();
      expect(runtime.engines?.node).toBe(RANGE);
      const golden = JSON.parse(
        readFileSync(`${ROOT}src/emit/__fixtures__/golden/shelf/package.json`, "utf8"),
      ) as Manifest;
      expect(golden.engines?.node).toBe(RANGE);
    },
  );

  it("hold every line CI runs on (the maintained ones and the current one), and none out of maintenance", () => {
    const lines = ciLines();
    expect(lines).toEqual(expect.arrayContaining([22, 24, 26]));
    for (const line of lines) expect(semver.intersects(RANGE, `^${line}.0.0`), `Node ${line} in ${RANGE}`).toBe(true);
    // Node 20 left maintenance in April 2026.
    expect(semver.intersects(RANGE, "^20.0.0"), `Node 20 in ${RANGE}`).toBe(false);
    // require(esm), which every CommonJS entry relies on, without a flag: 22.12.
    expect(semver.minVersion(RANGE)?.version).toBe("22.12.0");
  });

  it("ask for no less than any dependency installed with the packages does", () => {
    const installed = (name: string) => manifest(`node_modules/${name}/package.json`);
    const dependencies = [
      ...Object.keys(blockwright.dependencies ?? {}),
      ...Object.keys(blockwright.peerDependencies ?? {}),
      ...Object.keys(runtime.dependencies ?? {}),
      ...Object.keys(runtime.peerDependencies ?? {}),
    ];
    const asking = dependencies.filter((name) => name !== "@blockwright/runtime" && installed(name).engines?.node);
    // The adapters' frameworks (ai 7: >= 22) are among them.
    expect(asking).toContain("ai");
    for (const name of asking) {
      const theirs = installed(name).engines?.node ?? "";
      expect(semver.subset(RANGE, theirs), `${name} wants Node ${theirs}; the packages claim ${RANGE}`).toBe(true);
    }
  });
});

describe("the packages' links", () => {
  it("name blockwright's repository, its home page and issue tracker, the runtime's page its folder", () => {
    const url = blockwright.repository?.url ?? "";
    const links = repositoryLinks(url);
    expect(links, url).toBeDefined();
    expect(blockwright).toMatchObject({ repository: links?.repository, homepage: links?.homepage, bugs: links?.bugs });
    // The repository alone: its folder would be a "directory" key, a provider's id to the provider-neutral check.
    expect(runtime.repository).toEqual(links?.repository);
    expect(runtime.bugs).toEqual(links?.bugs);
    expect(runtime.homepage).toMatch(
      new RegExp(
        `^${(links?.homepage ?? "").replace("#readme", "")}/tree/[^/]+/runtime#readme$`.replace(/[.?]/g, "\\$&"),
      ),
    );
  });
});
