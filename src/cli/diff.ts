// `blockwright diff [--base <ref> | --base-dir <dir>] [--workflows <glob>]... [--fail-on breaking|minor|patch]
// [--format text|json|markdown|github] [--write [--force]]`
import { join, relative, resolve } from "node:path";
import type { Change } from "../changes/classify.js";
import type { PackageDiff } from "../changes/report.js";
import type { Surface } from "../changes/surface.js";
import type { SourcePosition } from "../load/yaml-source.js";
import type { Batch } from "./support/batch.js";
import {
  listOption,
  parseArgs,
  type Parsed,
  PROJECT_OPTIONS,
  projectDirs,
  projectProviders,
  scopeOption,
  stringOption,
  type Options,
} from "./support/args.js";
import { fromOutput, fromSpecs, INTERRUPTED, UsageError, type CliIo } from "./support/io.js";

export const USAGE = `Usage: blockwright diff [--base <git ref> | --base-dir <dir>] [--workflows <glob>]... \
[--fail-on breaking|minor|patch] [--format <f>] [--write [--force]] [--specs <dir>] [--out <dir>] [--scope <@scope>]

Compare the surface of every provider package as the specs give it now with
a base: what block users and package consumers would see change, whether it
breaks them, and the version each package must take.

  --base <ref>        the git ref whose committed <out>/*/surface.json is the
                      base (default HEAD)
  --base-dir <dir>    an output folder to compare with instead
  --workflows <glob>  also list every place in these workflow files that the
                      change breaks, as file:line:col (repeatable): what the
                      workflow validator now refuses; inside a json
                      parameter, a field or value a block sends that is no
                      longer accepted, or an object it sends without a field
                      now required; a reference to an output place now
                      removed, retyped, optional, nullable or in another
                      shape; and (to look at) a reference to an output that
                      may now hold a new enum value
  --fail-on <level>   exit 1 when a change is at least this level (an
                      accepted change never counts)
  --format <f>        the report on stdout: text (default), json, markdown (a
                      pull-request comment or job summary: packages, next
                      versions, changes, workflow lines hit), github (an
                      annotation per change at the manifest line that
                      declares it: an error at or above --fail-on, else a
                      warning if breaking, a notice otherwise; paths from
                      $GITHUB_WORKSPACE when set), junit (a suite per
                      package, a case per change, failed at or above
                      --fail-on, default breaking) or html (one offline page)
  --json              the same as --format json
  --write             bump each changed package's version, add a CHANGELOG.md
                      section, and regenerate its files (as generate does:
                      files it did not write are left alone)
  --force             with --write: replace or remove files in the output
                      folder even when nothing shows generate wrote them
  --specs <dir>       the specs folder (default ./specs)
  --out <dir>         the generated packages (default ./generated)
  --scope <@scope>    npm scope of the packages, as given to generate (default:
                      package.json blockwright.scope, else @blockwright)

The gate's policy is .blockwright/accepted-changes.yaml (schema:
specs/accepted-changes.schema.json): under accepted, changes a reviewer
accepted, each by the id the reports print (<provider>/<tool>/<kind>/
<subject>) with a reason and the last day it holds (expires: YYYY-MM-DD);
until then the change is reported as accepted, a warning, and never fails
--fail-on (a workflow line it breaks still does). An expired entry, or one
matching no change, is reported at its line. Under severities, a kind id
and the severity every change of that kind takes instead (breaking,
non-breaking or informational): it sets the gate and the next version.

Every change has a kind id (the ids upstream gives where they meet, such as
request-property-removed) and a severity, listed breaking first in every
format. Rules: breaking — a tool, parameter or output removed; a new
required parameter; a type changed; an accepted enum value removed; a limit
tightened or added; a default changed; auth placement changed; an output
that may be null; inside a json parameter, a field no longer accepted or
newly required. minor (non-breaking) — a new tool, optional parameter or
output; an enum value accepted; a limit loosened; an enum value added to an
output (workflows reading it are named). patch (informational) — text, wire
placement, declared error statuses.

Exit status: 0 done (nothing at or above --fail-on), 1 a change at or above
--fail-on, 2 invalid specs or usage error, 70 internal error (a bug: please
report it), ${INTERRUPTED} (with --write, every file is written whole or
not at all).`;

const LEVELS = ["breaking", "minor", "patch"] as const;
export const FORMATS = ["text", "json", "markdown", "github", "junit", "html"] as const;

/** --format, or json for --json; both at once must agree. */
function formatOption(args: Parsed): (typeof FORMATS)[number] {
  const format = stringOption(args, "format");
  if (format !== undefined && !(FORMATS as readonly string[]).includes(format))
    throw new UsageError("BW3003", `--format takes ${FORMATS.join(", ")}, got ${JSON.stringify(format)}`);
  if (args.values.json && format !== undefined && format !== "json")
    throw new UsageError("BW3004", `--json is --format json: it does not go with --format ${format}`);
  return args.values.json ? "json" : ((format ?? "text") as (typeof FORMATS)[number]);
}

/** The options diff takes. */
const OPTIONS = {
  ...PROJECT_OPTIONS,
  base: { type: "string" },
  "base-dir": { type: "string" },
  workflows: { type: "string", multiple: true },
  "fail-on": { type: "string" },
  format: { type: "string" },
  json: { type: "boolean" },
  write: { type: "boolean" },
  force: { type: "boolean" },
  scope: { type: "string" },
} as const satisfies Options;

export async function run(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, OPTIONS);
  if (args.positionals.length)
    throw new UsageError("BW3002", `unexpected argument ${JSON.stringify(args.positionals[0])}`);
  const failOn = stringOption(args, "fail-on");
  if (failOn !== undefined && !(LEVELS as readonly string[]).includes(failOn))
    throw new UsageError("BW3003", `--fail-on takes breaking, minor or patch, got ${JSON.stringify(failOn)}`);
  const baseRef = stringOption(args, "base");
  const baseDir = stringOption(args, "base-dir");
  if (baseRef !== undefined && baseDir !== undefined)
    throw new UsageError("BW3004", "choose one of --base and --base-dir");
  if (args.values.force && !args.values.write) throw new UsageError("BW3004", "--force goes with --write");
  formatOption(args);
  const dirs = projectDirs(args, io.cwd);
  const scope = scopeOption(args);
  await projectProviders(dirs.specs, io.cwd, []);
  const out = relative(io.cwd, dirs.out) || ".";
  if (args.values.write) {
    const { checkOutputFolder } = await import("../emit/write.js");
    await fromOutput("diff --write", () =>
      checkOutputFolder(dirs.out, { root: io.cwd, specsDir: dirs.specs }, stringOption(args, "out") ?? out),
    );
  }
  const { startBatch, stoppedByUser } = await import("./support/batch.js");
  const batch = startBatch(io, "diff");
  try {
    return await diffWith(args, io, dirs, out, scope, failOn, batch);
  } catch (e) {
    const code = stoppedByUser(
      batch,
      e,
      io,
      "diff",
      args.values.write ? "no file is half-written; run diff --write again" : "no report",
    );
    if (code === undefined) throw e;
    return code;
  } finally {
    // A failure in the middle of a large document's step leaves no handler set aside.
    io.stretch?.leave();
  }
}

/** The surfaces diff compares against: those at --base (a git ref, HEAD by default) or in --base-dir. */
async function baseSurfaces(args: Parsed, io: CliIo, out: string): Promise<Map<string, Surface>> {
  const baseDir = stringOption(args, "base-dir");
  const { surfacesAtRef, surfacesInDir, BaseUnavailable } = await import("../changes/base.js");
  try {
    return baseDir !== undefined
      ? surfacesInDir(resolve(io.cwd, baseDir))
      : surfacesAtRef(out, stringOption(args, "base") ?? "HEAD");
  } catch (e) {
    if (e instanceof BaseUnavailable) throw new UsageError("BW3011", e.message);
    throw e;
  }
}

/** The project's gate policy (.blockwright/accepted-changes.yaml), if it has one; a broken one is a usage error. */
async function gatePolicy(io: CliIo) {
  const { readGatePolicy, GatePolicyError } = await import("../changes/gate-policy.js");
  const { SourceError } = await import("../load/yaml-source.js");
  try {
    return readGatePolicy(io.cwd);
  } catch (e) {
    if (e instanceof GatePolicyError || e instanceof SourceError)
      throw new UsageError(e instanceof SourceError ? e.code : (e.problems[0]?.code ?? "BW1101"), e.message);
    throw e;
  }
}

async function diffWith(
  args: Parsed,
  io: CliIo,
  dirs: { specs: string; out: string },
  out: string,
  scope: string | undefined,
  failOn: string | undefined,
  batch: Batch,
): Promise<number> {
  const { projectSurfaces } = await import("../emit/generate-all.js");
  const head = await fromSpecs("diff", () =>
    projectSurfaces({
      root: io.cwd,
      specsDir: dirs.specs,
      outDir: dirs.out,
      ...(scope ? { scope } : {}),
      signal: batch.signal,
      onProvider: batch.onProvider,
      onStep: batch.onStep,
    }),
  );
  batch.end();
  const base = await baseSurfaces(args, io, dirs.out);

  const { diffSurfaces, atLeast } = await import("../changes/classify.js");
  const { defined } = await import("@blockwright/runtime/internal");
  const { packageDiff, textReport, markdownReport, githubAnnotations } = await import("../changes/report.js");
  const providers = [...new Set([...base.keys(), ...head.keys()])].sort();
  // The project's gate policy (accepted changes, severities per kind) applies before versions are chosen: an override
  // moves them.
  const { applyGatePolicy, changeId } = await import("../changes/gate-policy.js");
  const { formatPosition } = await import("../load/yaml-source.js");
  const policy = await gatePolicy(io);
  const changesOf = providers.map((p) => diffSurfaces(base.get(p), head.get(p)));
  for (const c of changesOf.flat()) c.id = changeId(c);
  const notes = policy ? applyGatePolicy(changesOf.flat(), policy, new Date().toISOString().slice(0, 10)) : [];
  const diffs = providers.map((p, i) => {
    const before = base.get(p);
    const after = head.get(p);
    const pkg = after?.package ?? defined(before, `the surface of ${p}`).package;
    return packageDiff(p, pkg.name, before?.package.version ?? pkg.version, changesOf[i] ?? [], !before);
  });
  for (const n of notes) io.stderr.write(`${formatPosition(n.at)}: ${n.message}\n`);

  const workflows = await workflowLines(io, listOption(args, "workflows"), base, head, diffs);

  const format = formatOption(args);
  const gate = failOn ? { failOn: failOn as (typeof LEVELS)[number] } : {};
  const { manifestLocator } = await import("../load/source-place.js");
  const locate = manifestLocator(io.cwd, dirs.specs);
  if (format === "json") {
    const policyNotes = notes.map((n) => `${formatPosition(n.at)}: ${n.message}`);
    const report = {
      packages: diffs,
      ...(workflows ? { workflows } : {}),
      ...(policy ? { policy: { file: policy.file, notes: policyNotes } } : {}),
    };
    io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  } else if (format === "markdown") io.stdout.write(markdownReport(diffs, workflows));
  else if (format === "github") {
    // Paths as GitHub wants them: from the repository's root ($GITHUB_WORKSPACE), for a project in a subfolder too.
    const { inWorkspace } = await import("./support/test-reports.js");
    const file = inWorkspace(io) ?? ((f: string) => f);
    const placed = (at: SourcePosition | undefined) => (at ? { ...at, file: file(at.file) } : undefined);
    io.stdout.write(
      githubAnnotations(
        diffs,
        workflows?.map((w) => ({ ...w, file: file(w.file) })),
        { locate: (p, path) => placed(locate(p, path)), ...gate },
        notes.map((n) => ({ ...n, at: { ...n.at, file: file(n.at.file) } })),
      ),
    );
  } else if (format === "junit" || format === "html") {
    const { diffJunit, diffHtml } = await import("../changes/report-files.js");
    const { changePlace } = await import("../changes/report.js");
    const where = (d: PackageDiff, c: Change) => {
      const at = locate(d.provider, changePlace(c));
      return at ? formatPosition(at) : undefined;
    };
    const options = { ...gate, startedAt: new Date().toISOString(), where };
    io.stdout.write(format === "junit" ? diffJunit(diffs, workflows, options) : diffHtml(diffs, workflows, options));
  } else io.stdout.write(textReport(diffs, workflows));

  if (args.values.write)
    await writeBumps(
      io,
      diffs,
      { specs: dirs.specs, outDir: dirs.out, out, scope, force: args.values.force === true },
      batch,
    );
  // An accepted change never fails the gate; a workflow line it breaks still does (the workflow is in this repository:
  // fix it).
  const failing =
    failOn !== undefined &&
    (diffs.some((d) => d.changes.some((c) => !c.accepted && atLeast(c.level, failOn as (typeof LEVELS)[number]))) ||
      (failOn === "breaking" && !!workflows?.some((w) => w.severity !== "non-breaking")));
  return failing ? 1 : 0;
}

/**
 * --workflows: each line of the workflows the changes break, what the validator finds broken and then what it cannot
 * see; undefined without --workflows.
 */
async function workflowLines(
  io: CliIo,
  patterns: string[],
  base: Map<string, Surface>,
  head: Map<string, Surface>,
  diffs: PackageDiff[],
): Promise<import("../changes/report.js").WorkflowProblem[] | undefined> {
  if (!patterns.length) return undefined;
  const { globSync } = await import("tinyglobby");
  const { readSourceText, UnreadableSource } = await import("../load/input-file.js");
  const files = globSync(patterns, { cwd: io.cwd }).sort();
  if (!files.length) throw new UsageError("BW3007", `--workflows ${patterns.join(" ")}: no files match`);
  const read = (path: string) => {
    try {
      return readSourceText(join(io.cwd, path), path);
    } catch (e) {
      throw e instanceof UnreadableSource ? new UsageError(e.code, `--workflows: ${e.message}`) : e;
    }
  };
  const { workflowImpact } = await import("../workflow/impact.js");
  const { workflowHits, withValidatorProblems } = await import("../changes/workflow-hits.js");
  const texts = files.map((path) => ({ path, text: read(path) }));
  // What the validator finds broken, then what it cannot see (fields sent inside json values, outputs read that may
  // now be absent, null, in another shape or hold new values): every reference its own line, several on one line.
  const refused = workflowImpact(texts, base.values(), head.values()).map((w) => ({
    ...w,
    severity: "breaking" as const,
  }));
  return withValidatorProblems(
    refused,
    workflowHits(
      texts,
      diffs.flatMap((d) => d.changes),
    ),
  );
}

/** --write: each changed package's version bumped, a CHANGELOG section added, and the packages generated again. */
async function writeBumps(
  io: CliIo,
  diffs: PackageDiff[],
  where: { specs: string; outDir: string; out: string; scope: string | undefined; force: boolean },
  batch: Batch,
): Promise<void> {
  const [{ writeRelease }, { changelogSection }] = await Promise.all([
    import("../changes/release.js"),
    import("../changes/report.js"),
  ]);
  const project = {
    root: io.cwd,
    specsDir: where.specs,
    outDir: where.outDir,
    ...(where.scope ? { scope: where.scope } : {}),
    signal: batch.signal,
  };
  const written = await fromOutput("diff --write", () =>
    writeRelease(diffs, project, changelogSection, {
      force: where.force,
      shown: where.out,
      signal: batch.signal,
    }),
  );
  for (const line of written) io.stderr.write(`${line}\n`);
}
