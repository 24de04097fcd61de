// Set up before every test file when BLOCKWRIGHT_FILE_CPU names a file (npm
// run bench -- tests sets it): appends a line per test file with the CPU its
// worker spent from loading the file to its last hook, the processes it ran
// and waited for included (the kernel's figures for the worker and its reaped
// children), so the bench can say which files cost the most CPU rather than
// the most time (two workers and a busy machine make durations misleading).
// Not counted: the global set-ups, in Vitest's main process (the mocks of
// the contract project; the packages project's registry writes a line of its
// own for its set-up, not for what it serves later), and the processes whose
// parent ends before them, which init reaps: Chromium's zygotes and renderers,
// an esbuild service that outlives its starter, a process whose launcher a test
// kills (those are in no figure, /usr/bin/time's included: performance.md,
// the fortieth round).
import { appendFileSync } from "node:fs";
import { afterAll, beforeAll } from "vitest";
import { cpuSeconds } from "./cpu-seconds.js";

const log = process.env.BLOCKWRIGHT_FILE_CPU;
const start = cpuSeconds();
let file = "";
// biome-ignore lint/correctness/noEmptyPattern: Vitest passes the suite second, after an object pattern of fixtures
beforeAll(({}, suite) => {
  file = "filepath" in suite ? String(suite.filepath) : suite.name;
});
afterAll(() => {
  if (log) appendFileSync(log, `${(cpuSeconds() - start).toFixed(2)}\t${file}\n`);
});
