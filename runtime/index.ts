// The package entry: run any generated tool by its operation id, and the
// registries of tools and blocks.
import { blocks, tools, type ToolId } from "../generated/registry.js";
import type { ToolResult } from "./errors.js";
import { executeToolDefinition, type ExecuteOptions } from "./execute.js";
import type { ToolDefinition, ToolSpec } from "./tool-types.js";

export { tools, blocks };
export type { ToolId, BlockType } from "../generated/registry.js";
export type { ToolError, ToolErrorType, ToolResult } from "./errors.js";
export type { ExecuteOptions } from "./execute.js";
export type { FetchLike } from "./client.js";
export type * from "./tool-types.js";
export type * from "./block-types.js";
export { executeToolDefinition } from "./execute.js";
export { redact } from "./redact.js";

type Typed<K extends ToolId> = (typeof tools)[K] extends ToolDefinition<infer P, infer O> ? { params: P; output: O } : never;

/**
 * Run the tool `operationId` with `params`. Never throws for bad input or
 * upstream failures: the result is `{success: true, output}` or
 * `{success: false, error}` with one error shape for every provider.
 */
export function executeTool<K extends ToolId>(operationId: K, params: Typed<K>["params"], options?: ExecuteOptions): Promise<ToolResult<Typed<K>["output"]>>;
export function executeTool(operationId: string, params: object, options?: ExecuteOptions): Promise<ToolResult>;
export async function executeTool(operationId: string, params: object, options?: ExecuteOptions): Promise<ToolResult> {
  const tool = (tools as unknown as Record<string, ToolSpec | undefined>)[operationId];
  if (!tool) {
    const provider = operationId.split("_")[0] ?? "";
    return {
      success: false,
      error: { type: "validation", provider, operation: operationId, rule: "operation", message: `unknown operation ${JSON.stringify(operationId)} (operations: ${Object.keys(tools).join(", ")})` },
    };
  }
  return executeToolDefinition(tool, params as Record<string, unknown>, options);
}
