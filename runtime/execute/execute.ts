// Running one tool with everything its definition may need (every part of
// the runtime's support, OAuth 2 flows included; run-tool.ts is the same
// with only the parts its caller gives): what the workflow runner, the
// command line and one-off callers use.
import { BY_HAND, type Support } from "../call/support.js";
import type { ExecuteOptions } from "../call/single-call.js";
import type { ToolResult } from "../http/errors.js";
import { paginateToolDefinition as pagesOf } from "../paging/paginate.js";
import type { ToolCall } from "../spec/tool-types.js";
import { fullSupport } from "./full-support.js";
import { runTool } from "./run-tool.js";
import { merged } from "../common/own.js";

// Every part, the check that a tool's part is given (should a caller's options take one away), and the process's rate
// limiter: a one-off call keeps a provider's rate per credential with every other caller in the process.
const { rateLimits, ...parts } = fullSupport;
const everyPart = { ...BY_HAND, ...parts, limiter: rateLimits.shared() };

export async function executeToolDefinition(
  tool: ToolCall,
  params: Record<string, unknown> | undefined,
  options: ExecuteOptions & Support = {},
): Promise<ToolResult> {
  return runTool(tool, params, merged(everyPart, options));
}

/** The pages of a list operation, one result each (paginate.ts), every part of the support included. */
export function paginateToolDefinition(
  tool: ToolCall,
  params: Record<string, unknown> | undefined,
  options: ExecuteOptions & Support = {},
): AsyncGenerator<ToolResult> {
  return pagesOf(tool, params, merged(everyPart, options));
}
