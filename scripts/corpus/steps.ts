// One step of the corpus run: `bin/blockwright.js <args>` as a child process
// in its own process group, with a time limit, its wall time and peak
// memory (the kernel's high-water mark of the process, /proc/<pid>/status
// VmHWM, read while it runs so that a killed process has a figure too), its
// exit status and what it printed. A step over its time gets SIGINT (the
// commands stop with a report on it), then SIGKILL; stopping the run kills
// the group at once.
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { boundCompileCache } from "../../src/common/compile-cache-bound.js";

export interface StepRun {
  /** Exit status; 124 when the time ran out, 130 when the run was stopped. */
  exit: number;
  wallMs: number;
  /** Peak resident memory in MiB, when /proc tells it. */
  peakMiB: number | undefined;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  /** Whether it had to be killed (it did not stop on SIGINT within the grace time). */
  killed: boolean;
}

/** What the run records of a step. */
export interface StepRecord {
  exit: number;
  seconds: number;
  peakMiB?: number;
  passed?: number;
  failed?: number;
  /**
   * The test step's round trips of resources (scenario cases on the stateful mock): passed and failed; none when the
   * document allows none.
   */
  roundTrips?: { passed: number; failed: number };
  /** One line on what the step did (its last summary line). */
  summary: string;
  /** The first lines of what went wrong, as printed (raw: escaped when written out). */
  errors: string[];
}

export interface StepOptions {
  cwd: string;
  timeoutMs: number;
  env?: Record<string, string>;
  signal: AbortSignal;
  /** The Node script the step runs (default: this checkout's bin/blockwright.js; the types step's tsc). */
  program?: string;
  /** Called every few seconds while the step runs, with the seconds and the memory so far. */
  onTick?: (seconds: number, peakMiB: number | undefined) => void;
}

const KEEP = 1 << 20; // characters of each stream kept
const GRACE_MS = 10_000;
const TICK_MS = 10_000;

export const BIN = new URL("../../bin/blockwright.js", import.meta.url).pathname;

/** The peak resident memory of a live process, in MiB. */
function peakOf(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Signal the child's whole process group (it may have started mocks or workers). */
export function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Gone already.
  }
}

/**
 * The commands' compile cache (bin/blockwright.js enables Node's): a folder of the corpus's own, emptied above its
 * bound when the first command starts (compile-cache-bound.ts). Each document's project is a fresh folder whose
 * generated packages the commands load, and Node keys an entry by its path: in the temporary folder's default cache
 * they added about 25,000 entries in two hours of directory runs, which nothing removed. A cache the caller names
 * (NODE_COMPILE_CACHE) is theirs.
 */
let compileCache: string | undefined;
function corpusCompileCache(): string {
  if (compileCache === undefined) {
    compileCache = process.env.NODE_COMPILE_CACHE || join(tmpdir(), "blockwright-corpus-compile-cache");
    if (!process.env.NODE_COMPILE_CACHE) boundCompileCache(compileCache);
  }
  return compileCache;
}

export function spawnBlockwright(
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
  program: string = BIN,
): ChildProcess {
  return spawn(process.execPath, ["--", program, ...args], {
    cwd,
    env: { ...process.env, NODE_COMPILE_CACHE: corpusCompileCache(), ...env, NO_COLOR: "1", FORCE_COLOR: "0" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
}

export function runStep(args: string[], options: StepOptions): Promise<StepRun> {
  const started = performance.now();
  const child = spawnBlockwright(args, options.cwd, options.env, options.program);
  let stdout = "";
  let stderr = "";
  child.stdout?.setEncoding("utf8").on("data", (d: string) => {
    if (stdout.length < KEEP) stdout += d;
  });
  child.stderr?.setEncoding("utf8").on("data", (d: string) => {
    if (stderr.length < KEEP) stderr += d;
  });
  let peak: number | undefined;
  let timedOut = false;
  let killed = false;
  let lastTick = started;
  const sample = setInterval(() => {
    const now = peakOf(child.pid);
    if (now !== undefined) peak = Math.max(peak ?? 0, now);
    if (performance.now() - lastTick >= TICK_MS) {
      lastTick = performance.now();
      options.onTick?.((lastTick - started) / 1000, peak);
    }
  }, 250);
  let kill: NodeJS.Timeout | undefined;
  const timer = setTimeout(() => {
    timedOut = true;
    killGroup(child, "SIGINT");
    kill = setTimeout(() => {
      killed = true;
      killGroup(child, "SIGKILL");
    }, GRACE_MS);
  }, options.timeoutMs);
  const stop = () => {
    killGroup(child, "SIGTERM");
    kill = setTimeout(() => killGroup(child, "SIGKILL"), 1000);
  };
  options.signal.addEventListener("abort", stop, { once: true });
  return new Promise((resolve) => {
    child.on("close", (code, signal) => {
      clearInterval(sample);
      clearTimeout(timer);
      if (kill) clearTimeout(kill);
      options.signal.removeEventListener("abort", stop);
      const exit = options.signal.aborted ? 130 : timedOut ? 124 : (code ?? (signal === "SIGKILL" ? 137 : 128));
      resolve({ exit, wallMs: performance.now() - started, peakMiB: peak, stdout, stderr, timedOut, killed });
    });
    child.on("error", (e) => {
      stderr += `cannot start: ${e.message}\n`;
    });
  });
}

/** A mock server for the provider (`blockwright mock`), its loopback address once it listens; stop() ends it. */
export async function startMock(
  provider: string,
  cwd: string,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<{ url: string; stop: () => void } | { error: string }> {
  // Stateless: verify writes with --allow-writes, and the platforms step compares two runs of the same calls.
  const child = spawnBlockwright(["mock", provider, "--stateless"], cwd);
  let out = "";
  let err = "";
  const stop = () => {
    killGroup(child, "SIGTERM");
    setTimeout(() => killGroup(child, "SIGKILL"), 2000).unref();
  };
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      stop();
      resolve({
        error: `the mock did not listen within ${timeoutMs / 1000} s${err ? `: ${err.trim().split("\n")[0]}` : ""}`,
      });
    }, timeoutMs);
    const abort = () => {
      clearTimeout(timer);
      stop();
      resolve({ error: "stopped" });
    };
    signal.addEventListener("abort", abort, { once: true });
    child.stdout?.setEncoding("utf8").on("data", (d: string) => {
      out += d;
      const url = /http:\/\/(?:127\.0\.0\.1|localhost|\[::1\]):\d+/.exec(out)?.[0];
      if (url) {
        clearTimeout(timer);
        signal.removeEventListener("abort", abort);
        resolve({ url, stop });
      }
    });
    child.stderr?.setEncoding("utf8").on("data", (d: string) => {
      if (err.length < KEEP) err += d;
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      signal.removeEventListener("abort", abort);
      resolve({
        error:
          `the mock exited ${code} before it listened` +
          `${err ? `: ${err.trim().split("\n").slice(0, 3).join(" / ")}` : ""}`,
      });
    });
  });
}
