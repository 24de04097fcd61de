#!/usr/bin/env -S node --
// The blockwright command: compiled JavaScript in dist/ (built by
// `npm run build`, which `npm install` runs in this repository).
// `node --` ends Node's own options: Node 20 otherwise takes a
// `--env-file` meant for `blockwright run` as its own, and exits 9.
import { existsSync } from "node:fs";

const entry = new URL("../dist/cli.js", import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write("blockwright: dist/ is missing: run `npm run build` first\n");
  process.exit(2);
}
const { main } = await import(entry.href);
process.exitCode = await main(process.argv.slice(2));
