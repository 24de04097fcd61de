// The structured ToolError as `Error` instances, for code that prefers
// exceptions (a client's `throwOnError`, and `items`, which cannot return a
// failed result). Each class keeps the ToolError's fields; `cause` is the
// ToolError itself, as the result would have carried it.
//
// The classes of one status (NotFoundError, ConflictError, … as Stainless SDKs
// name them) are asked by `instanceof`, which reads the error's status: a
// thrown 404 is an UpstreamError (an AuthError for 401 and 403: its `name`
// says so) that is an instance of NotFoundError whether or not the code that
// threw it knows the class, so toError names none of them and a bundle
// carries only the ones its code imports.
import type { PagesInfo, ToolError, ValidationToolError } from "../http/errors.js";

/**
 * Every failure of a Blockwright call: `type`, `provider`, `operation`, `code`, `retryable` as the ToolError has them.
 */
export class BlockwrightError extends Error {
  override name = "BlockwrightError";
  // Declared, not defined: each is set once, below (a class field would be defined, then set again).
  declare readonly type: ToolError["type"];
  declare readonly provider: string;
  declare readonly operation: string;
  declare readonly code: string | undefined;
  declare readonly retryable: boolean | undefined;
  /** The structured error, as a result's `error` carries it. */
  declare readonly error: ToolError;
  /** For a walk over pages (`items`) that failed after some: the pages and items it gave before (`complete` false). */
  declare readonly partial: { pages: PagesInfo } | undefined;
  constructor(error: ToolError, partial?: { pages: PagesInfo }) {
    super(error.message, { cause: error });
    this.partial = partial;
    this.type = error.type;
    this.provider = error.provider;
    this.operation = error.operation;
    this.code = error.code;
    this.retryable = error.retryable;
    this.error = error;
  }
}

/**
 * The upstream answered with an error (or with what the tool could not read): its HTTP status, code, request id and
 * details.
 */
export class UpstreamError extends BlockwrightError {
  override name = "UpstreamError";
  /** The HTTP status of the reply (0 for an `auth` error whose token endpoint gave none). */
  declare readonly status: number;
  declare readonly requestId: string | undefined;
  declare readonly details: Record<string, unknown> | undefined;
  constructor(error: ToolError, partial?: { pages: PagesInfo }) {
    super(error, partial);
    this.status = error.status ?? 0;
    this.requestId = error.requestId;
    this.details = error.details;
  }
}

/**
 * A 429, or a quota used up whatever its status (`error.quotaExceeded`: a 403 the manifest's `rateLimits.quota` names,
 * which is no permission error): `retryAfterMs` when the upstream said how long to wait; `retryable` false when a
 * quota is used up.
 */
export class RateLimitError extends UpstreamError {
  override name = "RateLimitError";
  declare readonly retryAfterMs: number | undefined;
  constructor(error: ToolError, partial?: { pages: PagesInfo }) {
    super(error, partial);
    this.retryAfterMs = error.retryAfterMs;
  }
}

/**
 * The credential was refused (401, 403) or could not be obtained or renewed (`auth`: code REAUTH_REQUIRED when the user
 * must grant access again).
 */
export class AuthError extends UpstreamError {
  override name = "AuthError";
}

/** Whether `value` is one of `klass`'s own instances, or an upstream error (`base`'s) whose status `test` admits. */
function ofStatus(
  klass: abstract new (...args: never[]) => unknown,
  base: typeof UpstreamError,
  value: unknown,
  test: (status: number) => boolean,
): boolean {
  return Function.prototype[Symbol.hasInstance].call(klass, value) || (value instanceof base && test(value.status));
}

/** 400: the upstream refused the request as malformed. */
export class BadRequestError extends UpstreamError {
  override name = "BadRequestError";
  static [Symbol.hasInstance](value: unknown): value is BadRequestError {
    return ofStatus(BadRequestError, UpstreamError, value, (s) => s === 400);
  }
}

/** 401: the credential was refused. */
export class AuthenticationError extends AuthError {
  override name = "AuthenticationError";
  static [Symbol.hasInstance](value: unknown): value is AuthenticationError {
    return ofStatus(AuthenticationError, AuthError, value, (s) => s === 401);
  }
}

/** 403: the credential may not do this. */
export class PermissionDeniedError extends AuthError {
  override name = "PermissionDeniedError";
  static [Symbol.hasInstance](value: unknown): value is PermissionDeniedError {
    return ofStatus(PermissionDeniedError, AuthError, value, (s) => s === 403);
  }
}

/** 404: no such resource (or none the credential may see). */
export class NotFoundError extends UpstreamError {
  override name = "NotFoundError";
  static [Symbol.hasInstance](value: unknown): value is NotFoundError {
    return ofStatus(NotFoundError, UpstreamError, value, (s) => s === 404);
  }
}

/** 409: the request conflicts with the resource as it is (it exists already, it changed meanwhile). */
export class ConflictError extends UpstreamError {
  override name = "ConflictError";
  static [Symbol.hasInstance](value: unknown): value is ConflictError {
    return ofStatus(ConflictError, UpstreamError, value, (s) => s === 409);
  }
}

/** 422: the request was understood, its values refused. */
export class UnprocessableEntityError extends UpstreamError {
  override name = "UnprocessableEntityError";
  static [Symbol.hasInstance](value: unknown): value is UnprocessableEntityError {
    return ofStatus(UnprocessableEntityError, UpstreamError, value, (s) => s === 422);
  }
}

/** 500 or above: the upstream failed. */
export class InternalServerError extends UpstreamError {
  override name = "InternalServerError";
  static [Symbol.hasInstance](value: unknown): value is InternalServerError {
    return ofStatus(InternalServerError, UpstreamError, value, (s) => s >= 500);
  }
}

/** The input broke a rule before any request: `param` and `rule` name it, `issues` lists every problem. */
export class ValidationError extends BlockwrightError {
  override name = "ValidationError";
  declare readonly param: string | undefined;
  declare readonly rule: string;
  declare readonly issues: ValidationToolError["issues"];
  constructor(error: ToolError, partial?: { pages: PagesInfo }) {
    super(error, partial);
    this.param = error.param;
    this.rule = error.rule ?? "";
    this.issues = error.issues;
  }
}

/** No complete answer within the call's deadline (`timeoutMs`). */
export class TimeoutError extends BlockwrightError {
  override name = "TimeoutError";
}

/** No answer: the connection failed, was reset, or the call was cancelled (code ABORTED). */
export class NetworkError extends BlockwrightError {
  override name = "NetworkError";
}

/** The Error subclass of a ToolError (`partial`: what a walk over pages gave before it). */
export function toError(error: ToolError, partial?: { pages: PagesInfo }): BlockwrightError {
  switch (error.type) {
    case "validation":
      return new ValidationError(error, partial);
    case "timeout":
      return new TimeoutError(error, partial);
    case "network":
      return new NetworkError(error, partial);
    case "auth":
      return new AuthError(error, partial);
    case "upstream":
      if (error.status === 429 || error.quotaExceeded) return new RateLimitError(error, partial);
      if (error.status === 401 || error.status === 403) return new AuthError(error, partial);
      return new UpstreamError(error, partial);
  }
}
