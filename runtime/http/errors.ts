// One error shape for every provider and every way a call can fail.

/**
 * `auth`: the credential could not be obtained or renewed (an OAuth token endpoint refused it; code `REAUTH_REQUIRED`
 * when the user must grant access again).
 */
export type ToolErrorType = "validation" | "upstream" | "network" | "timeout" | "auth";

/** The fields every kind of error may carry; each member of ToolError fixes what its `type` always has. */
export interface ToolErrorFields {
  type: ToolErrorType;
  provider: string;
  /** The tool (operation) id. */
  operation: string;
  message: string;
  /** The parameter at fault (validation errors). */
  param?: string;
  /** The rule broken (validation errors): `required`, `maximum`, `pattern`, `exactlyOne`, … */
  rule?: string;
  /** The whole of the rule broken, where the message words or cuts it (validation errors): a pattern. */
  expected?: string;
  /** Every problem found, when the input broke more than one rule. */
  issues?: { param?: string; rule: string; message: string; expected?: string }[];
  /** HTTP status of the upstream reply. */
  status?: number;
  /** The upstream's own error code (`INVALID_SESSION_ID`, `RESOURCE_EXHAUSTED`, …). */
  code?: string;
  requestId?: string;
  /** Whether the same call could succeed later. */
  retryable?: boolean;
  /**
   * A request that changes state (POST, PATCH) failed in a way that does not
   * tell whether the upstream applied it (time-out, reset, 5xx): check before
   * repeating it, or it may be applied twice.
   */
  mayHaveBeenApplied?: boolean;
  /** How long the upstream asked to wait before retrying. */
  retryAfterMs?: number;
  /**
   * For a quota used up (`retryable: false`): when it resets (ISO 8601), when the answer told how long to wait
   * (Retry-After, a typed retry info).
   */
  resetsAt?: string;
  /**
   * A quota used up (the manifest's `rateLimits.quota` names the error, or its typed details a quota of a long window):
   * a limit error, whatever its status (a 403 as well as a 429), not retried (`retryable: false`) until the quota
   * resets (`resetsAt`, when told). The typed client throws it as a `RateLimitError`, never a `PermissionDeniedError`.
   */
  quotaExceeded?: true;
  /**
   * More fields of the upstream's error body, as the manifest names them (`param`, `declineCode`, an `errors` list, …).
   */
  details?: Record<string, unknown>;
  /**
   * The idempotency key the request carried: repeat the call with this key (option `idempotencyKey`) and the upstream
   * applies it at most once.
   */
  idempotencyKey?: string;
  /** For a call over several pages: the page (1-based) that failed. */
  page?: number;
}

/** The upstream answered, and not with what was asked: it always has the HTTP status of its reply. */
export interface UpstreamToolError extends ToolErrorFields {
  type: "upstream";
  status: number;
}

/**
 * The input (or a call option) broke a rule, found before any request: `rule` names it, `param` the parameter at fault.
 */
export interface ValidationToolError extends ToolErrorFields {
  type: "validation";
  rule: string;
}

/** No answer (`network`: refused, reset, cancelled; `timeout`: none within the deadline) or no credential (`auth`). */
export interface TransportToolError extends ToolErrorFields {
  type: "network" | "timeout" | "auth";
}

/**
 * One error shape for every provider and every way a call can fail,
 * discriminated by `type`: after `error.type === "upstream"`, `status` is a
 * number; after `"validation"`, `rule` is a string.
 */
export type ToolError = UpstreamToolError | ValidationToolError | TransportToolError;

/** What a call over several pages fetched. */
export interface PagesInfo {
  /** Pages fetched. */
  count: number;
  /** Items gathered (in the list outputs). */
  items: number;
  /**
   * False when `maxItems` or `maxPages` stopped the call before the last page, or a reply said more pages remain
   * (`pagination.more`) and gave no cursor or address to reach them.
   */
  complete: boolean;
}

/**
 * What a call over several pages fetched before one failed: the output of the pages it had (gathered as a whole
 * call's would be), and `pages` (`complete` false). The error says which page failed (`page`) and why, a rate
 * limit's wait among them (`retryAfterMs`).
 */
export interface PartialPages<O = Record<string, unknown>> {
  output: O;
  pages: PagesInfo;
}

export type ToolResult<O = Record<string, unknown>> =
  | { success: true; output: O; pages?: PagesInfo }
  | { success: false; error: ToolError; partial?: PartialPages<O> };

/** A failure as the call path builds it; the provider and operation are added where it becomes a result. */
export type Failure = Omit<ToolErrorFields, "provider" | "operation">;
