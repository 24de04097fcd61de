// `blockwright publish [--registry <url>] [--dry-run] [--tag <t>] [-- <npm publish options>]`
import { type NpmOptions, withheld } from "../publish/npm.js";
import type { WorkspacePackage } from "../publish/workspaces.js";
import { parseArgs, stringOption } from "./support/args.js";
import { CommandFailure, INTERRUPTED, interruptedStatus, progressOf, UsageError, type CliIo } from "./support/io.js";

export const USAGE = `Usage: blockwright publish [--registry <url>] [--dry-run] [--tag <tag>] [-- <npm publish options>]

Publish the project's npm workspaces (this repository: the runtime and every
generated package; a project made by init: the generated packages) whose
version the registry does not have yet, each after the workspace packages it
depends on (the runtime before its providers). A package already there is
skipped, so running publish again publishes nothing and exits 0. npm does the
work with its own configuration (registry, scoped registries, tokens).

Before anything is uploaded (a dry run too), every package must install from
the registry it goes to: each dependency a workspace package published first
or a version the registry has, never a file: or link: path. With npm
provenance (-- --provenance, or NPM_CONFIG_PROVENANCE=true) each must name its
repository, on GitHub Actions the one the workflow runs in.

  --registry <url>   the registry to ask and publish to (default: npm's)
  --dry-run          say what would be published; upload nothing
  --tag <tag>        the dist-tag to publish under (default: latest for a
                     release; a prerelease goes to its identifier's tag,
                     1.0.0-beta.2 to beta, 1.0.0-0 to next)
  -- <options>       passed to each npm publish, e.g. -- --access public

stdout lists each package published (name@version), one a line.

Exit status: 0 done (nothing left to publish), 1 a package refused by the
registry (named with npm's reason) or the registry not answering, 2 usage
error or a package that cannot go as it is (named with the dependency or
field; nothing is uploaded), 70 internal error (a bug: please report it),
${INTERRUPTED} (what was published stays; run publish again).`;

export async function run(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, {
    registry: { type: "string" },
    "dry-run": { type: "boolean" },
    tag: { type: "string" },
  });
  const registry = registryOption(stringOption(args, "registry"));
  const tag = tagOption(stringOption(args, "tag"));
  const dryRun = args.values["dry-run"] === true;
  // Everything after `--` is npm's; nothing before it is positional.
  const dashes = argv.indexOf("--");
  const npmArgs = dashes < 0 ? [] : argv.slice(dashes + 1);
  if (args.positionals.length > npmArgs.length)
    throw new UsageError(
      "BW3002",
      `unexpected argument ${JSON.stringify(args.positionals[0])} (options for npm publish go after --)`,
    );

  const { workspacePackages, dependencyOrder, WorkspaceProblem } = await import("../publish/workspaces.js");
  let packages: WorkspacePackage[];
  try {
    packages = dependencyOrder(await workspacePackages(io.cwd));
  } catch (e) {
    if (e instanceof WorkspaceProblem) throw new UsageError("BW3010", e.message);
    throw e;
  }
  const controller = new AbortController();
  void io.interrupted.then((signal) => controller.abort(new Interrupted(signal)));
  const npm: NpmOptions = { cwd: io.cwd, env: io.env, ...(registry ? { registry } : {}), signal: controller.signal };
  const name = dryRun ? "publish --dry-run" : "publish";
  try {
    return await publishAll(packages, npm, { name, dryRun, npmArgs, ...(tag ? { tag } : {}) }, io);
  } catch (e) {
    if (!(e instanceof Interrupted)) throw e;
    io.stderr.write(
      `${name}: interrupted: what was published stays; run publish again (it skips what the registry has)\n`,
    );
    return interruptedStatus(e.signal);
  }
}

class Interrupted extends Error {
  constructor(readonly signal: unknown) {
    super("interrupted");
  }
}

interface Plan {
  name: string;
  dryRun: boolean;
  tag?: string;
  npmArgs: string[];
}

async function publishAll(all: WorkspacePackage[], npm: NpmOptions, plan: Plan, io: CliIo): Promise<number> {
  const { publishedVersions, workspaceVersions, NpmFailure } = await import("../publish/npm.js");
  const { say, tell } = voices(plan, io);
  const packages = all.filter((p) => !p.private);
  const privates = all.length - packages.length;
  say(
    `${packages.length} workspace package${packages.length === 1 ? "" : "s"}` +
      `${privates ? ` (and ${privates} private, never published)` : ""}; asking ` +
      `${npm.registry ? withheld(npm.registry) : "the registry"} which versions it has…`,
  );

  // Which versions the registry has: all asked before anything is published, by one npm for all; what its
  // answer leaves unsettled, a package at a time (a few at once), so that a failure names its package.
  const versions = new Map<WorkspacePackage, string[]>();
  const batch = await workspaceVersions(packages, npm);
  for (const p of packages) if (batch.has(p.name)) versions.set(p, batch.get(p.name) as string[]);
  await eachLimited(
    packages.filter((p) => !versions.has(p)),
    4,
    async (p) => {
      try {
        versions.set(p, await publishedVersions(p.name, npm));
      } catch (e) {
        if (!(e instanceof NpmFailure)) throw e;
        throw new CommandFailure(
          `${plan.name}: cannot tell which versions of ${p.name} the registry has, so nothing was published: ` +
            `${e.message}\n`,
          1,
        );
      }
    },
  );

  const pending = packages.filter((p) => !versions.get(p)?.includes(p.version));
  const there = packages.length - pending.length;
  if (there)
    say(
      `${there} on the registry already: ${packages
        .filter((p) => !pending.includes(p))
        .map(id)
        .join(", ")}`,
    );
  await preflight(packages, pending, npm, plan, io);
  const { published, failed } = await upload(all, pending, npm, plan, io);
  const counts = [
    `${published} ${plan.dryRun ? "would be published" : "published"}`,
    `${there} on the registry already`,
    ...(failed ? [`${failed} not published`] : []),
  ];
  (failed ? tell : say)(
    `${counts.join(", ")}${plan.dryRun ? "; nothing was uploaded" : ""}` +
      `${failed ? "; run publish again once fixed (it skips what the registry has)" : ""}`,
  );
  return failed ? 1 : 0;
}

/** Progress lines (`say`, silenced by -q) and the lines about a failure (`tell`), each after the command's name. */
function voices(plan: Plan, io: CliIo) {
  return {
    say: (line: string) => progressOf(io).write(`${plan.name}: ${line}\n`),
    tell: (line: string) => io.stderr.write(`${plan.name}: ${line}\n`),
  };
}

/**
 * Publish `pending` (in dependency order; `all` the project's workspace packages), each after those it depends on and
 * none whose dependency was not: several to one npm where they go alike (batches.ts), and what its answer leaves
 * unsettled alone. How many were published and how many not.
 */
async function upload(
  all: WorkspacePackage[],
  pending: WorkspacePackage[],
  npm: NpmOptions,
  plan: Plan,
  io: CliIo,
): Promise<{ published: number; failed: number }> {
  const { publishPackage, publishWorkspaces, NpmFailure } = await import("../publish/npm.js");
  const { defaultDistTag } = await import("../publish/dist-tag.js");
  const { nextBatch, distinctWorkspaces } = await import("../publish/batches.js");
  const { say, tell } = voices(plan, io);
  let published = 0;
  const failed = new Map<string, string>();
  const tagOf = (p: WorkspacePackage) => plan.tag ?? defaultDistTag(p.version);
  const done = (p: WorkspacePackage, registry: string | undefined) => {
    const tag = tagOf(p);
    published++;
    io.stdout.write(`${id(p)}\n`);
    say(
      `${id(p)} ${plan.dryRun ? "would be published" : "published"}${registry ? ` to ${registry}` : ""}` +
        `${tag ? ` (tag ${tag})` : ""}`,
    );
  };
  const refuse = (p: WorkspacePackage, reason: string) => {
    failed.set(p.name, reason);
    tell(`${id(p)} ${reason}`);
  };
  const missingOf = (p: WorkspacePackage) => p.dependsOn.find((d) => failed.has(d));
  const batching = distinctWorkspaces(all);
  const alone = new Set<WorkspacePackage>();
  const queue = [...pending];
  while (queue.length) {
    const p = queue[0] as WorkspacePackage;
    const missing = missingOf(p);
    if (missing) {
      queue.shift();
      refuse(p, `not published: it depends on ${missing}, which was not`);
      continue;
    }
    const batch = batching && !alone.has(p) ? nextBatch(queue, tagOf, (q) => !alone.has(q) && !missingOf(q)) : [p];
    queue.splice(0, batch.length);
    const tag = tagOf(p);
    const options = { ...npm, dryRun: plan.dryRun, npmArgs: plan.npmArgs, ...(tag ? { tag } : {}) };
    if (batch.length === 1) {
      try {
        done(p, (await publishPackage(`./${p.dir}`, options)).registry);
      } catch (e) {
        if (!(e instanceof NpmFailure)) throw e;
        refuse(p, `refused: ${e.message}`);
      }
      continue;
    }
    const { published: went, refused } = await publishWorkspaces(batch, options);
    for (const q of batch) if (went.has(q.name)) done(q, went.get(q.name)?.registry);
    const stopped = batch.find((q) => q.name === refused?.name);
    if (stopped && refused) refuse(stopped, `refused: ${refused.failure.message}`);
    const unsettled = batch.filter((q) => !went.has(q.name) && q !== stopped);
    // After a refusal, npm did not try the rest: they may go together again. Otherwise its answer did not tell.
    if (!stopped) for (const q of unsettled) alone.add(q);
    queue.unshift(...unsettled);
  }
  return { published, failed: failed.size };
}

const id = (p: WorkspacePackage) => `${p.name}@${p.version}`;

/**
 * Refuses the run, exit 2, before any upload, while a package to publish could not be installed from the registry or
 * npm would refuse its provenance.
 */
async function preflight(
  packages: WorkspacePackage[],
  pending: WorkspacePackage[],
  npm: NpmOptions,
  plan: Plan,
  io: CliIo,
): Promise<void> {
  if (!pending.length) return;
  const { unresolvableDependencies, provenanceRequested, provenanceProblems } = await import("../publish/preflight.js");
  const { publishedVersions, NpmFailure } = await import("../publish/npm.js");
  const { withCode } = await import("../common/problem-codes.js");
  const going = new Map(packages.map((p) => [p.name, p.version]));
  const versionsOf = async (names: string[]) => {
    const found = new Map<string, string[]>();
    await eachLimited(names, 4, async (name) => {
      try {
        found.set(name, await publishedVersions(name, npm));
      } catch (e) {
        if (!(e instanceof NpmFailure)) throw e;
        throw new CommandFailure(
          `${plan.name}: cannot tell which versions of ${name} the registry has, so nothing was published: ` +
            `${e.message}\n`,
          1,
        );
      }
    });
    return found;
  };
  const problems = [
    ...(provenanceRequested(plan.npmArgs, io.env) ? provenanceProblems(pending, io.env) : []),
    ...(await unresolvableDependencies(
      pending,
      going,
      versionsOf,
      npm.registry ? withheld(npm.registry) : "the registry",
    )),
  ];
  if (!problems.length) return;
  const lines = problems.map(
    (p) => `  ${withCode(p.kind === "dependency" ? "BW3013" : "BW3014", `${p.package} ${p.reason}`)}`,
  );
  const count = new Set(problems.map((p) => p.package)).size;
  throw new CommandFailure(
    `${plan.name}: nothing was ${plan.dryRun ? "uploaded" : "published"}: ${count} ` +
      `package${count === 1 ? "" : "s"} cannot go as ${count === 1 ? "it is" : "they are"}:\n${lines.join("\n")}\n`,
    2,
  );
}

/** Run `work` on every item, at most `limit` at once; the first failure is thrown once all started ones end. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  const lanes = await Promise.allSettled(Array.from({ length: Math.min(limit, items.length) }, lane));
  for (const l of lanes) if (l.status === "rejected") throw l.reason;
}

/** --registry: an http(s) address, shown without any user or password it carries. */
function registryOption(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(
      "BW3003",
      `--registry takes an http or https address such as https://registry.example.com/, ` +
        `got ${JSON.stringify(withheld(value))}`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new UsageError("BW3003", `--registry takes an http or https address, got ${JSON.stringify(withheld(value))}`);
  return value;
}

/**
 * --tag: a dist-tag npm takes: letters, digits, `.`, `_`, `-`, starting with a letter, and no version (npm refuses
 * `v1`, a range).
 */
function tagOption(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!/^[A-Za-z][A-Za-z0-9._-]*$/.test(value) || /^v\d/i.test(value)) {
    throw new UsageError(
      "BW3003",
      `--tag takes a dist-tag such as next or beta (a letter, then letters, digits, ".", "_" or "-"; ` +
        `not a version like v1), got ${JSON.stringify(value)}`,
    );
  }
  return value;
}
