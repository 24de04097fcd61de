// `npm run bench`: what the project's speed claims rest on. Reports the time
// of a full generation, the runtime's per-call overhead (validation, request
// building, openapi-fetch, output mapping) with an in-memory fetch, and the
// start-up time of the Prism mocks. Everything stays on loopback.
import { fileURLToPath } from "node:url";
import { executeTool } from "../generated/books/index.js";
import { generate, providerDirs } from "./codegen/generate-all.js";
import { startMocks } from "./mocks.js";

const SPECS_DIR = fileURLToPath(new URL("../specs/", import.meta.url));

const root = fileURLToPath(new URL("..", import.meta.url));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x: number) => `${x.toFixed(1)} ms`;

async function time<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t = performance.now();
  const value = await fn();
  return [performance.now() - t, value];
}

const rows: [string, string][] = [];

// 1. Generation, in memory (the first run includes loading openapi-typescript).
const genRuns: number[] = [];
let fileCount = 0;
for (let i = 0; i < 5; i++) {
  const [t, result] = await time(() => generate({ root }));
  genRuns.push(t);
  fileCount = result.files.size;
}
rows.push(["generate, first run (cold)", ms(genRuns[0])]);
rows.push([`generate, median of next 4 (${fileCount} files)`, ms(median(genRuns.slice(1)))]);

// 2. Per-call overhead with a fetch that answers at once.
const body = JSON.stringify({ kind: "books#volumes", totalItems: 1, items: [{ kind: "books#volume", id: "zyTCAlFPjgYC", volumeInfo: { title: "The Google Story" } }] });
const fetch = async () => new Response(body, { status: 200, headers: { "content-type": "application/json" } });
const N = 5000;
for (let i = 0; i < 200; i++) await executeTool("books_search_volumes", { apiKey: "bench-key-123", q: "google" }, { fetch });
const [callTime] = await time(async () => {
  for (let i = 0; i < N; i++) {
    const r = await executeTool("books_search_volumes", { apiKey: "bench-key-123", q: "intitle:google", maxResults: 5 }, { fetch });
    if (!r.success) throw new Error(r.error.message);
  }
});
rows.push([`executeTool overhead, ${N} calls, in-memory fetch`, `${((callTime / N) * 1000).toFixed(1)} µs/call`]);

// 3. Prism mocks for every provider, in-process.
const providers = providerDirs(SPECS_DIR);
const [startTime, mocks] = await time(() => startMocks(providers, { specsDir: SPECS_DIR }));
rows.push([`Prism mocks start (${providers.length} providers)`, ms(startTime)]);
const [oneCall] = await time(() => executeTool("books_search_volumes", { apiKey: "bench-key-123", q: "google" }, { baseUrl: mocks.urls.books }));
rows.push(["first call to a mock", ms(oneCall)]);
const M = 50;
const [mockCalls] = await time(async () => {
  for (let i = 0; i < M; i++) await executeTool("books_search_volumes", { apiKey: "bench-key-123", q: "google" }, { baseUrl: mocks.urls.books });
});
rows.push([`call to a mock, mean of ${M}`, ms(mockCalls / M)]);
await mocks.close();

const width = Math.max(...rows.map(([k]) => k.length));
console.log(`npm run bench (node ${process.version}, ${new Date().toISOString().slice(0, 10)})`);
for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);
