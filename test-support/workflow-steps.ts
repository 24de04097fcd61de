// A GitHub Actions workflow's steps as the runner runs them: the script of a
// `run` step, its environment, and the shell command GitHub starts it with
// (the step's `shell`, else the job's or the workflow's `defaults.run.shell`,
// else GitHub's default). The default on Linux is `bash -e {0}`: a command
// that fails inside a pipe (`publish | tee out`) leaves the step green; only
// an explicit `shell: bash` adds `-o pipefail`.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "yaml";

export interface WorkflowStep {
  name?: string;
  id?: string;
  uses?: string;
  run?: string;
  shell?: string;
  if?: string;
  env?: Record<string, string>;
  with?: Record<string, unknown>;
}
export interface WorkflowJob {
  name?: string;
  needs?: string | string[];
  if?: string;
  permissions?: Record<string, string>;
  strategy?: { matrix?: Record<string, unknown[]> };
  defaults?: { run?: { shell?: string } };
  steps: WorkflowStep[];
}
export interface Workflow {
  on: unknown;
  permissions?: Record<string, string>;
  concurrency?: { "cancel-in-progress"?: boolean };
  defaults?: { run?: { shell?: string } };
  jobs: Record<string, WorkflowJob>;
}

export function readWorkflow(file: string): Workflow {
  return parse(readFileSync(file, "utf8")) as Workflow;
}

/**
 * The shell a step's script runs in: the step's, the job's default, the workflow's default, or GitHub's (none given).
 */
export function stepShell(workflow: Workflow, job: WorkflowJob, step: WorkflowStep): string | undefined {
  return step.shell ?? job.defaults?.run?.shell ?? workflow.defaults?.run?.shell;
}

/**
 * The command GitHub's Linux runner starts a script with, for a `shell` value
 * (docs.github.com, "jobs.<job_id>.steps[*].shell"): none given, `bash -e`
 * (with `sh -e` where bash is missing); `bash`, `bash --noprofile --norc -eo
 * pipefail`; `sh`, `sh -e`; a custom template (`bash -x {0}`) as written.
 */
export function shellCommand(shell: string | undefined): string[] {
  if (shell === undefined) return ["bash", "-e"];
  if (shell === "bash") return ["bash", "--noprofile", "--norc", "-eo", "pipefail"];
  if (shell === "sh") return ["sh", "-e"];
  return shell.split(/\s+/).filter((w) => w !== "{0}");
}

/**
 * Whether a step's script stops on a failure inside a pipe: its shell sets pipefail, or the script itself does first.
 */
export function failsInsidePipes(workflow: Workflow, job: WorkflowJob, step: WorkflowStep): boolean {
  const command = shellCommand(stepShell(workflow, job, step));
  if (command.join(" ").includes("pipefail")) return true;
  const firstCommand = (step.run ?? "").split("\n").find((l) => l.trim() && !l.trim().startsWith("#")) ?? "";
  return /^\s*set -[a-z]*o pipefail\b|^\s*set -o pipefail\b/.test(firstCommand);
}

/** A `run` line with a pipe (`a | b`, not `a || b`). */
export function hasPipe(script: string): boolean {
  return script.split("\n").some((line) => /(^|[^|])\|(?!\|)/.test(line.replace(/'[^']*'|"[^"]*"/g, "")));
}

export interface StepRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Run a step's script as the runner does: written to a file, started by its
 * shell's command in `cwd`, with `env` (the caller's stand-ins for the step's
 * own `env` and GitHub's variables) over a PATH the caller gives.
 */
export function runStep(
  workflow: Workflow,
  job: WorkflowJob,
  step: WorkflowStep,
  cwd: string,
  env: Record<string, string>,
): Promise<StepRun> {
  if (step.run === undefined) throw new Error(`step ${step.name ?? step.uses} has no run script`);
  const dir = mkdtempSync(join(tmpdir(), "blockwright-step-"));
  const script = join(dir, "step.sh");
  writeFileSync(script, step.run);
  const [command = "bash", ...args] = shellCommand(stepShell(workflow, job, step));
  return new Promise((resolve, reject) => {
    const child = spawn(command, [...args, script], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    // Read as UTF-8 across chunks (a character split by the pipe stays whole).
    child.stdout.setEncoding("utf8");
    child.stderr.setEncoding("utf8");
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", (e) => {
      rmSync(dir, { recursive: true, force: true });
      reject(e);
    });
    child.on("close", (code) => {
      rmSync(dir, { recursive: true, force: true });
      resolve({ code, stdout, stderr });
    });
  });
}

/** The step of `job` named `name` (or with that id). */
export function stepNamed(job: WorkflowJob, name: string): WorkflowStep {
  const step = job.steps.find((s) => s.name === name || s.id === name);
  if (!step)
    throw new Error(
      `no step ${JSON.stringify(name)} among ${job.steps.map((s) => s.name ?? s.uses ?? s.run).join(", ")}`,
    );
  return step;
}
