// What `blockwright publish` checks before it uploads anything, so that no
// package reaches the registry that its users could not install or that npm
// would refuse half-way through a release:
// - every dependency of a package resolves on the registry it goes to: a
//   workspace package published before it in the same run, or a version the
//   registry has in the range (a provider package on a `@blockwright/runtime`
//   the registry lacks installed as E404 for every user); a `file:`, `link:`
//   or `workspace:` path is a folder of the publisher's machine, no registry's;
// - with npm provenance, every package names its repository (npm refuses the
//   upload otherwise, E422), and on GitHub Actions the repository the
//   workflow runs in (the one the provenance statement names).
import semver from "semver";
import { sameRepository } from "./repository-url.js";
import type { WorkspacePackage } from "./workspaces.js";

export interface PreflightProblem {
  /** name@version of the package that cannot go. */
  package: string;
  /** What is wrong, naming the dependency or field. */
  reason: string;
  kind: "dependency" | "provenance";
}

/**
 * Specs of npm that name no registry version: a folder or tarball path (`file:`, `./`, `/`, `~/`), a link, another
 * package manager's workspace.
 */
const LOCAL_SPEC = /^(?:file|link|workspace|portal):|^(?:\.\.?|~)?\//;
/** Specs npm fetches from elsewhere than the registry (git, a tarball's address): not the registry's to resolve. */
const ELSEWHERE_SPEC = /^(?:git\+|git:|github:|gitlab:|bitbucket:|gist:|https?:)|^[\w.-]+\/[\w.-]+(?:#.*)?$/;

/** `npm:<name>@<range>` (an alias) as the package and range it installs; anything else as it is. */
function target(name: string, spec: string): { name: string; range: string } {
  const alias = /^npm:((?:@[^/@]+\/)?[^@]+)(?:@(.*))?$/.exec(spec);
  return alias ? { name: alias[1] ?? name, range: alias[2] || "*" } : { name, range: spec || "*" };
}

/**
 * The dependencies of the `pending` packages that the registry cannot give:
 * `versionsOf(name)` answers what the registry has (asked once per name, for
 * names no workspace package going in this run satisfies); `going` are the
 * workspace packages this run publishes or the registry already has.
 */
export async function unresolvableDependencies(
  pending: readonly WorkspacePackage[],
  going: ReadonlyMap<string, string>,
  versionsOf: (names: string[]) => Promise<Map<string, string[]>>,
  registry: string,
): Promise<PreflightProblem[]> {
  const problems: PreflightProblem[] = [];
  const asks: { pkg: WorkspacePackage; dependency: string; name: string; range: string }[] = [];
  for (const pkg of pending) {
    for (const [dependency, spec] of Object.entries(pkg.requires)) {
      if (LOCAL_SPEC.test(spec)) {
        problems.push({
          package: id(pkg),
          kind: "dependency",
          reason:
            `depends on ${dependency} at ${JSON.stringify(spec)}, a path on this machine that no user's install ` +
            `can follow; depend on a version range the registry has (or publish ${dependency} too)`,
        });
        continue;
      }
      if (ELSEWHERE_SPEC.test(spec)) continue;
      const { name, range } = target(dependency, spec);
      if (!semver.validRange(range) && range !== "latest") continue; // a dist-tag other than latest: npm's to resolve
      const workspace = going.get(name);
      if (
        workspace !== undefined &&
        (range === "latest" || semver.satisfies(workspace, range, { includePrerelease: true }))
      )
        continue;
      asks.push({ pkg, dependency, name, range });
    }
  }
  const versions = asks.length ? await versionsOf([...new Set(asks.map((a) => a.name))]) : new Map<string, string[]>();
  for (const { pkg, dependency, name, range } of asks) {
    const there = versions.get(name) ?? [];
    if (range === "latest" ? there.length : semver.maxSatisfying(there, range)) continue;
    const shown = name === dependency ? `${name}@${range}` : `${dependency} (${name}@${range})`;
    const has = there.length
      ? `it has ${there.length > 5 ? `${there.slice(-5).join(", ")} and ${there.length - 5} older` : there.join(", ")}`
      : "it has no version of it";
    problems.push({
      package: id(pkg),
      kind: "dependency",
      reason:
        `depends on ${shown}, which ${registry} cannot give (${has}): publish ${name} there first, ` +
        `or depend on a version it has`,
    });
  }
  return problems;
}

/**
 * Whether npm will publish with provenance: `--provenance` among npm's options, or npm's `provenance` setting in the
 * environment.
 */
export function provenanceRequested(npmArgs: readonly string[], env: Record<string, string | undefined>): boolean {
  let requested = Object.entries(env).some(
    ([name, value]) => name.toLowerCase() === "npm_config_provenance" && value === "true",
  );
  for (const arg of npmArgs) {
    if (arg === "--provenance" || arg === "--provenance=true") requested = true;
    if (arg === "--no-provenance" || arg === "--provenance=false") requested = false;
  }
  return requested;
}

/**
 * npm provenance's preconditions for each package: a `repository` (npm
 * refuses the upload without one, E422), and on GitHub Actions the
 * repository the workflow runs in (`GITHUB_SERVER_URL`/`GITHUB_REPOSITORY`),
 * which the signed statement names and npm compares with the package's.
 */
export function provenanceProblems(
  pending: readonly WorkspacePackage[],
  env: Record<string, string | undefined>,
): PreflightProblem[] {
  const running =
    env.GITHUB_ACTIONS === "true" && env.GITHUB_SERVER_URL && env.GITHUB_REPOSITORY
      ? `${env.GITHUB_SERVER_URL.replace(/\/+$/, "")}/${env.GITHUB_REPOSITORY}`
      : undefined;
  const problems: PreflightProblem[] = [];
  for (const pkg of pending) {
    if (!pkg.repository) {
      problems.push({
        package: id(pkg),
        kind: "provenance",
        reason:
          `has no "repository" in its package.json, and npm refuses provenance without one (E422): ` +
          `add the project's repository to package.json (generate copies it into every package)`,
      });
    } else if (running && !sameRepository(pkg.repository, running)) {
      problems.push({
        package: id(pkg),
        kind: "provenance",
        reason:
          `names the repository ${JSON.stringify(pkg.repository)}, but this workflow runs in ${running}, ` +
          `which its provenance will name: npm refuses the mismatch (E422)`,
      });
    }
  }
  return problems;
}

const id = (p: WorkspacePackage) => `${p.name}@${p.version}`;
