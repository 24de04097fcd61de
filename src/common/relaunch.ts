// `generate` run again in a Node process of its own whose young generation is sized for its documents: small for a
// large document (youngGenerationFlags). Generation makes short-lived garbage by the hundred megabytes (the link's and
// the emitters'), and V8 lets the young generation grow to its default's top, 16 MiB a semi-space: on a large document
// that was most of generate's peak memory (GitHub's whole draft 455 MiB, 346–383 with 4 MiB semi-spaces, at the same
// CPU). V8 sizes the young generation once, when the process starts, so the flag
// cannot be set by the running command (setFlagsFromString changes nothing), and in the bin's shebang it would apply
// to every command (`test` spends about 4 % more CPU with it). A worker thread with the same limit cost 0.1 s of CPU
// and 17 MiB more on 5 small providers (a second isolate, the files crossing threads); a second Node start costs
// about 0.01 s (docs/contributing/performance.md, the tenth round). Loaded by bin/blockwright.js before the command's
// code: this process only waits, and hands on the signals.
// Its optimising compilers' flags are given on that process's command line too, not set once it runs: Node's compile
// cache keeps V8's code in a folder named by the V8 flags the process had when the cache was turned on, and V8 refuses
// code made under other flags. Set at run time, generate's code went into the other commands' folder, and each run of
// generate after another command (and of another after generate) compiled the modules they share anew.
import { spawn } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { generateOptimiser } from "./v8-flags.js";

/** The young generation for a large document: 4 MiB semi-spaces (2 and 8 measured alike and worse). */
export const GENERATE_NODE_FLAGS = ["--max-semi-space-size=4"];
/**
 * The young generation for a project of small documents only: 16 MiB semi-spaces, V8's own top. 4 MiB saves a large
 * document's peak memory (its link's garbage); on small documents it only made V8 copy and promote more, each
 * provider's document and IR living past a few scavenges. 16 MiB: 0.94× the CPU at 50 and 200 synthetic providers,
 * 0.95× on the repository's five, 0.88× on a 0.6 MB published document, for 20–25 MiB more peak, still under
 * openapi-typescript's on the same documents (docs/contributing/performance.md, the ninety-first round).
 */
export const SMALL_PROJECT_NODE_FLAGS = ["--max-semi-space-size=16"];
/** A provider file at least this large gets 4 MiB (a 3.7 MB published document: the same CPU and peak with either). */
const LARGE_INPUT_BYTES = 1024 * 1024;

/** A flag that sizes the young generation: set already (by a run of ours, or by the user), it is kept. */
const SIZES_YOUNG_GENERATION = /--(max-|min-)?semi-space-size|--max-young-generation-size/;

/**
 * The Node arguments of the process to start, or undefined when this one is to run the command itself: its young
 * generation was sized at its start (the process started here, or the user's own flags), the command is another, or
 * its help is asked for.
 */
export function relaunchArgs(
  command: string | undefined,
  {
    execArgv,
    nodeOptions,
    argv,
    cwd = process.cwd(),
  }: { execArgv: string[]; nodeOptions: string | undefined; argv: string[]; cwd?: string },
): string[] | undefined {
  if (command !== "generate") return undefined;
  if ([...execArgv, nodeOptions ?? ""].some((a) => SIZES_YOUNG_GENERATION.test(a))) return undefined;
  const [, script, ...args] = argv;
  if (script === undefined) return undefined;
  // Its help generates nothing: printed here, as main() prints it for any command (about half the CPU of a second
  // start, performance.md, the forty-ninth round).
  if (args.includes("--help") || args.includes("-h")) return undefined;
  // `--` ends Node's own options, as the bin's shebang does: Node 20 would take a `--env-file` of the command's.
  const young = youngGenerationFlags(resolve(cwd, specsOption(args) ?? "specs"));
  return [...execArgv.filter((a) => a !== "--"), ...young, ...generateOptimiser(), "--", script, ...args];
}

/** generate's `--specs <dir>` (or `--specs=<dir>`), the last one given. */
function specsOption(args: string[]): string | undefined {
  let specs: string | undefined;
  for (const [i, a] of args.entries()) {
    if (a === "--") break;
    if (a === "--specs") specs = args[i + 1];
    else if (a.startsWith("--specs=")) specs = a.slice("--specs=".length);
  }
  return specs;
}

/**
 * The young generation for the specs folder's providers: the small project's when every file directly in each
 * provider's folder (its manifest, its document) is under LARGE_INPUT_BYTES, else the large document's, which is also
 * the answer when the folder cannot be read (generate then says why). Only sizes are read: a few hundred `stat`s for
 * two hundred providers, before the second process starts.
 */
export function youngGenerationFlags(specsDir: string): string[] {
  try {
    for (const provider of readdirSync(specsDir, { withFileTypes: true })) {
      if (!provider.isDirectory()) continue;
      const dir = join(specsDir, provider.name);
      for (const file of readdirSync(dir, { withFileTypes: true }))
        if (file.isFile() && statSync(join(dir, file.name)).size >= LARGE_INPUT_BYTES) return GENERATE_NODE_FLAGS;
    }
    return SMALL_PROJECT_NODE_FLAGS;
  } catch {
    return GENERATE_NODE_FLAGS;
  }
}

const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

/**
 * Runs the command in a process started with `args` and gives its exit status; a process ended by a signal ends this
 * one by the same signal. Undefined when the process cannot be started: the command then runs here.
 */
export function relaunch(args: string[]): Promise<number | undefined> {
  return new Promise((resolve) => {
    const ownGroup = process.platform !== "win32";
    // A process group of its own (not on Windows, where that opens a console): Ctrl-C on a terminal reaches this
    // process alone, which hands it on once. In the terminal's group both would hear it, and a second Ctrl-C ends a
    // command at once, before it removes what it staged. The IPC channel tells the process that this one is gone.
    const child = spawn(process.execPath, args, {
      stdio: ["inherit", "inherit", "inherit", "ipc"],
      detached: ownGroup,
    });
    // On Windows the console's Ctrl-C reaches both processes, and a signal handed on would end the other abruptly:
    // this one only waits.
    const handOn = (signal: NodeJS.Signals) => (ownGroup || signal !== "SIGINT") && child.kill(signal);
    let spawned = false;
    // (An error once it runs is a signal it could not be handed: its exit still comes.)
    child.on("error", () => {
      if (spawned) return;
      for (const s of SIGNALS) process.off(s, handOn);
      resolve(undefined);
    });
    child.once("spawn", () => {
      spawned = true;
      for (const s of SIGNALS) process.on(s, handOn);
    });
    child.once("exit", (code, signal) => {
      for (const s of SIGNALS) process.off(s, handOn);
      if (signal !== null) process.kill(process.pid, signal);
      resolve(code ?? 1);
    });
  });
}

/**
 * In the process relaunch started: once the process that started it is gone (ended outright, its terminal closed),
 * the command stops as at SIGTERM, so that it is never left running alone. The channel keeps nothing alive.
 */
export function stopWithLauncher(): void {
  const channel = (process as { channel?: { unref(): void } }).channel;
  if (!channel) return;
  channel.unref();
  process.once("disconnect", () => process.kill(process.pid, "SIGTERM"));
}
