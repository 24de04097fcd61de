// `npm run bench`: every speed claim of the project next to the yardstick it
// is held to, measured in the same run. Whole processes run in turn (A B A B
// …) so that a machine that slows down moves both; each figure is a median
// over the rounds, and the ratio is the median of the per-round ratios.
// CPU is what the kernel charged the whole process and its children once
// reaped (RUSAGE_CHILDREN from /proc/self/stat, as `/usr/bin/time` reports;
// without /proc, the process's own figure from usage.mjs, and the report says
// so). Peak memory is the process's own, wall time a clock around spawn and
// exit. Every row prints the commands that reproduce it. Nothing leaves loopback.
//
//   npm run bench                 all measures
//   BLOCKWRIGHT_BENCH_NODE=/path/to/node npm run bench
//                                 every measured process on that Node
//   npm run bench -- generate call
//                                 only those (generate, scale, published, verify, check, call, paging, mocks, cli,
//                                 regen, ack)
//   npm run bench -- large        only when named (minutes; likewise `tests`, the whole npm test twice: without
//                                 Vitest's module cache, then with it; and `workers`, test with 2 workers vs 1):
//                                 generate and a mock on documents of about 37 MB binding a few operations, a
//                                 synthetic one (BLOCKWRIGHT_LARGE_MIB, default 36; large-document.ts) and GitHub's
//                                 thrice, in JSON and in YAML (realistic-document.ts)
//   npm run bench -- history      upstream's change model scored on contract-tests/history (history.ts)
//   npm run bench -- regen        upstream and diff against add on the same documents: recursive unions, the
//                                 largest (regeneration.ts)
//   npm run bench -- corpus [vendor...]
//                                 corpus documents: add + generate beside openapi-typescript, then test (corpus.ts);
//                                 with `scale`, the slope over 20–200 providers in the same run
//   npm run bench -- whole [github|stripe|large]
//                                 only when named (many minutes): whole published APIs, every operation added: generate
//                                 beside openapi-typescript, test's wall time and memory, tsc --strict on a consumer,
//                                 the LLM tool list (whole-api.ts)
//   BLOCKWRIGHT_PUBLISHED=<dir> npm run bench -- published
//                                 also the whole published documents in <dir> (not committed: too large)
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import jsyaml from "js-yaml";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { fieldOf, itemAt } from "@blockwright/runtime/internal";
import { providerDirs } from "../../src/load/provider-dirs.js";
import { startMocks } from "../../src/mocks/mocks.js";
import { measureLarge } from "./large-document.js";
import { measureTestSuite } from "./test-suite.js";
import { exampleServer } from "./shared/example-server.js";
import { reapedChildrenCpu } from "./children-cpu.js";
import { type OpenApiLike, withAdditions } from "./whole-document.js";
import type { Pair, Run } from "./shared/runs.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const specs = join(root, "specs");
const usage = pathToFileURL(join(root, "scripts/bench/usage.mjs")).href;
const median = (xs: number[]) =>
  itemAt(
    [...xs].sort((a, b) => a - b),
    Math.floor(xs.length / 2),
  );
const MEASURES = [
  "generate",
  "scale",
  "published",
  "verify",
  "check",
  "call",
  "paging",
  "mocks",
  "cli",
  "regen",
  "ack",
  "large",
  "tests",
  "workers",
  "history",
  "corpus",
  "whole",
];
const only = process.argv.slice(2);
// `corpus` and `whole` take words of their own after them (vendors, documents).
const unknown = only.includes("corpus") || only.includes("whole") ? [] : only.filter((m) => !MEASURES.includes(m));
if (unknown.length) {
  console.error(
    `npm run bench: unknown measure ${unknown.map((m) => JSON.stringify(m)).join(", ")} (measures: ` +
      `${MEASURES.join(", ")})`,
  );
  process.exit(2);
}
const wanted = (name: string) => !only.length || only.includes(name);
// A score, not a speed: it prints its own table, and runs only when named.
if (only.includes("history")) console.log((await import("./history.js")).historyBench(root));
if (only.length === 1 && only[0] === "history") process.exit(0);
const tmp = mkdtempSync(join(tmpdir(), "blockwright-bench-"));

/** The Node that runs every measured process: BLOCKWRIGHT_BENCH_NODE (a path), else the bench's own. */
const NODE = process.env.BLOCKWRIGHT_BENCH_NODE ?? process.execPath;
const NODE_VERSION =
  NODE === process.execPath ? process.version : execFileSync(NODE, ["--version"], { encoding: "utf8" }).trim();

/** Which CPU figure the rows show (see the top of this file). */
const CPU_SOURCE = reapedChildrenCpu()
  ? "kernel accounting of each whole process and its children"
  : "each process's own figure at exit (no /proc here)";

/**
 * One whole process: wall time around it, CPU as the kernel accounts it once reaped, peak memory as the process reports
 * it at exit.
 */
function run(args: string[], cwd = root, env: Record<string, string> = {}, ok: readonly number[] = [0]): Promise<Run> {
  const file = join(tmp, `usage-${Math.random().toString(36).slice(2)}.jsonl`);
  return new Promise((resolve, reject) => {
    const before = reapedChildrenCpu();
    const start = performance.now();
    const child = spawn(NODE, [`--import=${usage}`, ...args], {
      cwd,
      env: { ...process.env, ...env, BENCH_USAGE_FILE: file },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let err = "";
    child.stdout.resume();
    child.stderr.on("data", (d) => (err += d));
    child.on("error", reject);
    child.on("close", (code) => {
      const wallMs = performance.now() - start;
      if (!ok.includes(code ?? -1))
        return reject(new Error(`node ${args.join(" ")} exited ${code}: ${err.slice(0, 500)}`));
      const lines = readFileSync(file, "utf8")
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as Omit<Run, "wallMs">);
      const peakMiB = Math.max(...lines.map((l) => l.peakMiB));
      // 'close' comes after the child was reaped: the kernel has added its times to ours.
      const after = reapedChildrenCpu();
      if (before && after) {
        const user = after.user - before.user;
        const system = after.system - before.system;
        return resolve({ wallMs, cpu: user + system, user, system, peakMiB });
      }
      const sum = (k: "cpu" | "user" | "system") => lines.reduce((s, l) => s + l[k], 0);
      resolve({ wallMs, cpu: sum("cpu"), user: sum("user"), system: sum("system"), peakMiB });
    });
  });
}

/** A and B in turn, `rounds` times after one warm-up each; `before` runs ahead of every A (not timed). */
async function pairs(rounds: number, a: () => Promise<Run>, b: () => Promise<Run>, before?: () => void): Promise<Pair> {
  before?.();
  await a();
  await b();
  const out: Pair = { a: [], b: [] };
  for (let i = 0; i < rounds; i++) {
    before?.();
    out.a.push(await a());
    out.b.push(await b());
  }
  return out;
}

const rows: { measure: string; ours: string; anchor: string; ratio: string; target: string; reproduce: string[] }[] =
  [];
/** Lines printed under the table: how a measure was set up where the rows cannot say it. */
const notes: string[] = [];

/**
 * Node's compile cache for our command in a generate measure: a fresh folder of this run's (NODE_COMPILE_CACHE), which
 * the measure's uncounted first runs fill, so that both builds compared start alike: neither the package's own folder,
 * warm from whatever ran before (bin/blockwright.js), nor Node's default that an older build shares with every clone
 * on the machine (docs/contributing/performance.md: 60,631 files there raised generate's system CPU run by run).
 * openapi-typescript turns none on. The environment to give our runs.
 */
function freshCompileCache(measure: string): { NODE_COMPILE_CACHE: string } {
  notes.push(
    `${measure}: ours with Node's compile cache in a fresh folder of this run's (NODE_COMPILE_CACHE), filled by ` +
      "the uncounted first runs; openapi-typescript uses none.",
  );
  return { NODE_COMPILE_CACHE: mkdtempSync(join(tmp, "compile-cache-")) };
}
const DIGITS: Record<string, number> = { s: 2, ms: 0, MiB: 0, µs: 1 };

/**
 * One row from per-round figures (ours[i] and anchor[i] measured in the same round): medians, and the median of the
 * per-round ratios. With `spread`, the ratio is followed by the lowest and highest of the rounds' ratios (`spread`'s
 * own values when it gives them: generate/scale.ts's fitted slopes), so that a row read once shows how far one round
 * moves it.
 */
function row(
  measure: string,
  ours: number[],
  anchor: number[],
  unit: string,
  target: string,
  reproduce: string[],
  digits = DIGITS[unit] ?? 1,
  spread?: true | readonly number[],
): void {
  const fmt = (xs: number[]) => `${median(xs).toFixed(digits)} ${unit}`;
  const ratios = ours.map((x, i) => x / itemAt(anchor, i));
  const range = spread === true ? ratios : spread;
  rows.push({
    measure,
    ours: fmt(ours),
    anchor: fmt(anchor),
    ratio:
      `${median(ratios).toFixed(2)}×` +
      (range?.length ? ` (rounds ${Math.min(...range).toFixed(2)}–${Math.max(...range).toFixed(2)})` : ""),
    target,
    reproduce,
  });
}

function report(
  measure: string,
  p: Pair,
  pick: (r: Run) => number,
  unit: string,
  target: string,
  reproduce: string[],
): void {
  row(measure, p.a.map(pick), p.b.map(pick), unit, target, reproduce);
}

const cpu = (r: Run) => r.cpu;
const wall = (r: Run) => r.wallMs;
const peak = (r: Run) => r.peakMiB;
const providers = providerDirs(specs);

// 1. A full generation of the five providers, as a user runs it (generate/generate-cli.ts).
if (wanted("generate"))
  await (await import("./generate/generate-cli.js")).measureGenerateCli({
    root,
    tmp,
    providers,
    nodeVersion: NODE_VERSION,
    run,
    row,
    compileCache: freshCompileCache("generate"),
  });

// 2. Scale: N synthetic providers × 10 operations, at 50, 100 and 200 (and 1: a run's fixed cost). Each round
// runs ours and the anchor at every size in turn, so a round's per-provider
// slope, (CPU at n2 − CPU at n1) / (n2 − n1), compares runs made moments
// apart; a slope row is the median of the rounds' slopes and ratios, the rounds' lowest and highest ratio beside it.
// Issue 64's row (target ≤ 1.0×) is each side's slope fitted through every run at 50, 100 and 200 (the anchor's
// three a size a round): a difference of two sizes reads one run at each, and the anchor's moved round to round by
// more than any change (BLOCKWRIGHT_BENCH_SCALE_RAW=<file> writes every run). Growth is also read as differences,
// between 100 and 200 providers and between 50 and 200; between 50 and 100 the slope also carries start-up,
// the optimising compiler's work on code that turns hot only after the first
// providers (CPU on V8's compiler threads: ours has more code of its own than
// openapi-typescript alone), so that row is shown too. The anchor runs three times at each size in a round, its
// median-CPU run counted: its slope is the noisy one at load (generate/scale.ts, ANCHOR_REPEATS).
if (wanted("scale"))
  await (await import("./generate/scale.js")).measureScale({
    root,
    tmp,
    run,
    row,
    report,
    compileCache: freshCompileCache("scale"),
  });

// 3. Large published documents: generate of a project `blockwright add` made
// (three operations), reading the whole document, against openapi-typescript
// on the same document. The committed cut of Stripe's always; the whole
// Stripe and GitHub documents from $BLOCKWRIGHT_PUBLISHED when it names
// their folder (they are not committed). CPU and peak memory.
if (wanted("published"))
  await (await import("./generate/published.js")).measurePublished({ root, tmp, run, pairs, report });

// 4. verify on a published document (verify-published.ts): the committed GitHub cut, and the whole
// api.github.com from $BLOCKWRIGHT_PUBLISHED, against `test --list` on the same project (the loading
// both need): what verify adds. GitHub's own example breaks its schema: verify exits 1.
if (wanted("verify")) {
  const folder = process.env.BLOCKWRIGHT_PUBLISHED;
  const cut = join(root, "src/import/__fixtures__/published/github.cut.json");
  const documents = [
    { name: "GitHub cut", file: cut },
    ...(folder ? [{ name: "whole GitHub", file: join(folder, "github-api.octokit-openapi-23.0.2.json") }] : []),
  ];
  const bin = join(root, "bin/blockwright.js");
  const env = { BENCH_TOKEN: "bench-token-0123456789" };
  for (const d of documents) {
    const project = mkdtempSync(join(tmp, "verify-"));
    mkdirSync(join(project, "specs"));
    // The runtime resolvable from the generated package, as after `npm install`.
    mkdirSync(join(project, "node_modules/@blockwright"), { recursive: true });
    symlinkSync(join(root, "runtime"), join(project, "node_modules/@blockwright/runtime"));
    await run([bin, "add", "github", "--from", d.file, "--operations", "repos/get"], project);
    const spec = join(project, "specs/github/openapi.yaml");
    writeFileSync(
      spec,
      JSON.stringify(
        withAdditions(JSON.parse(readFileSync(d.file, "utf8")), jsyaml.load(readFileSync(spec, "utf8")) as OpenApiLike),
      ),
    );
    await run([bin, "generate"], project);
    // A loopback server playing GitHub with the document's own examples (verify calls repos/get once).
    const upstream = await exampleServer(spec);
    // The anchor loads and links the same specs and packages (what verify needs before its first request), and sends
    // nothing.
    const list = ["test", "github", "--list"];
    const verify = [
      "verify",
      "github",
      "--base-url",
      upstream.url,
      "--param",
      "accessToken={{BENCH_TOKEN}}",
      "--operation",
      "github_repos_get",
      "--max-requests",
      "1",
      "--interval",
      "0",
    ];
    try {
      const p = await pairs(
        3,
        () => run([bin, ...verify], project, env, [0, 1]),
        () => run([bin, ...list], project, env),
      );
      const reproduce = [
        `(a project of blockwright add github --from ${d.file} --operations repos/get, ` +
          `the whole document as its spec) blockwright ${verify.join(" ")}`,
        `blockwright ${list.join(" ")}`,
      ];
      report(`verify one answer, ${d.name}, vs test --list (CPU)`, p, cpu, "s", "≤ 1.5×", reproduce);
      report(`verify one answer, ${d.name}, vs test --list (peak memory)`, p, peak, "MiB", "≤ 1.5×", reproduce);
    } finally {
      await upstream.close();
    }
  }
}

if (wanted("check")) {
  const out = mkdtempSync(join(tmp, "check-"));
  await run(["--", "bin/blockwright.js", "generate", "--out", out]);
  const p = await pairs(
    15,
    () => run(["--", "bin/blockwright.js", "generate", "--check", "--out", out]),
    () => run(["-e", "0"]),
  );
  report("generate --check, nothing changed (wall)", p, wall, "ms", "≤ 4×", [
    "node -- bin/blockwright.js generate && node -- bin/blockwright.js generate --check",
    "node -e 0",
  ]);
}

// 4. executeTool of each provider against a reused openapi-fetch client, both on the same in-memory fetch, in a plain
//    Node process (call.ts).
if (wanted("call")) (await import("./call.js")).measureCalls({ root, node: NODE, row });

// 4b. Requests of an all-pages call of 1,000 items, each list operation: the largest page vs the upstream's default
// (paging-requests.ts).
if (wanted("paging")) await (await import("./paging-requests.js")).measurePaging({ root, providers, row });

// 5. Five mocks answering, against Prism's own floor.
if (wanted("mocks")) {
  const p = await pairs(
    5,
    () => run(["scripts/bench/mocks-ours.mjs", specs, ...providers]),
    () => run(["scripts/bench/mocks-prism-floor.mjs", specs, ...providers]),
  );
  report(`${providers.length} mocks answering (CPU)`, p, cpu, "s", "≤ 1.2×", [
    `node scripts/bench/mocks-ours.mjs specs ${providers.join(" ")}`,
    `node scripts/bench/mocks-prism-floor.mjs specs ${providers.join(" ")}`,
  ]);
}

// 6. The command line's start-up.
if (wanted("cli")) {
  const help = await pairs(
    15,
    () => run(["--", "bin/blockwright.js", "--help"]),
    () => run(["-e", "0"]),
  );
  report("blockwright --help (wall)", help, wall, "ms", "≤ 4×", ["node -- bin/blockwright.js --help", "node -e 0"]);
  const mocks = await startMocks(["books"], { specsDir: specs });
  try {
    const url = fieldOf(mocks.urls, "books");
    const env = { BOOKS_KEY: "bench-key-0001" };
    const call = await pairs(
      15,
      () =>
        run(
          [
            "--",
            "bin/blockwright.js",
            "call",
            "books_search_volumes",
            "--param",
            "apiKey={{BOOKS_KEY}}",
            "--param",
            "q=google",
            "--param",
            "maxResults=5",
            "--base-url",
            url,
          ],
          root,
          env,
        ),
      () => run(["scripts/bench/bare-openapi-fetch.mjs", url, "google", "5"], root, env),
    );
    report("blockwright call, against a mock (wall)", call, wall, "ms", "≤ 2×", [
      `BOOKS_KEY=… node -- bin/blockwright.js call books_search_volumes --param apiKey={{BOOKS_KEY}} ` +
        `--param q=google --param maxResults=5 --base-url <mock>`,
      "BOOKS_KEY=… node scripts/bench/bare-openapi-fetch.mjs <mock> google 5",
    ]);
  } finally {
    await mocks.close();
  }
}

// 7. Taking a newer version of a published document against drafting from it (regeneration.ts).
if (wanted("regen")) await (await import("./regeneration.js")).measureRegeneration({ root, tmp, run, row });
// 7b. serve's acknowledgement of a delivery, against a bare server answering 202 (acknowledge/acknowledge.ts).
if (wanted("ack")) await (await import("./acknowledge/acknowledge.js")).measureAcknowledgement({ root, tmp, row });

// 8–10. Only when named (minutes): documents of about 37 MB (large-document.ts); the whole test suite (test-suite.ts);
// the corpus (corpus.ts).
if (only.includes("large")) await measureLarge({ root, tmp, run, row });
if (only.includes("tests")) await measureTestSuite({ root, tmp, run, row });
if (only.includes("workers")) await (await import("./contract-workers.js")).measureContractWorkers({ root, run, row });
if (only.includes("corpus"))
  console.log(await (await import("./corpus.js")).measureCorpus({ root, tmp, run }, only, MEASURES));
if (only.includes("whole"))
  console.log(await (await import("./whole-api.js")).measureWhole({ root, tmp, run, row }, only));

rmSync(tmp, { recursive: true, force: true });
const width = (k: keyof (typeof rows)[number]) => Math.max(k.length, ...rows.map((r) => String(r[k]).length));
const head = ["measure", "ours", "anchor", "ratio", "target"] as const;
const line = (cells: string[]) => cells.map((c, i) => c.padEnd(width(itemAt(head, i)))).join("  ");
const out = [
  `npm run bench (node ${NODE_VERSION}, ${new Date().toISOString().slice(0, 10)}; medians, ` +
    `ratios are medians of per-round ratios, a fitted slope's of the lines through every run; CPU: ${CPU_SOURCE})`,
  "",
  line([...head]),
  line(head.map((h) => "-".repeat(width(h)))),
];
for (const r of rows) out.push(line([r.measure, r.ours, r.anchor, r.ratio, r.target]));
if (notes.length) out.push("", ...notes);
out.push("", "Reproduce (ours, then the anchor):");
for (const r of rows) out.push(`  ${r.measure}:`, ...r.reproduce.map((c) => `    ${c}`));
console.log(out.join("\n"));
