// The package entry: run any generated tool by its operation id, run
// workflows of blocks, and the registries of tools and blocks.
import { blocks, tools, type ToolId } from "../generated/registry.js";
import type { ToolResult } from "./errors.js";
import { executeToolDefinition, type ExecuteOptions } from "./execute.js";
import type { ToolDefinition, ToolSpec } from "./tool-types.js";
import { runWorkflowWith, type RunOptions } from "./workflow/run.js";
import type { RunResult, Workflow } from "./workflow/types.js";
import { checkWorkflow, loadWorkflow, type Registry } from "./workflow/validate.js";
import { parseYamlSource } from "./yaml-source.js";
import { ownValue } from "./own.js";

export { tools, blocks };
export type { ToolId, BlockType } from "../generated/registry.js";
export type { ToolError, ToolErrorType, ToolResult } from "./errors.js";
export type { ExecuteOptions } from "./execute.js";
export type { FetchLike } from "./client.js";
export type * from "./tool-types.js";
export type * from "./block-types.js";
export type { Workflow, WorkflowBlock, RunResult, BlockResult, RunEvent, BlockStatus } from "./workflow/types.js";
export type { RunOptions } from "./workflow/run.js";
export { executeToolDefinition } from "./execute.js";
export { redact } from "./redact.js";
export { WorkflowErrors } from "./workflow/validate.js";

/** Tools and blocks by id, as the workflow runner sees them. */
export const registry: Registry = { tools: tools as unknown as Registry["tools"], blocks: blocks as unknown as Registry["blocks"] };

type Typed<K extends ToolId> = (typeof tools)[K] extends ToolDefinition<infer P, infer O> ? { params: P; output: O } : never;

/**
 * Run the tool `operationId` with `params`. Never throws for bad input or
 * upstream failures: the result is `{success: true, output}` or
 * `{success: false, error}` with one error shape for every provider.
 */
export function executeTool<K extends ToolId>(operationId: K, params: Typed<K>["params"], options?: ExecuteOptions): Promise<ToolResult<Typed<K>["output"]>>;
export function executeTool(operationId: string, params: object, options?: ExecuteOptions): Promise<ToolResult>;
export async function executeTool(operationId: string, params: object, options?: ExecuteOptions): Promise<ToolResult> {
  const tool = ownValue(registry.tools, operationId) as ToolSpec | undefined;
  if (!tool) {
    const provider = operationId.split("_")[0] ?? "";
    return {
      success: false,
      error: { type: "validation", provider, operation: operationId, rule: "operation", message: `unknown operation ${JSON.stringify(operationId)} (operations: ${Object.keys(tools).join(", ")})` },
    };
  }
  return executeToolDefinition(tool, params as Record<string, unknown>, options);
}

/**
 * Check and run a workflow (a file path, or the parsed object). Throws
 * WorkflowErrors, listing every problem with its position, when the workflow
 * is invalid; otherwise never throws: failed blocks are in the result.
 * `mode: "mock"` (with `baseUrls` pointing at mock servers) gives missing
 * environment values placeholders; `"live"` (the default) requires every one.
 */
export async function runWorkflow(workflow: string | Workflow, options: RunOptions & { mode?: "mock" | "live" }): Promise<RunResult> {
  const validateOptions = { env: options.env, mode: options.mode ?? "live" };
  const checked =
    typeof workflow === "string"
      ? loadWorkflow(workflow, registry, validateOptions)
      : checkWorkflow(parseYamlSource<Workflow>(JSON.stringify(workflow, null, 2), "<workflow>"), registry, validateOptions);
  return runWorkflowWith(registry, checked, options);
}
