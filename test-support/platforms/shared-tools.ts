// The suite's one n8n linter and one n8n engine (lint-packages.mjs and run-workflow.cjs, each `--serve`), in Vitest's
// main process: the main project's global set-up starts each on the first ask of a test (tools.ts lintPackages and
// runN8nWorkflows, through its loopback server), gives it every ask of the run in turn, and stops and reaps it after
// the run. A process a call loaded ESLint with n8n's rule sets (1.5–1.8 s of CPU at load 16) or n8n-core (3.5–5 s)
// again: three files a run lint, two run workflows.
import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { ownedFolder } from "../run/owned-folder.js";

/** The tools the set-up's server serves at `/<tool>`, by their script beside this module. */
const SCRIPTS = { "n8n-lint": "lint-packages.mjs", "n8n-run": "run-workflow.cjs" } as const;
export type SharedTool = keyof typeof SCRIPTS;
export const isSharedTool = (name: string): name is SharedTool => Object.hasOwn(SCRIPTS, name);

interface Served {
  /** The answer to one ask, in the order asked. */
  ask(request: unknown): Promise<unknown>;
  /** Its channel closed; resolved when the process has exited (ended after a minute if it does not). */
  close(): Promise<void>;
}

/** The last of a tool's output kept for a failure's message. */
const TAIL = 64 * 1024;

/**
 * `node <script> --serve` beside this module: each ask a message on its IPC channel, each answer one back
 * (`{answer}` or `{error}`), in order; it ends when the channel closes.
 */
function serve(script: string, env: NodeJS.ProcessEnv): Served {
  const child: ChildProcess = spawn(process.execPath, [fileURLToPath(new URL(script, import.meta.url)), "--serve"], {
    cwd: fileURLToPath(new URL(".", import.meta.url)),
    env,
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  let output = "";
  const keep = (d: string) => {
    output = (output + d).slice(-TAIL);
  };
  child.stdout!.setEncoding("utf8").on("data", keep);
  child.stderr!.setEncoding("utf8").on("data", keep);
  /** Why it can answer no more: it ended, or never started. */
  let ended: Error | undefined;
  const waiting: { resolve: (answer: unknown) => void; reject: (e: Error) => void }[] = [];
  child.on("message", (m: { answer: unknown } | { error: string }) => {
    const w = waiting.shift();
    if ("error" in m) w?.reject(new Error(`${script} failed:\n${m.error}\n${output}`));
    else w?.resolve(m.answer);
  });
  const end = (e: Error) => {
    ended ??= e;
    for (const w of waiting.splice(0)) w.reject(ended);
  };
  // Ended at its `exit`, not its `close`: the parent's own disconnect leaves the IPC channel's close uncounted
  // (`_closesGot` one short), so `close` never came and the global teardown waited for ever after a green run.
  const exited = new Promise<void>((resolve) =>
    child.on("exit", (code, signal) => {
      end(new Error(`${script} ended (${signal ?? `exit ${code}`}) before it answered:\n${output}`));
      resolve();
    }),
  );
  child.on("error", (e) => end(new Error(`${script} did not start: ${e.message}`)));
  return {
    ask: (request) =>
      new Promise((resolve, reject) => {
        if (ended) return reject(ended);
        waiting.push({ resolve, reject });
        child.send(request as object);
      }),
    close() {
      if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
      if (child.connected) child.disconnect();
      // A tool that does not end when its channel closes (a handle its engine left open) is ended: a hang, not a wait.
      const stop = setTimeout(() => child.kill("SIGKILL"), 60_000);
      return exited.finally(() => clearTimeout(stop));
    },
  };
}

const started = new Map<SharedTool, Served>();
/** n8n's settings folder for the run's engine (N8N_USER_FOLDER), out of $HOME. */
let n8nHome: string | undefined;

/**
 * The tool's answer to `request`, the tool started on its first ask with `env` (the project's, without NODE_ENV=test:
 * under it n8n's rule sets name every node file as in their own tests), the engine's settings folder in `scratch`.
 */
export function askSharedTool(tool: SharedTool, request: unknown, env: NodeJS.ProcessEnv, scratch: string) {
  let served = started.get(tool);
  if (!served) {
    const { NODE_ENV: _test, VITEST: _vitest, ...own } = env;
    if (tool === "n8n-run") n8nHome = ownedFolder(scratch, "blockwright-n8n-home-");
    served = serve(SCRIPTS[tool], tool === "n8n-run" ? { ...own, ...n8nSettings(n8nHome!) } : own);
    started.set(tool, served);
  }
  return served.ask(request);
}

/** n8n's engine's settings: its folder, a fixed key for the credentials it would store, no telemetry. */
export function n8nSettings(userFolder: string): NodeJS.ProcessEnv {
  return {
    N8N_USER_FOLDER: userFolder,
    N8N_ENCRYPTION_KEY: "blockwright-test-settings-key",
    N8N_DIAGNOSTICS_ENABLED: "false",
  };
}

/** Each tool started stopped and reaped, the engine's folder removed. */
export async function closeSharedTools(): Promise<void> {
  await Promise.all([...started.values()].map((s) => s.close()));
  started.clear();
  if (n8nHome) rmSync(n8nHome, { recursive: true, force: true });
}
