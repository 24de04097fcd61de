// The executors of the node entry (node.ts: Node.js, Deno, Bun), each request saying who calls,
// `User-Agent: blockwright/<the runtime's version>`, as a client's does, where none of its headers says one: a one-off
// call (`executeTool`, `executeToolDefinition`, `blockwright call`, `blockwright mcp`) was sent as the fetch's own
// (`node`). Their fetch is wrapped, so that neither a browser's bundle (index.ts's executors, which say none: a
// browser's fetch says its own) nor a client's (whose User-Agent names its package too) carries any of it.
import type { FetchLike } from "../http/transport.js";
import type { ToolResult } from "../http/errors.js";
import type { ExecuteOptions } from "../call/single-call.js";
import type { Support } from "../call/support.js";
import type { ToolCall } from "../spec/tool-types.js";
import { RUNTIME_VERSION } from "./version.js";
import {
  executeToolDefinition as executeUnsaid,
  paginateToolDefinition as paginateUnsaid,
} from "../execute/execute.js";
import {
  createExecutor as executorUnsaid,
  createPackageExecutor as packageExecutorUnsaid,
  type ExecutorOptions,
  type ToolExecutor,
  type ToolMap,
} from "../execute/executor.js";

/** What a one-off call says it is. */
export const CALL_AGENT = `blockwright/${RUNTIME_VERSION}`;

/**
 * A fetch (`inner`, else the global one) whose requests say CALL_AGENT where no header says one: the one-off calls'
 * below, and the workflow runner's in Node (`blockwright run`, `serve`, the library's runWorkflow), whose entry
 * (`@blockwright/runtime/workflow`) a browser bundles too.
 */
export function agentFetch(inner: FetchLike = (r: Request) => fetch(r)): FetchLike {
  return (request) => {
    if (!request.headers.has("user-agent")) request.headers.set("user-agent", CALL_AGENT);
    return inner(request);
  };
}

/** A call's options, its fetch (the call's, else the executor's, else the global one) saying CALL_AGENT. */
function said<O extends { fetch?: FetchLike }>(options: O | undefined, shared?: FetchLike): O {
  return { ...(options as O), fetch: agentFetch(options?.fetch ?? shared) };
}

/** An executor whose calls and pages say CALL_AGENT (a prepared request is sent by its host: left as it is). */
function saying<T extends ToolMap>(executor: ToolExecutor<T>, shared: ExecutorOptions): ToolExecutor<T> {
  const own = (shared as { fetch?: FetchLike }).fetch;
  const call = ((operationId, params, options) => executor(operationId, params, said(options, own))) as ToolExecutor<T>;
  call.paginate = (operationId, params, options) => executor.paginate(operationId, params, said(options, own));
  call.prepare = executor.prepare;
  return call;
}

export function createExecutor<T extends ToolMap>(tools: T, shared: ExecutorOptions = {}): ToolExecutor<T> {
  return saying(executorUnsaid(tools, shared), shared);
}

export function createPackageExecutor<T extends ToolMap>(tools: T, shared: ExecutorOptions = {}): ToolExecutor<T> {
  return saying(packageExecutorUnsaid(tools, shared), shared);
}

export function executeToolDefinition(
  tool: ToolCall,
  params: Record<string, unknown> | undefined,
  options: ExecuteOptions & Support = {},
): Promise<ToolResult> {
  return executeUnsaid(tool, params, said(options));
}

export function paginateToolDefinition(
  tool: ToolCall,
  params: Record<string, unknown> | undefined,
  options: ExecuteOptions & Support = {},
): AsyncGenerator<ToolResult> {
  return paginateUnsaid(tool, params, said(options));
}
