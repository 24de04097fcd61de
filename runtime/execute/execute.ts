// Running one tool with everything its definition may need, OAuth 2 flows
// included (run-tool.ts is the same without them, for packages that declare
// none): what the workflow runner, the command line and one-off callers use.
import type { WithOAuth } from "../call/credential.js";
import type { ExecuteOptions } from "../call/single-call.js";
import type { ToolResult } from "../http/errors.js";
import { callCredential as oauthFlows } from "../oauth/flows.js";
import { paginateToolDefinition as pagesOf } from "../paging/paginate.js";
import type { ToolSpec } from "../spec/tool-types.js";
import { runTool } from "./run-tool.js";

export async function executeToolDefinition(tool: ToolSpec, params: Record<string, unknown> | undefined, options: ExecuteOptions & WithOAuth = {}): Promise<ToolResult> {
  return runTool(tool, params, { oauth: oauthFlows, ...options });
}

/** The pages of a list operation, one result each (paginate.ts), OAuth 2 flows included. */
export function paginateToolDefinition(tool: ToolSpec, params: Record<string, unknown> | undefined, options: ExecuteOptions & WithOAuth = {}): AsyncGenerator<ToolResult> {
  return pagesOf(tool, params, { oauth: oauthFlows, ...options });
}

export { oauthFlows };
