// The types of a provider client (client.ts): its options, its methods (one
// per operation, typed by the generated package) and what hooks receive.
import type { ExecuteOptions } from "../call/single-call.js";
import type { ToolResult } from "../http/errors.js";
import type { FetchLike } from "../http/transport.js";
import type { ToolCall } from "../spec/tool-types.js";

/**
 * Where a client writes one line per request, answer and retry (`console` fits); URLs and headers come with every
 * secret redacted.
 */
export interface ClientLogger {
  debug?(message: string, fields?: Record<string, unknown>): void;
  info?(message: string, fields?: Record<string, unknown>): void;
  warn?(message: string, fields?: Record<string, unknown>): void;
}

/** A request as a hook sees it: the credential and every other secret redacted. */
export interface RequestInfo {
  operation: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  /** 1 for the first request of a call, 2 for its first retry, … */
  attempt: number;
}

/**
 * An answer as a hook, the logger and `withResponse` see it (its body is the call's to read): a header that carries a
 * credential withheld, secrets redacted in the others and in the request id.
 */
export interface ReplyInfo {
  status: number;
  headers: Headers;
  /** The upstream's request id: the header the manifest names for it, else `x-request-id` or `request-id`. */
  requestId?: string;
}

export interface ClientHooks {
  onRequest?(request: RequestInfo): void;
  onResponse?(
    response: ReplyInfo & { operation: string; method: string; url: string; attempt: number; durationMs: number },
  ): void;
  /** Before a request is sent again (a retry after a retryable failure, or once more after a renewed token). */
  onRetry?(request: RequestInfo): void;
}

/** What a client's observer is told of a call (client.ts). */
export interface ObservedCall {
  operation: string;
  tool: ToolCall;
  hooks: ClientOptions["hooks"];
  logger: ClientOptions["logger"];
  /** The values no hook or log line may show. */
  secrets: string[];
  state: CallState;
}

/** A call's state as its observer keeps it. */
export interface CallState {
  last: ReplyInfo | undefined;
  /** Whether the last answer is kept (`withResponse`): other calls make none of it. */
  keep: boolean;
  /** Requests sent so far, by method and address: a retry's attempt number. */
  sent: Map<string, number>;
}

/**
 * What gives a client's hooks, logger and `withResponse` what they see: a call's fetch observed. `observeCalls`
 * (`@blockwright/runtime/observe`); the environment's client (Node.js, Deno, Bun) always has it.
 */
export type ClientObserver = (inner: FetchLike, call: ObservedCall) => FetchLike;

/** Options of a client, the defaults of each call; a call's own options win. */
export interface ClientOptions
  extends Omit<
    ExecuteOptions,
    "allPages" | "maxItems" | "maxPages" | "tokens" | "limiter" | "signal" | "idempotencyKey"
  > {
  /**
   * Headers added to every request; never replacing one the call sets (the credential, the content type, an idempotency
   * key).
   */
  headers?: Record<string, string>;
  /** Lines about each request, answer and retry (secrets redacted). */
  logger?: ClientLogger;
  hooks?: ClientHooks;
  /**
   * What tells the hooks and the logger of each call, and gives `withResponse` its answer: `observeCalls`, from
   * `@blockwright/runtime/observe`. Given by the environment where there is one (Node.js, Deno, Bun); in a browser's
   * bundle, a client with hooks, a logger or `withResponse` needs it (and one without carries none of its code).
   */
  observe?: ClientObserver;
  /**
   * Throw a BlockwrightError subclass (UpstreamError, ValidationError, …) instead of returning `{success: false,
   * error}`.
   */
  throwOnError?: boolean;
}

/** Options of one call: the client's, overridden, plus a signal and an idempotency key. */
export interface CallOptions extends Omit<ClientOptions, "logger" | "hooks" | "observe" | "throwOnError"> {
  signal?: AbortSignal;
  idempotencyKey?: string;
}

/** Options of `items`: a call's, and where to stop. */
export interface ItemsOptions extends CallOptions {
  /** Stop after this many items. */
  maxItems?: number;
  /**
   * Fetch at most this many pages. Left out, a walk reads up to 100 and, when the upstream has more, throws
   * `PAGE_LIMIT` after their items rather than end as if the list were whole.
   */
  maxPages?: number;
}

/**
 * An operation's parameters as a client method takes them: the connection's (credential, address) optional, the client
 * has them.
 */
export type ClientInput<P, K extends string> = Omit<P, K> & Partial<Pick<P, K & keyof P>>;

/** A successful result. */
export type Success<O> = Extract<ToolResult<O>, { success: true }>;
/** What a method resolves to: the result, or (throwOnError) only a success. */
export type CallResult<O, Throws extends boolean> = Throws extends true ? Success<O> : ToolResult<O>;

export interface Method<P, O, Throws extends boolean = false> {
  (input: P, options?: CallOptions): Promise<CallResult<O, Throws>>;
  /**
   * The same call, with the status, headers and request id of the answer it rests on (`response` undefined when none
   * came).
   */
  withResponse(input: P, options?: CallOptions): Promise<CallResult<O, Throws> & { response: ReplyInfo | undefined }>;
}

export interface PagedMethod<P, O, I, Throws extends boolean = false> extends Method<P, O, Throws> {
  /**
   * Every item of every page (the largest page the manifest allows unless a size is given), fetched as the loop asks; a
   * failure is thrown (a BlockwrightError subclass, whose `partial.pages` says what came before it).
   */
  items(input: P, options?: ItemsOptions): AsyncIterableIterator<I>;
}
