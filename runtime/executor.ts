// `executeTool` typed per operation: the operation id picks the parameter and
// output types, so a wrong parameter name, a missing required parameter, a
// wrong value type or an unknown operation id is a compile error.
import type { ToolResult } from "./errors.js";
import { executeToolDefinition, type ExecuteOptions } from "./execute.js";
import { ownValue } from "./own.js";
import type { ToolDefinition } from "./tool-types.js";

export type ToolMap = Record<string, ToolDefinition<object, object>>;
export type ParamsOf<T> = T extends ToolDefinition<infer P, object> ? P : never;
export type OutputOf<T> = T extends ToolDefinition<object, infer O> ? O : never;

export type ToolExecutor<T extends ToolMap> = <K extends keyof T & string>(operationId: K, params: ParamsOf<T[K]>, options?: ExecuteOptions) => Promise<ToolResult<OutputOf<T[K]>>>;

/**
 * A typed `executeTool` over a set of tools. It never throws for bad input or
 * upstream failures: the result is `{success: true, output}` or
 * `{success: false, error}`. An operation id that is not in the set (from
 * untyped callers) is a validation error.
 */
export function createExecutor<T extends ToolMap>(tools: T): ToolExecutor<T> {
  return (async (operationId: string, params: object, options?: ExecuteOptions): Promise<ToolResult> => {
    const tool = ownValue(tools, operationId) as ToolDefinition | undefined;
    if (!tool) {
      return {
        success: false,
        error: {
          type: "validation",
          provider: operationId.split("_")[0] ?? "",
          operation: operationId,
          rule: "operation",
          message: `unknown operation ${JSON.stringify(operationId)} (operations: ${Object.keys(tools).join(", ")})`,
        },
      };
    }
    return executeToolDefinition(tool, params as Record<string, unknown>, options);
  }) as ToolExecutor<T>;
}
