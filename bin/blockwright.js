#!/usr/bin/env -S node --
// The blockwright command: compiled JavaScript in dist/ (built by
// `npm run build`, which `npm install` runs in this repository).
// `node --` ends Node's own options: Node 20 otherwise takes a
// `--env-file` meant for `blockwright run` as its own, and exits 9.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { setFlagsFromString } from "node:v8";

const entry = new URL("../dist/cli.js", import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write("blockwright: dist/ is missing: run `npm run build` first\n");
  process.exit(2);
}
// The command's own modules found by their address, not by Node's resolution (a quarter of a start's CPU): before
// any of them loads (src/common/start/own-resolve.ts).
const { resolveOwnModules } = await import(new URL("../dist/common/start/own-resolve.js", import.meta.url).href);
resolveOwnModules(new URL("../dist/", import.meta.url).href);
// The command: the first argument that is not one of -q, -v (main() takes them wherever they come).
const command = process.argv.slice(2).find((a) => !["-q", "--quiet", "-v", "--verbose"].includes(a));
// generate runs in a process started with a small young generation and its V8 flags (src/common/relaunch.ts): V8
// sizes the young generation only at a process's start. This process loads nothing more, waits for that one and
// ends as it ended.
const relaunched = await relaunchedCommand(command);
if (relaunched !== undefined) process.exitCode = relaunched;
else await runHere(command);

async function relaunchedCommand(name) {
  if (name !== "generate") return undefined;
  // By its address, as dist/cli.js below: bin/ imports no module by name (the layers' rule).
  const { relaunch, relaunchArgs, stopWithLauncher } = await import(
    new URL("../dist/common/relaunch.js", import.meta.url).href
  );
  stopWithLauncher();
  const args = relaunchArgs(name, {
    execArgv: process.execArgv,
    nodeOptions: process.env.NODE_OPTIONS,
    argv: process.argv,
  });
  return args && (await relaunch(args));
}

async function runHere(name) {
  const { main, v8FlagsFor } = await import(entry.href);
  // A batch command (generate, diff) is short and nearly every function turns
  // hot at once: at V8's default eagerness its optimising compiler spent more
  // CPU than the optimised code saved (generate, 100 synthetic providers: 3.02 s
  // CPU by default, 2.26 s with an 8× budget, wall time no worse; 200: 4.32 →
  // 3.10 s). Set here, in the process's entry (not in main(), which tests call
  // in-process), and before main() loads the command's code, in the running
  // V8's spelling (Node 22 and later refuse Node 20's --interrupt-budget).
  // (Flags the process was started with, generate's by relaunch, are not set again.)
  for (const flag of v8FlagsFor(name)) if (!process.execArgv.includes(flag)) setFlagsFromString(flag);
  // V8's compiled code of the modules kept on disk between runs (Node 22.1 and
  // later; NODE_DISABLE_COMPILE_CACHE=1 turns it off), as TypeScript's own tsc
  // does: a command otherwise parses and compiles its modules anew each time,
  // the bundled TypeScript printer that generate loads alone 4 MB of them. Turned
  // on after the flags: Node keeps the code in a folder named by V8's flags, and
  // V8 refuses code made under other flags, so that the commands whose flags
  // differ would otherwise compile anew each time after another had run. Only
  // dist/cli.js and its few imports above are compiled without it. In a folder
  // of this installed copy's own, under a bound, not Node's default that every
  // copy on the machine shares (src/common/compile-cache-bound.ts); a user's
  // NODE_COMPILE_CACHE wins.
  const { enableOwnCompileCache } = await import(
    new URL("../dist/common/compile-cache-bound.js", import.meta.url).href
  );
  enableOwnCompileCache(fileURLToPath(new URL("..", import.meta.url)));
  process.exitCode = await main(process.argv.slice(2));
}
