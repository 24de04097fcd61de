// The shapes of one call (single-call.ts, which re-exports them): the caller's options, the support a call may be
// given, a call validated and ready to send, and the outcome of sending it. Types only: no byte of a bundle.
import type { Failure, ToolResult } from "../http/errors.js";
import type { ExpressionContext } from "../http/expressions.js";
import type { OpenedFile } from "./files/file-inputs.js";
import type { Place } from "./build-request.js";
import type { AuthWay, RouteSpec, ToolCall } from "../spec/tool-types.js";
import type { Deadline } from "../http/deadline.js";
import type { FetchLike, HttpRequest } from "../http/transport.js";
import type { RateLimiter } from "../http/rate-limiter.js";
import type { CredentialChoice, IssuedTokens, OAuthCall } from "./credential.js";
import type { TokenCache } from "../oauth/token-cache.js";
import type { Issue } from "../common/issue.js";
import type { FileHosts } from "../validate/file-hosts.js";
import type { CallNeeds, Support } from "./support.js";

export interface ExecuteOptions {
  /**
   * Scheme and host to send the request to, instead of the provider's own (mocks, sandboxes); https, or http on
   * loopback.
   */
  baseUrl?: string;
  /**
   * More hosts a `baseUrl` (or an address parameter such as instanceUrl) may
   * name, besides the provider's own and loopback: `api.example.com`,
   * `*.example.com` (one label), `*` (any name), or an exact IP address.
   */
  allowHosts?: readonly string[];
  /**
   * Given, the call's file addresses are a model's (the LLM tool surfaces set it): each must be on the public internet
   * (not loopback, private, link-local or reserved, not a local name; on Node, every address its name resolves to
   * too, the file then fetched over a connection to those addresses, not by `fetch`) or a host `allow` names;
   * refused before any request. Left out (a user's own call), any https address.
   */
  fileHosts?: FileHosts;
  /** The fetch to use (tests inject one; defaults to the global fetch). It must honour `request.redirect`. */
  fetch?: FetchLike;
  signal?: AbortSignal;
  /**
   * Each item of a stream (a tool answering ndjson or JSON text sequences) as its line arrives; the reading waits for
   * the promise it returns.
   */
  onItem?: (item: unknown) => void | Promise<void>;
  /** Deadline for the whole call, retries included (for all pages: for each page). Default 30 s. */
  timeoutMs?: number;
  /** Retries of requests safe to repeat after a retryable failure. Default 2. */
  retries?: number;
  /** Longest wait honoured before a retry; a longer Retry-After ends the call. Default 30 s. */
  maxRetryDelayMs?: number;
  /**
   * More values to keep out of every error and output (e.g. all secrets of a workflow), each at least SECRET_MIN_LENGTH
   * characters.
   */
  secrets?: readonly string[];
  /**
   * For tools that declare an idempotency header: the key to send (default:
   * a new random one per call). Pass the `idempotencyKey` of a failed call's
   * error to repeat it safely.
   */
  idempotencyKey?: string;
  /** For tools that declare pagination: fetch every page and gather the list outputs (see paginate.ts). */
  allPages?: boolean;
  /** With allPages: stop once this many items are gathered (the lists are cut to it). */
  maxItems?: number;
  /** With allPages: fetch at most this many pages. Default 100. */
  maxPages?: number;
  /**
   * For tools with OAuth 2 flows: the token endpoint to use instead of the
   * manifest's (mocks, sandboxes), with the same `{param}` placeholders;
   * https, or http on loopback; its host the flow's own, one of the
   * manifest's tokenHosts, loopback, or one allowed by `allowHosts`.
   */
  tokenUrl?: string;
  /**
   * Where access tokens are kept between calls (default: one cache per process; createExecutor makes one per executor).
   */
  tokens?: TokenCache;
  /**
   * Called with each token set a token endpoint issues (a rotated refresh token included), for the host to persist; its
   * failure does not fail the call.
   */
  onTokens?: (tokens: IssuedTokens) => void | Promise<void>;
  /** The time in milliseconds since the epoch (default Date.now): tests expire tokens with it, without waiting. */
  clock?: () => number;
  /**
   * Hold each output of a reply to its declared type: one that is not fails the call (code INVALID_OUTPUT, naming the
   * output, the place it was read from, the kind expected and the kind found). Default true: false lets a reply's
   * outputs through unchecked.
   */
  validateOutputs?: boolean;
  /**
   * Where the provider's documented rate (rateLimits.requestsPerMinute) is kept per credential (default: the process's,
   * RateLimiter.shared(), which every client, executor and workflow run uses; a limiter of one's own keeps its calls
   * apart from it).
   */
  limiter?: RateLimiter;
}

/**
 * Sends a call by an OAuth 2 flow with its token (token-send.ts `sendWithToken`, the OAuth support's `send`), and ends
 * its deadline once the call is over.
 */
export type TokenSend = (
  call: PreparedCall,
  request: HttpRequest,
  deadline: Deadline,
  timeoutMs: number,
  sizeProblem: (() => SentCall | undefined) | undefined,
  send: () => Promise<SentCall>,
) => Promise<SentCall>;

/**
 * The support a call may be given: the OAuth support with its choosing of the credential and its sending, both or
 * neither (call/oauth-support.ts `oauthFlows`);
 * and `partsCheck`, the check that a tool's parts are given (support.ts `missingPart`), which the callers whose
 * parts are chosen by hand add (createExecutor, createClient, executeToolDefinition, collectPages). A generated
 * package's client goes without it: the generator gave it its tools' parts (src/emit/emit-client.ts supportParts),
 * and bundles none of the check.
 */
export type CallSupport = Support & {
  oauth?: Support["oauth"] & ({ send: TokenSend; choose: CredentialChoice } | { send?: undefined; choose?: undefined });
  partsCheck?: (tool: ToolCall, support: Support, call: CallNeeds) => Issue | undefined;
};

/** A validated call, ready to send (and, for pagination, to send again with a cursor). */
export interface PreparedCall {
  tool: ToolCall;
  values: Record<string, unknown>;
  unsent: ReadonlySet<string>;
  route: RouteSpec | undefined;
  baseUrl: string;
  /**
   * The way of the tool's auth the call uses (credentials.ts), and its first credential as sent: the static one, or the
   * OAuth flow's current access token.
   */
  way: AuthWay;
  credential: string;
  /**
   * The OAuth 2 flow that obtains and renews the credential, when the tool declares flows and the call gives one's
   * parameters (the OAuth support's `send` sends with its token).
   */
  oauth?: OAuthCall;
  /** Values no result may show: the call's secret parameters and the caller's `secrets`. */
  secrets: string[];
  /**
   * The address the token answer names is where calls go (auth.tokenAddressField), within the host rules and these
   * hosts the caller allows.
   */
  addressFromToken?: readonly string[];
  fail(error: Failure): Extract<ToolResult, { success: false }>;
  /** The files of its file parameters, opened (openCallFiles) before the first request. */
  files?: Map<string, OpenedFile[]>;
  /** The call's request, built afresh; `adjust` places values first (a page's cursor or offset). */
  request(adjust?: (place: Place) => void): HttpRequest;
  /** Whom the upstream counts the call's requests against (rate-limiter.ts rateCredential), once a limiter asked. */
  rateCredential?: string;
}

/**
 * The outcome of one logical call: a success with the reply it rests on (for the next page's cursor) and the bytes of
 * that reply's body, or a failure.
 */
export type SentCall =
  | { result: Extract<ToolResult, { success: true }>; reply: ExpressionContext; bytes: number }
  | { result: Extract<ToolResult, { success: false }>; reply?: undefined; bytes?: undefined };
