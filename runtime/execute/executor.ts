// `executeTool` typed per operation: the operation id picks the parameter and
// output types, so a wrong parameter name, a missing required parameter, a
// wrong value type or an unknown operation id is a compile error. Its
// `paginate` walks the pages of the operations that declare pagination.
import type { ToolResult } from "../http/errors.js";
import { runTool } from "./run-tool.js";
import type { ExecuteOptions } from "../call/single-call.js";
import { BY_HAND, type Support } from "../call/support.js";
import type { TokenCache } from "../oauth/token-cache.js";
import type { RateLimiter } from "../http/rate-limiter.js";
import { merged, ownValue } from "../common/own.js";
import { paginateToolDefinition } from "../paging/paginate.js";
import { type PreparedRequest, type PrepareOptions, prepareRequest } from "./prepared.js";
import type { ToolDefinition, ToolCall } from "../spec/tool-types.js";

/**
 * The tool fields whose effect this module gives (tool-field-readers.ts: each field has a reader;
 * tool-field-readers.test.ts: each reader reads it).
 */
export const TOOL_FIELDS_READ = ["provider"] as const satisfies readonly (keyof ToolCall)[];

export type ToolMap = Record<string, ToolDefinition<object, object>>;
export type ParamsOf<T> = T extends ToolDefinition<infer P, object> ? P : never;
export type OutputOf<T> = T extends ToolDefinition<object, infer O> ? O : never;
/** The operation ids of the tools that declare pagination. */
export type PagedOperationIds<T extends ToolMap> = {
  [K in keyof T & string]: T[K] extends ToolDefinition<object, object, true> ? K : never;
}[keyof T & string];
/** Options of `paginate`: those of a call, each page being one call (allPages is implied). */
export type PageOptions = Omit<ExecuteOptions, "allPages">;

export interface ToolExecutor<T extends ToolMap> {
  <K extends keyof T & string>(
    operationId: K,
    params: ParamsOf<T[K]>,
    options?: ExecuteOptions,
  ): Promise<ToolResult<OutputOf<T[K]>>>;
  /**
   * The pages of a list operation, one result each, in order: the iteration
   * ends after the last page, after `maxPages` pages or `maxItems` items, or
   * with a failed result (bad input, an upstream error, a next page on
   * another address). Never throws for those.
   */
  paginate<K extends PagedOperationIds<T>>(
    operationId: K,
    params: ParamsOf<T[K]>,
    options?: PageOptions,
  ): AsyncGenerator<ToolResult<OutputOf<T[K]>>>;
  /**
   * The request a call would send, for a host that sends it itself (a workflow platform's executor), and the
   * reading of the host's answer (prepared.ts): the values checked and the request built before anything is sent,
   * or the failure. One request: no retries, pages or rate of the runtime's.
   */
  prepare<K extends keyof T & string>(
    operationId: K,
    params: ParamsOf<T[K]>,
    options?: PrepareOptions,
  ): PreparedRequest<OutputOf<T[K]>> | { failed: Extract<ToolResult, { success: false }> };
}

/**
 * What every call of one executor shares, and the parts of the runtime's
 * support its tools need (call/support.ts: `oauth: oauthFlows`, `json:
 * jsonParams`, `boolean: booleanValues`, `rules: ruleChecks`, `formats: valueFormats`, `strings:
 * stringRules`, `form: formEncoding`, `bodies: requestBodies`, `writes:
 * writeSafety`, `credentials: credentialKinds`, `requestSize:
 * requestSizeCheck`, `links: pageLinks`, `cursors: pageCursors`, `rateLimits: RateLimiter`, `waits:
 * rateLimitWaits`, `files: fileSupport`, `addresses: instanceAddresses`,
 * `routes: valueRoutes`, `constants: wireConstants`, `outcomes: replyOutcomes`; a generated package passes those of its
 * provider). Without `oauth`, only a token given as the credential parameter works; without `rateLimits` (or a
 * `limiter`), no documented rate is kept; a tool that needs another part fails, naming it.
 * With `rateLimits`, the rate is kept per credential by the process's one
 * limiter, with every other executor, client and workflow run that sends with
 * the same credential (RateLimiter.shared()).
 */
export interface ExecutorOptions extends Support {
  /**
   * OAuth 2 access tokens, per credential set: concurrent calls share one token request (made anew with `oauth` when
   * not given).
   */
  tokens?: TokenCache;
  /**
   * Where the providers' documented request rates (rateLimits.requestsPerMinute) are kept per credential (with
   * `rateLimits`, when not given: the process's, RateLimiter.shared()); one of its own keeps the executor's calls
   * apart.
   */
  limiter?: RateLimiter;
}

/**
 * A typed `executeTool` over a set of tools. It never throws for bad input or
 * upstream failures: the result is `{success: true, output}` or
 * `{success: false, error}`. OAuth 2 access tokens (tools with `auth.flows`)
 * are cached per executor and credential set, and a provider's documented
 * request rate is kept per credential by every call in the process (rate-limiter.ts).
 * An operation id that is not in the set (from untyped callers) is a
 * validation error.
 */
export function createExecutor<T extends ToolMap>(tools: T, shared: ExecutorOptions = {}): ToolExecutor<T> {
  return executorOf(tools, shared, BY_HAND);
}

/**
 * A generated package's `executeTool`: createExecutor without the check of
 * the parts, which the generator chose for its tools (src/emit/emit-client.ts
 * supportParts), so that the package bundles none of the check.
 */
export function createPackageExecutor<T extends ToolMap>(tools: T, shared: ExecutorOptions = {}): ToolExecutor<T> {
  return executorOf(tools, shared);
}

function executorOf<T extends ToolMap>(tools: T, shared: ExecutorOptions, byHand?: typeof BY_HAND): ToolExecutor<T> {
  const { tokens = shared.oauth?.tokenCache(), limiter = shared.rateLimits?.shared(), ...support } = shared;
  // A tool whose part the caller did not give is refused before any request (support.ts).
  const kept = { ...byHand, ...support, ...(tokens ? { tokens } : {}), ...(limiter ? { limiter } : {}) };
  const providers = [...new Set(Object.values(tools).map((t) => t.provider))];
  const unknown = (operationId: string): Extract<ToolResult, { success: false }> => ({
    success: false,
    error: {
      type: "validation",
      // The provider whose id prefixes the operation id (the longest), if any.
      provider: providers.filter((p) => operationId.startsWith(`${p}_`)).sort((a, b) => b.length - a.length)[0] ?? "",
      operation: operationId,
      rule: "operation",
      message: `unknown operation ${JSON.stringify(operationId)} (operations: ${Object.keys(tools).join(", ")})`,
    },
  });
  // Not async: runTool's promise is returned as it is (an async function's own promise around it was about 40 ns a
  // call, Node 24). What an async function would have rejected with (an operation id whose text throws) still is.
  const execute = (operationId: string, params: object, options?: ExecuteOptions): Promise<ToolResult> => {
    try {
      const tool = ownValue(tools, operationId) as ToolDefinition | undefined;
      if (!tool) return Promise.resolve(unknown(operationId));
      return runTool(tool, params as Record<string, unknown>, merged(kept, options));
    } catch (e) {
      return Promise.reject(e);
    }
  };
  const paginate = async function* (
    operationId: string,
    params: object,
    options?: PageOptions,
  ): AsyncGenerator<ToolResult> {
    const tool = ownValue(tools, operationId) as ToolDefinition | undefined;
    if (!tool) {
      yield unknown(operationId);
      return;
    }
    yield* paginateToolDefinition(tool, params as Record<string, unknown>, merged(kept, options));
  };
  const prepare = (operationId: string, params: object, options?: PrepareOptions) => {
    const tool = ownValue(tools, operationId) as ToolDefinition | undefined;
    if (!tool) return { failed: unknown(operationId) };
    return prepareRequest(tool, params as Record<string, unknown>, merged(kept, options));
  };
  return Object.assign(execute, { paginate, prepare }) as unknown as ToolExecutor<T>;
}
