// `npm run bench`, part two: the command line's start-up against yardsticks,
// each pair run side by side (A B A B ...), whole processes timed from spawn
// to exit, so that a machine slowing down mid-run moves both alike.
//   blockwright --help          vs  node -e 0
//   blockwright call (a mock)   vs  the same request by bare openapi-fetch
// Reports the medians and the median of the per-pair ratios.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { startMocks } from "../mocks.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const RUNS = 15;
const WARMUP = 2;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Wall time of one whole process, in ms; its output is read and dropped. */
function timed(args: string[], env: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.resume();
    child.stderr.resume();
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve(performance.now() - start) : reject(new Error(`node ${args.join(" ")} exited ${code}`))));
  });
}

async function sideBySide(a: string[], b: string[], env: Record<string, string> = {}) {
  for (let i = 0; i < WARMUP; i++) {
    await timed(a, env);
    await timed(b, env);
  }
  const as: number[] = [];
  const bs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    as.push(await timed(a, env));
    bs.push(await timed(b, env));
  }
  const ratio = median(as.map((t, i) => t / bs[i]));
  return `${median(as).toFixed(0)} ms vs ${median(bs).toFixed(0)} ms: ${ratio.toFixed(2)}x (median of ${RUNS} pairs)`;
}

const rows: [string, string][] = [];
rows.push(["blockwright --help vs node -e 0", await sideBySide(["bin/blockwright.js", "--help"], ["-e", "0"])]);

const mocks = await startMocks(["books"], { specsDir: fileURLToPath(new URL("../../specs/", import.meta.url)) });
try {
  const url = mocks.urls.books;
  const call = ["bin/blockwright.js", "call", "books_search_volumes", "--param", "apiKey={{BOOKS_KEY}}", "--param", "q=google", "--param", "maxResults=5", "--base-url", url];
  const bare = ["scripts/bench/bare-openapi-fetch.mjs", url, "google", "5"];
  rows.push(["blockwright call vs bare openapi-fetch (Prism mock)", await sideBySide(call, bare, { BOOKS_KEY: "bench-key-123" })]);
} finally {
  await mocks.close();
}

const width = Math.max(...rows.map(([k]) => k.length));
console.log(`command line start-up, side by side (node ${process.version})`);
for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);
