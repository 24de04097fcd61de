#!/usr/bin/env -S node --
// The blockwright command: compiled JavaScript in dist/ (built by
// `npm run build`, which `npm install` runs in this repository).
// `node --` ends Node's own options: Node 20 otherwise takes a
// `--env-file` meant for `blockwright run` as its own, and exits 9.
import { existsSync } from "node:fs";
import { setFlagsFromString } from "node:v8";

// A generation is a short batch in which nearly every function turns hot at
// once: at V8's default eagerness its optimising compiler spent more CPU than
// the optimised code saved (generate, 100 synthetic providers: 3.02 s CPU by
// default, 2.26 s with an 8× budget, wall time no worse; 200: 4.32 → 3.10 s).
// Set before the generator's code is loaded, so all of it is compiled under it;
// commands that serve or answer calls keep the default.
const BATCH_COMMANDS = new Set(["generate", "diff"]);
if (BATCH_COMMANDS.has(process.argv[2])) setFlagsFromString(`--interrupt-budget=${8 * 66 * 1024}`);

const entry = new URL("../dist/cli.js", import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write("blockwright: dist/ is missing: run `npm run build` first\n");
  process.exit(2);
}
const { main } = await import(entry.href);
process.exitCode = await main(process.argv.slice(2));
