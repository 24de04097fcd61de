// Every code the runtime itself puts in a ToolError's `code`, in one table
// (docs/reference/errors.md is generated from it). Beside these, `code` holds
// what the upstream said (its own error code, read as the manifest's
// `errors.code` says), a token endpoint's OAuth error (`invalid_scope`, …),
// or the system's code of a network failure (`ECONNREFUSED`, …). Each site
// writes its code as `"NAME" satisfies RuntimeErrorCode`, so a code missing
// here does not compile, and error-codes.test.ts finds no other.
import type { ToolErrorType } from "./errors.js";

/** What each type of error means. */
export const ERROR_TYPES = {
  validation:
    "The input broke a rule (a parameter's own, a cross-field rule, an address or host rule): " +
    "refused before any request. `param` and `rule` say which.",
  upstream:
    "The upstream answered, and the answer is a failure: an error status, a failure its body signals " +
    "(`errors.failureWhen`), or a reply the runtime does not read (a redirect, HTML, too large).",
  network: "No answer: the connection failed or was cut, or the call was cancelled.",
  timeout:
    "No complete answer within `timeoutMs` (retries included), or a job still pending when its polling timed out.",
  auth:
    "The credential could not be obtained or renewed: an OAuth 2 token endpoint refused it or answered what " +
    "cannot be used.",
} as const satisfies Record<ToolErrorType, string>;

export interface RuntimeCodeInfo {
  type: ToolErrorType;
  /** Whether an error with this code says `retryable: true`; "maybe" when that depends on the answer. */
  retryable: boolean | "maybe";
  meaning: string;
  /** What the caller can do about it. */
  fix: string;
}

export const RUNTIME_ERROR_CODES = {
  ABORTED: {
    type: "network",
    retryable: false,
    meaning:
      "The call was cancelled (the caller's `signal`), or the workflow run it belonged to was (Ctrl-C, SIGTERM).",
    fix: "Nothing to fix: run it again when wanted.",
  },
  ASSERTION_AUDIENCE_REFUSED: {
    type: "auth",
    retryable: false,
    meaning:
      "The token endpoint refused a JWT bearer assertion for its audience (`aud`): " +
      "its error's description names the audience. The flow's configuration is at fault, not the grant: " +
      "the audience (the flow's `audience`, or its parameter) is not the one this endpoint expects, " +
      "as a sandbox's login and production's expect different ones. `details` has the `audience` sent.",
    fix:
      "Give the audience the endpoint expects (the flow's audience parameter), or the token URL (`tokenUrl`) " +
      "that goes with it; granting access again does not help.",
  },
  INVALID_JSON: {
    type: "upstream",
    retryable: false,
    meaning:
      "A reply the runtime reads as JSON (a success, or an answer the manifest maps to an outcome) did not parse: " +
      "its Content-Type said JSON, or said nothing.",
    fix:
      "Check the address the request went to and the upstream's status; the spec may declare a media type the " +
      "upstream does not send.",
  },
  INVALID_OUTPUT: {
    type: "upstream",
    retryable: false,
    meaning:
      "An output of the reply is not of the type the block declares (checked unless `validateOutputs: false`); " +
      "`details` names the `output`, the `place` it was read from, the `rule` (`type`), what was `expected`, the " +
      "kind `found` and the `value` (secrets redacted).",
    fix:
      "The spec promises a type the upstream did not send: `blockwright verify` checks the outputs against the " +
      "live service; correct the output's type in the manifest.",
  },
  INVALID_TOKEN_RESPONSE: {
    type: "auth",
    retryable: false,
    meaning:
      "The token endpoint answered a success without an `access_token`, or issued a token whose `token_type` " +
      "is not `bearer`.",
    fix: "Check the flow's token URL (`auth.flows`, `tokenUrl`): it should be the upstream's OAuth 2 token endpoint.",
  },
  ITEM_TOO_LARGE: {
    type: "upstream",
    retryable: false,
    meaning:
      "An item of a stream of JSON values or of server-sent events (an operation with `stream`) passed the " +
      "stream's `itemBytes` " +
      "(default 1 MiB): the call fails, with none of the items.",
    fix:
      "Ask for less in each item (a narrower export), or raise the manifest's `stream.itemBytes` if the " +
      "upstream's items are that large.",
  },
  MISSING_OUTPUT: {
    type: "upstream",
    retryable: false,
    meaning:
      "The reply lacks what a required output reads (a body field, a header); " +
      "the message names each expression and output.",
    fix:
      "The spec promises what the upstream did not send: `blockwright verify` checks this against the live " +
      "service; give the output `optional: true` or a `default` if it may be absent.",
  },
  NEXT_PAGE_ELSEWHERE: {
    type: "upstream",
    retryable: false,
    meaning:
      "A next-page address (in the body or a `Link` header) names another origin than the first request's, " +
      "or carries a user name or password: it is not followed, so the credential never goes there.",
    fix:
      "`page` says which page it was; `paginate` yields the pages before it. Against a mock, " +
      "the mock moves a published next address to itself (`blockwright mock`).",
  },
  PAGE_LIMIT: {
    type: "upstream",
    retryable: false,
    meaning:
      "A walk over pages (`paginate`, a client's `items`) given no `maxPages` read the default number of pages " +
      "(100) and the upstream said more remain: it ends with this error rather than as if the list were whole.",
    fix:
      "Pass `maxPages` (a larger number reads on) or `maxItems`; `page` says which page was next, and the " +
      "pages before it were given.",
  },
  PAGINATION_LOOP: {
    type: "upstream",
    retryable: false,
    meaning: "The upstream gave the same next page (cursor, offset or address) twice: the call stops rather than loop.",
    fix: "Check the manifest's `pagination` (the cursor's `from`, `more`, `items`) against the upstream's replies.",
  },
  RATE_LIMITED: {
    type: "timeout",
    retryable: true,
    meaning:
      "The provider's documented rate (`rateLimits.requestsPerMinute`) is used up for the calls sharing one " +
      "limiter (an executor, a workflow run), and this call's turn would come after its deadline: " +
      "nothing was sent. `retryAfterMs` says when a turn is free.",
    fix: "Wait `retryAfterMs`, give the call more time (`timeoutMs`), or send fewer calls at once.",
  },
  REAUTH_REQUIRED: {
    type: "auth",
    retryable: false,
    meaning:
      "The token endpoint refused the grant with `invalid_grant` (a revoked or expired refresh token, " +
      "a refused assertion) or `invalid_client` (a wrong client secret); never retried. " +
      "An assertion refused for its audience is ASSERTION_AUDIENCE_REFUSED instead.",
    fix: "The user grants access again: a new refresh token, client secret or key.",
  },
  REDIRECT: {
    type: "upstream",
    retryable: false,
    meaning:
      "The upstream answered a redirect (3xx but 304): not followed; the message names only the origin it pointed to.",
    fix: "Call the address it names directly (`baseUrl`, or the manifest's `server`), if that host is the provider's.",
  },
  REPLY_TOO_LARGE: {
    type: "upstream",
    retryable: false,
    meaning:
      "The reply, or the pages of an `allPages` call together, passed `limits.replyBytes` (default 64 MiB): " +
      "the rest was not read.",
    fix:
      "Ask for fewer items (`maxItems`, a page size) or walk the pages with `paginate`; " +
      "raise the manifest's `limits.replyBytes` if the upstream's replies are that large.",
  },
  TOKEN_ADDRESS_REFUSED: {
    type: "auth",
    retryable: false,
    meaning:
      "The token answer names the address to call (`auth.tokenAddressField`, e.g. an instance URL), " +
      "and that address breaks the provider's host rules: nothing was sent there.",
    fix:
      "Check the account the credential belongs to; give the address yourself (`baseUrl`) " +
      "if it is right and the manifest's `server.hosts` should admit it.",
  },
  TOKEN_REDIRECT: {
    type: "auth",
    retryable: false,
    meaning:
      "The token endpoint answered a redirect: not followed, so the client credentials never go to another address.",
    fix: "Give the token endpoint's final address (`tokenUrl`, `--token-url`).",
  },
  TOKEN_REQUEST_FAILED: {
    type: "auth",
    retryable: "maybe",
    meaning:
      "The token endpoint refused the request without an OAuth error code (with one, `code` is that code: " +
      "`invalid_scope`, …); retryable when it answered 429 or 5xx.",
    fix: "Read `status` and `details`; check the flow's parameters (client id, scope) and token URL.",
  },
  TOKEN_TIMEOUT: {
    type: "timeout",
    retryable: true,
    meaning:
      "The token endpoint gave no complete answer within the call's time: it never answered, " +
      "or its answer never ended. The request was stopped and its body no longer read.",
    fix:
      "Check the flow's token URL and the endpoint's health; give the call more time (`timeoutMs`) " +
      "if the endpoint is slow.",
  },
  UNEXPECTED_CONTENT_TYPE: {
    type: "upstream",
    retryable: false,
    meaning:
      "A success (or an outcome) came as an HTML page (`text/html`, `application/xhtml+xml`): " +
      "a proxy's page or a login form, never parsed; or in another form than JSON (CSV, XML, a spreadsheet's " +
      "bytes: its Content-Type says so) while the tool's outputs read fields of a JSON body. An output reading the " +
      "whole body gets such an answer as its text, or as a file for bytes. For a tool that streams: an HTML page, " +
      "or a JSON document where server-sent events were asked for, never read as a stream of no items. For a " +
      "download: a JSON answer under a status that declares only a file's types (a PDF's, a text file's) whose JSON " +
      "says no error message, or an HTML page there; one whose JSON says a message is the upstream's error with " +
      "that message (its code the upstream's where the manifest reads one). " +
      "`details` has the `contentType` (and `bytes` when the body was read).",
    fix:
      "For a page: check the address and the credential, something between the caller and the API answered instead " +
      "of it. For another form: send the parameter choosing the answer's format as JSON, or map the whole body " +
      "(`$response.body`) to an output. For a stream: check that the call asks for one (a `stream` flag, the Accept " +
      "header) and that the API streams this operation.",
  },
} as const satisfies Record<string, RuntimeCodeInfo>;

export type RuntimeErrorCode = keyof typeof RUNTIME_ERROR_CODES;

/**
 * Network failures that happen before a request leaves (system codes a
 * network error carries as it is): nothing can have been applied, so a
 * request that changes state does not say `mayHaveBeenApplied` after one.
 */
export const NOT_SENT_CODES: ReadonlySet<string> = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ENETUNREACH",
  "EHOSTUNREACH",
  "UND_ERR_CONNECT_TIMEOUT",
]);
