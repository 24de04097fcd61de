// `blockwright generate [--check] [--provider p]... [--dump-ir] [--force] [--json] [--specs dir] [--out dir] [--scope
// @s]`
import { join, relative } from "node:path";
import type { FileText } from "../emit/file-text.js";
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
import { PROBLEM_JSON_HELP, type ProblemJson, problemJson } from "./support/problem-json.js";
import { shownWarnings } from "./support/shown/shown-warnings.js";
import { type Target, TARGETS } from "../emit/platforms/target-names.js";
import type { GenerateResult } from "../emit/generate-all.js";

export const USAGE = `Usage: blockwright generate [--check] [--provider <id>]... \
[--dump-ir] [--force] [--json] [--specs <dir>] [--out <dir>] [--scope <@scope>] [--target packages|n8n|sim]

Generate one npm package per provider, <out>/<provider>/, from
<specs>/<provider>/{manifest.yaml,openapi.yaml}: one module, index.js with
index.d.ts (tools, block, client, executeTool, the spec's types), its
CommonJS entry (index.cjs, index.d.cts), the agent-framework subpaths, plus
surface.json, package.json, README.md, and LICENSE when the project has one.
With --target n8n or sim, a workflow platform's files for each provider
instead, which call the provider's package (its version is read from
./generated): an n8n community node package (<scope>/n8n-nodes-<provider>;
package.json needs an "author" with an email), or Sim's tool and block files
laid out as apps/sim/ (docs/guides/n8n.md, docs/guides/sim.md).
Files it no longer generates are removed; files it did not write are never
replaced or removed (the output folder's .blockwright-stamp.json records
what it wrote), and an output folder that is a project is refused.

  --check           write nothing; show what is stale (a unified diff of each
                    stale file), missing or extra
  --provider <id>   only this provider's package (repeatable; not with --check)
  --dump-ir         print the intermediate representation as JSON and exit
  --force           replace or remove files in the output folder even when
                    nothing shows that an earlier generation wrote them
  --json            print the result as JSON on stdout: {ok, written or, with
                    --check, upToDate; stale, missing, extra: [paths];
                    problems: [${PROBLEM_JSON_HELP}]; once the specs link,
                    warnings: [each warning's text, all of them]}
  --specs <dir>     the specs folder (default ./specs)
  --out <dir>       the output folder (default ./generated)
  --scope <@scope>  npm scope of the packages (default: package.json
                    blockwright.scope, else @blockwright)
  --target <t>      packages (default), n8n or sim; --out then defaults to
                    ./generated-n8n or ./generated-sim

Progress goes to stderr. Ctrl-C or SIGTERM stops it at once: every file is
written whole (write, then rename), and the stamp only after the last one.
In a large document's longest steps the signal ends the process itself;
what it had staged, the next generate removes.

Exit status: 0 done (or up to date), 1 --check found stale files,
2 invalid specs or usage error, 70 internal error (a bug: please report it),
${INTERRUPTED}.`;

/** Lines of unified diff shown per stale file, and files shown, before the rest is counted. */
const DIFF_LINES = 40;
const DIFF_FILES = 10;

/** The options generate takes. */
const OPTIONS = {
  ...PROJECT_OPTIONS,
  check: { type: "boolean" },
  "dump-ir": { type: "boolean" },
  force: { type: "boolean" },
  json: { type: "boolean" },
  provider: { type: "string", multiple: true },
  scope: { type: "string" },
  target: { type: "string" },
} as const satisfies Options;

export async function run(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, OPTIONS);
  if (args.positionals.length)
    throw new UsageError("BW3002", `unexpected argument ${JSON.stringify(args.positionals[0])}`);
  const check = args.values.check === true;
  const json = args.values.json === true;
  if (json && args.values["dump-ir"])
    throw new UsageError("BW3004", "--dump-ir prints JSON already; it does not take --json");
  const providers = listOption(args, "provider");
  if (check && providers.length)
    throw new UsageError("BW3004", "--check compares the whole output folder, so it does not take --provider");
  const scope = scopeOption(args);
  const target = await targetOption(args);
  const dirs = projectDirs(args, io.cwd);
  if (target !== "packages" && stringOption(args, "out") === undefined) dirs.out = join(io.cwd, `generated-${target}`);

  const known = await projectProviders(dirs.specs, io.cwd, providers);
  const out = relative(io.cwd, dirs.out) || ".";
  const writes = !check && !args.values["dump-ir"];
  const { checkIsFolder, checkOutputFolder } = await import("../emit/write.js");
  const shownOut = stringOption(args, "out") ?? out;
  await fromOutput("generate", () =>
    writes
      ? checkOutputFolder(dirs.out, { root: io.cwd, specsDir: dirs.specs }, shownOut)
      : checkIsFolder(dirs.out, shownOut),
  );

  const started = performance.now();
  const optionsKey = JSON.stringify({ scope: scope ?? null, ...(target !== "packages" ? { target } : {}) });
  // Nothing changed since the last generation: answer from the stamp, without loading the generator.
  // (The hash is taken once: a generation that follows records it in the new stamp.)
  let inputs: { inputs: string; shared: string } | undefined;
  if (!args.values["dump-ir"] && !providers.length && !(await manifestOverLimit(dirs.specs, known))) {
    const { inputHashes, upToDate } = await import("../emit/stamp.js");
    inputs = inputHashes(io.cwd, dirs.specs, optionsKey);
    const same = upToDate(io.cwd, dirs.out, inputs.inputs);
    if (same) {
      if (json)
        printJson(io, {
          ok: true,
          ...(check ? { upToDate: true } : { written: 0 }),
          stale: [],
          missing: [],
          extra: [],
          problems: [],
          warnings: same.warnings,
        });
      io.stderr.write(
        `generate${check ? " --check" : ""}: ${relative(io.cwd, dirs.out) || "."}/ is up to date (its stamp ` +
          `matches every input and output; ${Math.round(performance.now() - started)} ms)\n`,
      );
      return 0;
    }
  }
  const { startBatch, stoppedByUser } = await import("./support/batch.js");
  const batch = startBatch(io, "generate");
  try {
    return await generateAll({ args, io, dirs, out, check, json, providers, scope, target, inputs, started, batch });
  } catch (e) {
    const code = stoppedByUser(
      batch,
      e,
      io,
      "generate",
      "no file is half-written, and the stamp is as it was, so the next generate finishes the job",
    );
    if (code === undefined) throw e;
    return code;
  } finally {
    // A failure in the middle of a large document's step leaves no handler set aside.
    io.stretch?.leave();
  }
}

/**
 * Whether a provider's manifest is over its size limit, by its size alone. The generation then refuses it without
 * reading it (readSourceText: its file, the limit and its size), so the stamp is not consulted: its hash would read the
 * whole file first (129 MiB read and hashed for 0.5 s of CPU, to refuse it after).
 */
async function manifestOverLimit(specs: string, providers: readonly string[]): Promise<boolean> {
  const { statSync } = await import("node:fs");
  const { INPUT_LIMITS } = await import("../load/input-file.js");
  return providers.some(
    (p) =>
      (statSync(join(specs, p, "manifest.yaml"), { throwIfNoEntry: false })?.size ?? 0) > INPUT_LIMITS.manifest.bytes,
  );
}

interface Generation {
  args: Parsed;
  io: CliIo;
  dirs: { specs: string; out: string };
  /** The output folder as messages show it. */
  out: string;
  check: boolean;
  /** --json: the result on stdout, and the specs' problems there too. */
  json: boolean;
  providers: string[];
  scope: string | undefined;
  target: Target;
  /**
   * The inputs' hash for the new stamp, and that of the inputs every provider shares, which lets unchanged providers
   * stand (not with --provider or --dump-ir).
   */
  inputs: { inputs: string; shared: string } | undefined;
  started: number;
  batch: Batch;
}

async function generateAll({
  args,
  io,
  dirs,
  out,
  check,
  json,
  providers,
  scope,
  target,
  inputs,
  started,
  batch,
}: Generation): Promise<number> {
  const { generate, GenerationErrors } = await import("../emit/generate-all.js");
  // A write begins as each package is made (staged beside its place, renamed into place once every check has passed):
  // not with --check or --dump-ir, which write nothing. With --provider, only that provider's own package is written;
  // the index (which lists every provider) is left as it is.
  const staged = check || args.values["dump-ir"] ? undefined : await stagedWrite(dirs.out, out, providers, args, batch);
  const generation = () =>
    generate({
      root: io.cwd,
      specsDir: dirs.specs,
      outDir: dirs.out,
      ...(providers.length ? { providers } : {}),
      ...(scope ? { scope } : {}),
      target,
      ...(inputs ? { shared: inputs.shared } : {}),
      ...(staged ? { onFile: staged.onFile, onKept: staged.onKept } : {}),
      irs: Boolean(args.values["dump-ir"]),
      signal: batch.signal,
      onProvider: batch.onProvider,
      onStep: batch.onStep,
    });
  let result: Awaited<ReturnType<typeof generation>>;
  try {
    result = json ? await generation() : await fromSpecs("generate", generation);
  } catch (e) {
    staged?.write.discard();
    if (!(json && e instanceof GenerationErrors)) throw e;
    batch.end();
    printJson(io, {
      ok: false,
      stale: [],
      missing: [],
      extra: [],
      problems: e.errors.map((x) => problemJson(x.position, x.code, x.detail)),
    });
    io.stderr.write(`generate: ${e.errors.length} problem${e.errors.length > 1 ? "s" : ""} in the specs\n`);
    return 2;
  }
  batch.end();
  for (const warning of shownWarnings(result.warnings)) io.stderr.write(`generate: warning: ${warning}\n`);
  if (args.values["dump-ir"]) {
    io.stdout.write(`${JSON.stringify(result.irs, null, 2)}\n`);
    return 0;
  }
  const ms = Math.round(performance.now() - started);
  if (!staged) return checkGenerated(io, dirs.out, out, json, result, ms);
  const report = await fromOutput("generate", () => staged.write.commit());
  const files = staged.write.hashes;
  if (inputs !== undefined) await writeStamp(io.cwd, dirs, files, inputs, result);
  const changed = report.stale.length + report.missing.length + report.extra.length;
  if (json)
    printJson(io, {
      ok: true,
      written: report.stale.length + report.missing.length,
      stale: report.stale,
      missing: report.missing,
      extra: report.extra,
      problems: [],
      warnings: result.warnings,
    });
  const operations = result.summaries.reduce((n, s) => n + s.tools.length, 0);
  const kept = result.kept.length ? ` (${result.kept.length} unchanged since the stamp: read back, not linked)` : "";
  io.stderr.write(
    `generate: ${count(result.summaries.length, "provider")}${kept}, ${count(operations, "operation")}, ` +
      `${count(files.size, "file")}, ${changed} changed (${ms} ms)\n`,
  );
  return 0;
}

/**
 * The write of a generation, begun as the files are made (staged-write.ts); with --provider, it takes only those
 * providers' files.
 */
async function stagedWrite(outDir: string, shown: string, providers: string[], args: Parsed, batch: Batch) {
  const { StagedWrite } = await import("../emit/staged-write.js");
  const write = new StagedWrite(outDir, {
    ...(providers.length ? { within: providers } : {}),
    force: args.values.force === true,
    shown,
    signal: batch.signal,
  });
  const within = (path: string) => !providers.length || providers.some((p) => path.startsWith(`${p}/`));
  const onFile = (path: string, text: FileText) => {
    if (within(path)) write.add(path, text);
  };
  const onKept = (path: string, hash: string, text: () => string) => {
    if (within(path)) write.kept(path, hash, text);
  };
  return { write, onFile, onKept };
}

/**
 * The new stamp: every output's hash, the files read outside the specs folder, and each provider's entry (the packages'
 * generation gives them).
 */
async function writeStamp(
  root: string,
  dirs: { specs: string; out: string },
  hashes: ReadonlyMap<string, string>,
  { inputs, shared }: { inputs: string; shared: string },
  { entries, read: inputsRead }: Pick<GenerateResult, "entries" | "read">,
): Promise<void> {
  const { readOutside, stampOf, STAMP_FILE } = await import("../emit/stamp.js");
  const { writeWhole } = await import("../common/files.js");
  const read: Record<string, string> = entries
    ? Object.assign({}, ...Object.values(entries).map((p) => p.read))
    : inputsRead;
  writeWhole(
    join(dirs.out, STAMP_FILE),
    stampOf(hashes, inputs, readOutside(root, dirs.specs, read), entries && { shared, providers: entries }),
  );
}

/**
 * --check: 0 when the output folder holds what generation would write; else 1, naming each stale, missing or extra
 * file, with a capped unified diff of the first stale ones.
 */
async function checkGenerated(
  io: CliIo,
  outDir: string,
  out: string,
  json: boolean,
  { files, warnings }: Pick<GenerateResult, "files" | "warnings">,
  ms: number,
): Promise<number> {
  const { checkFiles } = await import("../emit/write.js");
  const report = checkFiles(outDir, files);
  const count = report.stale.length + report.missing.length + report.extra.length;
  if (json)
    printJson(io, {
      ok: !count,
      upToDate: !count,
      stale: report.stale,
      missing: report.missing,
      extra: report.extra,
      problems: [],
      warnings,
    });
  if (!count) {
    io.stderr.write(`generate --check: ${files.size} files up to date (${ms} ms)\n`);
    return 0;
  }
  const { staleDiff } = await import("../emit/stale-diff.js");
  const { entryOf } = await import("@blockwright/runtime/internal/generate");
  const lines = [
    `generate --check: ${out}/ is out of date (run blockwright generate):`,
    ...report.stale.map((f) => `  stale:   ${out}/${f}${report.blocked?.[f] ? ` (${report.blocked[f]})` : ""}`),
    ...report.missing.map((f) => `  missing: ${out}/${f}`),
    ...report.extra.map((f) => `  extra:   ${out}/${f}`),
    "",
    ...report.stale
      .filter((f) => !report.blocked?.[f])
      .slice(0, DIFF_FILES)
      .map((f) => staleDiff(outDir, f, entryOf(files, f), `${out}/${f}`, DIFF_LINES)),
    ...(report.stale.length > DIFF_FILES
      ? [`(diffs of ${report.stale.length - DIFF_FILES} more stale files not shown)`]
      : []),
  ];
  io.stderr.write(`${lines.join("\n")}\n`);
  return 1;
}

/** --target: what to write (the packages unless named). */
async function targetOption(args: Parsed): Promise<Target> {
  const value = stringOption(args, "target") ?? "packages";
  if (!(TARGETS as readonly string[]).includes(value))
    throw new UsageError("BW3003", `--target takes ${TARGETS.join(", ")}, got ${JSON.stringify(value)}`);
  return value as Target;
}

/** The machine-readable result of --json (paths relative to the output folder). */
interface GenerateJson {
  ok: boolean;
  /** Files written (stale or missing before), without --check. */
  written?: number;
  /** With --check: whether nothing is stale, missing or extra. */
  upToDate?: boolean;
  stale: string[];
  missing: string[];
  extra: string[];
  problems: ProblemJson[];
  /** Once the specs link: every warning, as printed but none counted apart (shown-warnings.ts). */
  warnings?: string[];
}

function printJson(io: CliIo, result: GenerateJson): void {
  io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}

/** `1 provider`, `2 providers`. */
function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}
