// Running a tool: one call (single-call.ts), or, when the caller asks for all
// pages of a tool that declares pagination, one call per page (paginate.ts).
// Without the OAuth 2 support unless the options carry it (call/credential.ts):
// executors and clients build on this; execute.ts adds the support.
import type { ToolResult } from "../http/errors.js";
import { wantsPages } from "../validate/page-inputs.js";
import { gatherPages } from "../paging/paginate.js";
import {
  type CallSupport,
  type ExecuteOptions,
  openCallFiles,
  type PreparedCall,
  prepareCall,
  sendCall,
} from "../call/single-call.js";
import type { ToolCall } from "../spec/tool-types.js";

export function runTool(
  tool: ToolCall,
  params: Record<string, unknown> | undefined,
  options: ExecuteOptions & CallSupport = {},
): Promise<ToolResult> {
  // Not async: each of the two returns its own promise, and a promise more a call is a microtask more.
  return wantsPages(options) ? gatherPages(tool, params, options) : runOnce(tool, params, options);
}

/**
 * One call, never all pages: what a client's methods run (their pages come item by item from `.items`), so a client
 * bundles no page merging.
 */
export function runOnce(
  tool: ToolCall,
  params: Record<string, unknown> | undefined,
  options: ExecuteOptions & CallSupport,
): Promise<ToolResult> {
  // Not async: the sending's promise is the call's, bringing its result (an async function awaiting it was a frame and
  // a microtask more a call, a `then` taking the result a promise and a microtask). What it threw, it rejects with.
  try {
    const prepared = prepareCall(tool, params, options);
    if ("failed" in prepared) return Promise.resolve(prepared.failed);
    // Only a package with the files part opens files: an await of nothing to open is a microtask a call.
    if (options.files) return withFiles(prepared, options);
    return sendCall(prepared, prepared.request(), options, undefined, 0, true);
  } catch (e) {
    return Promise.reject(e);
  }
}

async function withFiles(prepared: PreparedCall, options: ExecuteOptions & CallSupport): Promise<ToolResult> {
  const unopened = await openCallFiles(prepared, options);
  if (unopened) return unopened;
  return (await sendCall(prepared, prepared.request(), options)).result;
}
