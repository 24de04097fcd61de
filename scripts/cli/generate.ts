// `blockwright generate [--check] [--provider p]... [--dump-ir] [--force] [--specs dir] [--out dir] [--scope @s]`
import { join, relative } from "node:path";
import type { Batch } from "./batch.js";
import { listOption, parseArgs, type Parsed, PROJECT_OPTIONS, projectDirs, projectProviders, scopeOption, stringOption } from "./args.js";
import { fromOutput, fromSpecs, UsageError, type CliIo } from "./io.js";

export const USAGE = `Usage: blockwright generate [--check] [--provider <id>]... [--dump-ir] [--force] [--specs <dir>] [--out <dir>] [--scope <@scope>]

Generate one npm package per provider, <out>/<provider>/, from
<specs>/<provider>/{manifest.yaml,openapi.yaml}: one module, index.js with
index.d.ts (tools, block, client, executeTool, the spec's types), plus
surface.json, package.json, README.md, and LICENSE when the project has one.
Files it no longer generates are removed; files it did not write are never
replaced or removed (the output folder's .blockwright-stamp.json records
what it wrote), and an output folder that is a project is refused.

  --check           write nothing; show what is stale (a unified diff of each
                    stale file), missing or extra
  --provider <id>   only this provider's package (repeatable; not with --check)
  --dump-ir         print the intermediate representation as JSON and exit
  --force           replace or remove files in the output folder even when
                    nothing shows that an earlier generation wrote them
  --specs <dir>     the specs folder (default ./specs)
  --out <dir>       the output folder (default ./generated)
  --scope <@scope>  npm scope of the packages (default: package.json
                    blockwright.scope, else @blockwright)

Progress goes to stderr. Ctrl-C or SIGTERM stops it at once: every file is
written whole (write, then rename), and the stamp only after the last one.

Exit status: 0 done (or up to date), 1 --check found stale files,
2 invalid specs or usage error, 130 interrupted.`;

/** Lines of unified diff shown per stale file, and files shown, before the rest is counted. */
const DIFF_LINES = 40;
const DIFF_FILES = 10;

export async function run(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, {
    ...PROJECT_OPTIONS,
    check: { type: "boolean" },
    "dump-ir": { type: "boolean" },
    force: { type: "boolean" },
    provider: { type: "string", multiple: true },
    scope: { type: "string" },
  });
  if (args.positionals.length) throw new UsageError(`unexpected argument ${JSON.stringify(args.positionals[0])}`);
  const check = args.values.check === true;
  const providers = listOption(args, "provider");
  if (check && providers.length) throw new UsageError("--check compares the whole output folder, so it does not take --provider");
  const scope = scopeOption(args);
  const dirs = projectDirs(args, io.cwd);

  await projectProviders(dirs.specs, io.cwd, providers);
  const out = relative(io.cwd, dirs.out) || ".";
  const writes = !check && !args.values["dump-ir"];
  const { checkIsFolder, checkOutputFolder } = await import("../codegen/write.js");
  const shownOut = stringOption(args, "out") ?? out;
  await fromOutput("generate", () => (writes ? checkOutputFolder(dirs.out, { root: io.cwd, specsDir: dirs.specs }, shownOut) : checkIsFolder(dirs.out, shownOut)));

  const started = performance.now();
  const optionsKey = JSON.stringify({ scope: scope ?? null });
  // Nothing changed since the last generation: answer from the stamp, without loading the generator.
  // (The hash is taken once: a generation that follows records it in the new stamp.)
  let inputs: string | undefined;
  if (!args.values["dump-ir"] && !providers.length) {
    const { inputHash, upToDate } = await import("../codegen/stamp.js");
    inputs = inputHash(io.cwd, dirs.specs, optionsKey);
    if (upToDate(io.cwd, dirs.out, inputs)) {
      io.stderr.write(`generate${check ? " --check" : ""}: ${relative(io.cwd, dirs.out) || "."}/ is up to date (its stamp matches every input and output; ${Math.round(performance.now() - started)} ms)\n`);
      return 0;
    }
  }
  const { startBatch, stoppedByUser } = await import("./batch.js");
  const batch = startBatch(io, "generate");
  try {
    return await generateAll({ args, io, dirs, out, check, providers, scope, inputs, started, batch });
  } catch (e) {
    const code = stoppedByUser(batch, e, io, "generate", "no file is half-written, and the stamp is as it was, so the next generate finishes the job");
    if (code === undefined) throw e;
    return code;
  }
}

interface Generation {
  args: Parsed;
  io: CliIo;
  dirs: { specs: string; out: string };
  /** The output folder as messages show it. */
  out: string;
  check: boolean;
  providers: string[];
  scope: string | undefined;
  /** The inputs' hash for the new stamp (not with --provider or --dump-ir). */
  inputs: string | undefined;
  started: number;
  batch: Batch;
}

async function generateAll({ args, io, dirs, out, check, providers, scope, inputs, started, batch }: Generation): Promise<number> {
  const { generate } = await import("../codegen/generate-all.js");
  const result = await fromSpecs("generate", () =>
    generate({ root: io.cwd, specsDir: dirs.specs, outDir: dirs.out, ...(providers.length ? { providers } : {}), ...(scope ? { scope } : {}), signal: batch.signal, onProvider: batch.onProvider }),
  );
  batch.end();
  for (const warning of result.warnings) io.stderr.write(`generate: warning: ${warning}\n`);
  if (args.values["dump-ir"]) {
    io.stdout.write(`${JSON.stringify(result.irs, null, 2)}\n`);
    return 0;
  }
  const { checkFiles, writeFiles } = await import("../codegen/write.js");
  const ms = Math.round(performance.now() - started);
  if (check) {
    const report = checkFiles(dirs.out, result.files);
    const count = report.stale.length + report.missing.length + report.extra.length;
    if (!count) {
      io.stderr.write(`generate --check: ${result.files.size} files up to date (${ms} ms)\n`);
      return 0;
    }
    const { staleDiff } = await import("../codegen/stale-diff.js");
    const { entryOf } = await import("@blockwright/runtime");
    const lines = [
      `generate --check: ${out}/ is out of date (run blockwright generate):`,
      ...report.stale.map((f) => `  stale:   ${out}/${f}${report.blocked?.[f] ? ` (${report.blocked[f]})` : ""}`),
      ...report.missing.map((f) => `  missing: ${out}/${f}`),
      ...report.extra.map((f) => `  extra:   ${out}/${f}`),
      "",
      ...report.stale
        .filter((f) => !report.blocked?.[f])
        .slice(0, DIFF_FILES)
        .map((f) => staleDiff(dirs.out, f, entryOf(result.files, f), `${out}/${f}`, DIFF_LINES)),
      ...(report.stale.length > DIFF_FILES ? [`(diffs of ${report.stale.length - DIFF_FILES} more stale files not shown)`] : []),
    ];
    io.stderr.write(`${lines.join("\n")}\n`);
    return 1;
  }
  // With --provider, only that provider's own package is written; the index (which lists every provider) is left as it is.
  const files = providers.length ? new Map([...result.files].filter(([path]) => providers.some((p) => path.startsWith(`${p}/`)))) : result.files;
  const report = await fromOutput("generate", () => writeFiles(dirs.out, files, { ...(providers.length ? { within: providers } : {}), force: args.values.force === true, shown: out, signal: batch.signal }));
  if (inputs !== undefined) {
    const { readOutside, stampContent, STAMP_FILE } = await import("../codegen/stamp.js");
    const { writeWhole } = await import("../codegen/files.js");
    writeWhole(join(dirs.out, STAMP_FILE), stampContent(files, inputs, readOutside(io.cwd, dirs.specs, result.inputs)));
  }
  const changed = report.stale.length + report.missing.length + report.extra.length;
  io.stderr.write(`generate: ${result.irs.length} providers, ${result.irs.reduce((n, ir) => n + ir.operations.length, 0)} operations, ${files.size} files, ${changed} changed (${ms} ms)\n`);
  return 0;
}
