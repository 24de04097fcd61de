// Set up before every test file when BLOCKWRIGHT_FILE_CPU names a file (npm
// run bench -- tests sets it): appends a line per test file with the CPU its
// worker spent from loading the file to its last hook, the processes it ran
// and waited for included (the kernel's figures for the worker and its reaped
// children), so the bench can say which files cost the most CPU rather than
// the most time (two workers and a busy machine make durations misleading).
// Not counted: the mocks of the global set-up, which serve the in-process
// tests from Vitest's main process.
import { appendFileSync, readFileSync } from "node:fs";
import { afterAll, beforeAll } from "vitest";

/** Seconds of user and system CPU of this process and its reaped children (/proc/self/stat, in clock ticks of 1/100 s). */
function cpuSeconds(): number {
  const stat = readFileSync("/proc/self/stat", "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0) / 100;
}

const log = process.env.BLOCKWRIGHT_FILE_CPU;
const start = cpuSeconds();
let file = "";
// biome-ignore lint/correctness/noEmptyPattern: Vitest passes the suite second, after the fixtures it reads from an object pattern
beforeAll(({}, suite) => {
  file = "filepath" in suite ? String(suite.filepath) : suite.name;
});
afterAll(() => {
  if (log) appendFileSync(log, `${(cpuSeconds() - start).toFixed(2)}\t${file}\n`);
});
