// Running the blockwright command for tests: in-process (main() with captured
// streams and the suite's shared Prism mocks), or as a real process of the
// built bin/ when signals and start-up are what is tested.
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { delimiter, dirname, join } from "node:path";
import type { CliIo } from "../src/cli/support/io.js";
import { main } from "../src/cli.js";
import type { MockServers } from "../src/mocks/mocks.js";
import { ROOT } from "./repo.js";
import { sharedMockUrls } from "./shared-mocks.js";
import { heldPid } from "./cli/held-pid.js";

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  /** Providers whose mocks the command asked for, and whether it released them. */
  mocks: { asked: string[]; closed: boolean }[];
}

export interface CliOptions {
  env?: Record<string, string>;
  cwd?: string;
  /** Resolve to interrupt the command (as Ctrl-C would). */
  interrupted?: Promise<void>;
  /** Interrupt the command (as Ctrl-C would) once its standard error matches this: a step reached, not a time. */
  interruptOn?: RegExp;
  /** Replaces the shared mocks (e.g. to interrupt while they start). */
  startMocks?: CliIo["startMocks"];
  /** What standard input holds (none when absent). */
  stdin?: string | Uint8Array;
  /** Told each text the command writes to standard error, as it writes it. */
  onStderr?: (text: string) => void;
}

/** Run `blockwright <argv>` in-process; mocks are the suite's shared ones (shared-mocks.ts). */
export async function cli(argv: string[], options: CliOptions = {}): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const mocks: CliRun["mocks"] = [];
  let reached = () => {};
  const stepReached = new Promise<void>((resolve) => (reached = resolve));
  const io: CliIo = {
    stdout: { write: (t: string) => (stdout += t) },
    stderr: {
      write: (t: string) => {
        stderr += t;
        options.onStderr?.(t);
        if (options.interruptOn?.test(stderr)) reached();
      },
    },
    env: options.env ?? {},
    cwd: options.cwd ?? ROOT,
    interrupted: options.interrupted ?? (options.interruptOn ? stepReached : new Promise<void>(() => {})),
    ...(options.stdin !== undefined
      ? {
          stdin: async () =>
            typeof options.stdin === "string" ? Buffer.from(options.stdin) : (options.stdin ?? new Uint8Array()),
        }
      : {}),
    startMocks:
      options.startMocks ??
      (async (providers): Promise<MockServers> => {
        const record = { asked: providers, closed: false };
        mocks.push(record);
        const shared = await sharedMockUrls();
        return {
          urls: Object.fromEntries(providers.map((p) => [p, shared[p]!])),
          close: async () => void (record.closed = true),
        };
      }),
  };
  const code = await main(argv, io);
  return { code, stdout, stderr, mocks };
}

export interface Spawned {
  child: ChildProcessWithoutNullStreams;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
  /**
   * The exit code once the output is read to its end as well: Node may tell of the exit before the pipes' last chunks
   * are read (on a loaded machine a test read a command's standard error cut short), so a test that reads the whole
   * output waits for this.
   */
  closed: Promise<number | null>;
  /** Resolves with the first match of `re` on stdout or stderr. */
  waitFor: (re: RegExp) => Promise<RegExpMatchArray>;
}

/**
 * The tests' compile cache (vitest.config.ts) for a command started with an environment of its own: else the
 * command's cache is the temporary folder's node-compile-cache, where the copies of the project a run makes add their
 * modules each run and nothing removes them.
 */
export function compileCacheEnv(): { NODE_COMPILE_CACHE?: string } {
  const folder = process.env.NODE_COMPILE_CACHE;
  return folder ? { NODE_COMPILE_CACHE: folder } : {};
}

/**
 * Start the built `bin/blockwright.js` as a process (`npm test` builds it
 * first), through its shebang as a shell would, with this Node.js first on
 * the PATH.
 */
export function spawnCli(args: string[], env: Record<string, string> = {}, cwd = ROOT): Spawned {
  const path = [dirname(process.execPath), process.env.PATH ?? ""].join(delimiter);
  const child = spawn(join(ROOT, "bin/blockwright.js"), args, {
    cwd,
    env: { PATH: path, ...compileCacheEnv(), ...env },
  });
  let out = "";
  let err = "";
  const waiters: { re: RegExp; resolve: (m: RegExpMatchArray) => void }[] = [];
  const check = () => {
    for (const w of [...waiters]) {
      const m = out.match(w.re) ?? err.match(w.re);
      if (m) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
    }
  };
  // Read as UTF-8 across chunks: a character whose bytes a pipe splits (`›`) came out as three replacement marks.
  child.stdout.setEncoding("utf8");
  child.stderr.setEncoding("utf8");
  child.stdout.on("data", (d) => {
    out += d;
    check();
  });
  child.stderr.on("data", (d) => {
    err += d;
    check();
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const closed = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    exited,
    closed,
    waitFor: (re) =>
      new Promise((resolve, reject) => {
        const m = out.match(re) ?? err.match(re);
        if (m) return resolve(m);
        waiters.push({ re, resolve });
        void exited.then(() => reject(new Error(`exited before ${re}:\n${out}\n${err}`)));
      }),
  };
}

/**
 * `spawnCli`, the command held once it writes `step` to standard error (test-support/cli/hold-at-step.cjs) until
 * `signalInStep` has sent it a signal: a step of milliseconds is signalled inside it on any machine, where a test that
 * reads the line late would find the command past it. The signal goes to the process that writes the step (a command
 * run in a process of its own, src/common/relaunch.ts, is signalled there; relaunch.test.ts holds that one hands a
 * signal on). `dir` holds the two files the preload reads.
 */
export function spawnCliHeldAt(
  args: string[],
  step: string,
  dir: string,
): Spawned & { signalInStep: (signal: NodeJS.Signals) => Promise<void> } {
  const pid = join(dir, ".held-at-step.pid");
  const release = join(dir, ".held-at-step.release");
  const spawned = spawnCli(
    args,
    {
      NODE_OPTIONS: `--require=${join(ROOT, "test-support/cli/hold-at-step.cjs")}`,
      HOLD_AT_STEP: step,
      HOLD_PID_FILE: pid,
      HOLD_RELEASE_FILE: release,
    },
    dir,
  );
  const signalInStep = async (signal: NodeJS.Signals) => {
    let held = heldPid(pid);
    while (held === undefined) {
      if (spawned.child.exitCode !== null || spawned.child.signalCode !== null)
        throw new Error(`exited before its step ${JSON.stringify(step)}:\n${spawned.stderr()}`);
      await new Promise((r) => setTimeout(r, 10));
      held = heldPid(pid);
    }
    // Sent before the release: delivered before the held thread runs another line of its own.
    process.kill(held, signal);
    writeFileSync(release, "");
  };
  return { ...spawned, signalInStep };
}

/**
 * The folder `dir` as a project whose @blockwright/runtime resolves to this repository's (as after `npm install`),
 * with `folders` made in it.
 */
export function runtimeProject(dir: string, ...folders: string[]): string {
  mkdirSync(join(dir, "node_modules/@blockwright"), { recursive: true });
  symlinkSync(join(ROOT, "runtime"), join(dir, "node_modules/@blockwright/runtime"));
  for (const folder of folders) mkdirSync(join(dir, folder), { recursive: true });
  return dir;
}

/**
 * The folder `dir` as a project with the runtime resolvable, the given providers' specs copied in (`specs/<p>/` from
 * each folder), and the packages of `generatedFrom` copied from this repository's generated/.
 */
export function specsProject(dir: string, specs: Record<string, string>, generatedFrom: string[] = []): string {
  runtimeProject(dir);
  for (const [provider, from] of Object.entries(specs)) cpSync(from, join(dir, "specs", provider), { recursive: true });
  for (const provider of generatedFrom)
    cpSync(join(ROOT, "generated", provider), join(dir, "generated", provider), { recursive: true });
  return dir;
}

/** Replace the first `find` in `file` with `replace`; a `find` the file lacks throws. */
export function editFile(file: string, find: string, replace: string): void {
  const text = readFileSync(file, "utf8");
  if (!text.includes(find)) throw new Error(`${file} has no ${JSON.stringify(find)}`);
  writeFileSync(file, text.replace(find, replace));
}

/** The cases of a `blockwright test --reporter json` report that did not pass, each as `id: message`. */
export function failedCases(report: string): string[] {
  return (JSON.parse(report) as { cases: { id: string; status: string; message?: string }[] }).cases
    .filter((c) => c.status !== "passed")
    .map((c) => `${c.id}: ${c.message}`);
}

/**
 * A copy of this repository's project (specs, generated packages, LICENSE, a package.json) in a new folder under
 * `parent`, to change freely; with `providers`, theirs alone (specs/<p>/ and generated/<p>/, not generated/README.md,
 * which names them all): a test whose claim is one provider's files then links one, not every provider (seven in a
 * whole run's neutral copy).
 */
export function copyOfRepository(parent: string, providers?: string[]): string {
  const dir = mkdtempSync(join(parent, "project-"));
  for (const folder of ["specs", "generated"])
    if (!providers) cpSync(join(ROOT, folder), join(dir, folder), { recursive: true });
    else for (const p of providers) cpSync(join(ROOT, folder, p), join(dir, folder, p), { recursive: true });
  cpSync(join(ROOT, "LICENSE"), join(dir, "LICENSE"));
  writeFileSync(join(dir, "package.json"), copiedPackageJson());
  return dir;
}

/**
 * A copy's package.json: what of this repository's generation reads (license, links, scope), so that its generated/
 * stays current there.
 */
export function copiedPackageJson(): string {
  const { license, homepage, repository, bugs, blockwright } = JSON.parse(
    readFileSync(join(ROOT, "package.json"), "utf8"),
  ) as Record<string, unknown>;
  return JSON.stringify({ name: "copy", license, homepage, repository, bugs, blockwright });
}

/** Whether nothing listens at `url` any more. */
export async function refused(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(5000) });
    return false;
  } catch (e) {
    return ((e as { cause?: { code?: string } }).cause?.code ?? "") === "ECONNREFUSED";
  }
}

/** Every loopback address printed, e.g. `http://127.0.0.1:4321`. */
export function addresses(text: string): string[] {
  return [...text.matchAll(/http:\/\/127\.0\.0\.1:\d+/g)].map((m) => m[0]);
}
