// `generate` run again in a Node process of its own whose young generation is small. Generation makes short-lived
// garbage by the hundred megabytes (the link's and the emitters'), and V8 lets the young generation grow to its
// default's top, 16 MiB a semi-space: that was most of generate's peak memory (GitHub's whole draft 455 MiB, 346–383
// with 4 MiB semi-spaces, at the same CPU). V8 sizes the young generation once, when the process starts, so the flag
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
import { generateOptimiser } from "./v8-flags.js";

/** The young generation generate runs with: 4 MiB semi-spaces (2 and 8 measured alike and worse). */
export const GENERATE_NODE_FLAGS = ["--max-semi-space-size=4"];

/** A flag that sizes the young generation: set already (by a run of ours, or by the user), it is kept. */
const SIZES_YOUNG_GENERATION = /--(max-|min-)?semi-space-size|--max-young-generation-size/;

/**
 * The Node arguments of the process to start, or undefined when this one is to run the command itself: its young
 * generation was sized at its start (the process started here, or the user's own flags), the command is another, or
 * its help is asked for.
 */
export function relaunchArgs(
  command: string | undefined,
  { execArgv, nodeOptions, argv }: { execArgv: string[]; nodeOptions: string | undefined; argv: string[] },
): string[] | undefined {
  if (command !== "generate") return undefined;
  if ([...execArgv, nodeOptions ?? ""].some((a) => SIZES_YOUNG_GENERATION.test(a))) return undefined;
  const [, script, ...args] = argv;
  if (script === undefined) return undefined;
  // Its help generates nothing: printed here, as main() prints it for any command (about half the CPU of a second
  // start, performance.md, the forty-ninth round).
  if (args.includes("--help") || args.includes("-h")) return undefined;
  // `--` ends Node's own options, as the bin's shebang does: Node 20 would take a `--env-file` of the command's.
  return [...execArgv.filter((a) => a !== "--"), ...GENERATE_NODE_FLAGS, ...generateOptimiser(), "--", script, ...args];
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
