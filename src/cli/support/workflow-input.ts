// What `validate` and `run` share: the project's registry, the environment
// (with --env-file) and a checked workflow, or a clear refusal.
import { resolve } from "node:path";
import type { ValidatedWorkflow } from "@blockwright/runtime/workflow";
import type { LoadedRegistry } from "../../registry/registry.js";
import { type ProblemJson, problemJson } from "./problem-json.js";
import { noGeneratedPackages } from "./args.js";
import { readEnvFile } from "./env-file.js";
import { standardInput, UsageError, type CliIo } from "./io.js";

/** How a workflow read from standard input (`-`) is named in messages. */
export const STDIN_NAME = "<stdin>";

export interface WorkflowInput {
  registry: LoadedRegistry;
  env: Record<string, string | undefined>;
  /** The workflow, checked; or the problems found, each `file:line:col: …`, and each with its position apart. */
  checked: ValidatedWorkflow | { problems: string[]; at: ProblemJson[] };
}

/** Read and check the workflow `file`; `-` reads it from standard input. */
export async function readWorkflowInput(
  file: string,
  io: CliIo,
  options: { out: string; envFile?: string; mode: "mock" | "live" },
): Promise<WorkflowInput> {
  const env = { ...io.env, ...(options.envFile ? readEnvFile(options.envFile, io.cwd) : {}) };
  const { loadRegistry, NoProviders } = await import("../../registry/registry.js");
  let registry: LoadedRegistry;
  try {
    registry = await loadRegistry(options.out);
  } catch (e) {
    if (e instanceof NoProviders) throw new UsageError("BW3005", noGeneratedPackages(options.out, io.cwd));
    throw e;
  }
  const { loadWorkflow, parseWorkflow, WorkflowErrors } = await import("../../workflow/validate.js");
  const { UnreadableSource } = await import("../../load/yaml-source.js");
  const text = file === "-" ? await standardInput(io, "<workflow> -") : undefined;
  const validate = { env, mode: options.mode };
  try {
    return {
      registry,
      env,
      checked:
        text === undefined
          ? loadWorkflow(resolve(io.cwd, file), registry, validate, file)
          : parseWorkflow(text, STDIN_NAME, registry, validate),
    };
  } catch (e) {
    if (e instanceof WorkflowErrors)
      return {
        registry,
        env,
        checked: {
          problems: e.errors.map((x) => x.printed),
          at: e.errors.map((x) => problemJson(x.position, x.code, x.detail)),
        },
      };
    if (e instanceof UnreadableSource) throw new UsageError(e.code, e.message);
    throw e;
  }
}
