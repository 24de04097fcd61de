// What `validate` and `run` share: the project's registry, the environment
// (with --env-file) and a checked workflow, or a clear refusal.
import { resolve } from "node:path";
import type { ValidatedWorkflow } from "@blockwright/runtime/workflow";
import type { LoadedRegistry } from "../registry.js";
import { noGeneratedPackages } from "./args.js";
import { readEnvFile } from "./env-file.js";
import { UsageError, type CliIo } from "./io.js";

export interface WorkflowInput {
  registry: LoadedRegistry;
  env: Record<string, string | undefined>;
  /** The workflow, checked; or the problems found, each `file:line:col: …`. */
  checked: ValidatedWorkflow | { problems: string[] };
}

export async function readWorkflowInput(file: string, io: CliIo, options: { out: string; envFile?: string; mode: "mock" | "live" }): Promise<WorkflowInput> {
  const env = { ...io.env, ...(options.envFile ? readEnvFile(options.envFile, io.cwd) : {}) };
  const { loadRegistry, NoProviders } = await import("../registry.js");
  let registry: LoadedRegistry;
  try {
    registry = await loadRegistry(options.out);
  } catch (e) {
    if (e instanceof NoProviders) throw new UsageError(noGeneratedPackages(options.out, io.cwd));
    throw e;
  }
  const { loadWorkflow, WorkflowErrors } = await import("../workflow/validate.js");
  const { UnreadableSource } = await import("../yaml/yaml-source.js");
  try {
    return { registry, env, checked: loadWorkflow(resolve(io.cwd, file), registry, { env, mode: options.mode }, file) };
  } catch (e) {
    if (e instanceof WorkflowErrors) return { registry, env, checked: { problems: e.errors.map((x) => x.message) } };
    if (e instanceof UnreadableSource) throw new UsageError(e.message);
    throw e;
  }
}
