// The blockwright package as a library: run workflows over generated
// provider packages, and build registries from them. The command line is
// bin/blockwright.js; provider packages (`@scope/<provider>`) are what
// applications import to call tools.
import {
  runWorkflowWith,
  type Registry,
  type RunOptions,
  type RunResult,
  type Workflow,
} from "@blockwright/runtime/workflow";
import { agentFetch } from "@blockwright/runtime/internal";
import { checkWorkflow, loadWorkflow, WorkflowErrors } from "./workflow/validate.js";
import { parseYamlSource } from "./load/yaml-source.js";

export { createRegistry, loadRegistry, type LoadedRegistry } from "./registry/registry.js";
export { WorkflowErrors, type Registry };
export type { RunOptions, RunResult, Workflow } from "@blockwright/runtime/workflow";

/**
 * Check and run a workflow (a file path, or the parsed object) with the
 * tools of `registry` (from `createRegistry([provider, …])` or
 * `loadRegistry("generated")`). Throws WorkflowErrors, listing every problem
 * with its position, when the workflow is invalid; otherwise never throws:
 * failed blocks are in the result. `mode: "mock"` (with `baseUrls` pointing
 * at mock servers) gives missing environment values placeholders; `"live"`
 * (the default) requires every one.
 */
export async function runWorkflow(
  workflow: string | Workflow,
  options: RunOptions & { registry: Registry; mode?: "mock" | "live" },
): Promise<RunResult> {
  const { registry, mode, ...run } = options;
  const validateOptions = { env: options.env, mode: mode ?? "live" };
  const checked =
    typeof workflow === "string"
      ? loadWorkflow(workflow, registry, validateOptions)
      : checkWorkflow(
          parseYamlSource<Workflow>(JSON.stringify(workflow, null, 2), "<workflow>"),
          registry,
          validateOptions,
        );
  // Each request says who calls (User-Agent: blockwright/<version>) where no header says one, as executeTool's do.
  return runWorkflowWith(registry, checked, { ...run, fetch: agentFetch(run.fetch) });
}
