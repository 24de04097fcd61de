// Requests that are not safe to repeat (a POST, a PATCH, or an operation the
// manifest declares not idempotent), and idempotency keys, as a part of the
// runtime's support (support.ts `writes`, exported as `writeSafety`): a
// request that changes state and may have reached the upstream is never
// retried blindly, and its failure says `mayHaveBeenApplied`; one that carries
// the tool's idempotency key (one per logical call, the same on each retry)
// is retried like a read, and its failure names the key to repeat it with.
// A package whose tools only read bundles none of it.
import { NOT_SENT_CODES } from "../http/error-codes.js";
import type { Failure } from "../http/errors.js";
import type { HttpRequest } from "../http/transport.js";
import type { Issue } from "../common/issue.js";
import { carriesIdempotencyKey, safeToRepeat } from "../spec/behavior.js";
import type { ToolCall } from "../spec/tool-types.js";

/**
 * The tool fields whose effect this module gives (tool-field-readers.ts: each field has a reader;
 * tool-field-readers.test.ts: each reader reads it).
 */
export const TOOL_FIELDS_READ = ["idempotency"] as const satisfies readonly (keyof ToolCall)[];

const HEADER_VALUE = /^[\u0021-\u007e]{1,255}$/;

/** The problem of an `idempotencyKey` option for a tool that declares an idempotency header, if any. */
function keyProblem(tool: ToolCall, key: unknown): Issue | undefined {
  if (typeof key === "string" && HEADER_VALUE.test(key)) return undefined;
  return {
    param: "idempotencyKey",
    rule: "format",
    message:
      `idempotencyKey: must be 1 to 255 visible ASCII characters (it is sent in the ${tool.idempotency?.header} ` +
      `header)`,
  };
}

/**
 * The key a request carries, its header set (the caller's, else a new random one), when the tool declares one and the
 * method is not GET.
 */
function key(tool: ToolCall, request: HttpRequest, given: string | undefined): string | undefined {
  const idempotency = carriesIdempotencyKey(tool, request.method) ? tool.idempotency : undefined;
  if (!idempotency) return undefined;
  const sent = given ?? globalThis.crypto.randomUUID();
  request.headers[idempotency.header] = sent;
  return sent;
}

/**
 * How a request's failures read: whether it is safe to repeat (else it is
 * not retried), whether a network error ends it at once (it may have reached
 * the upstream), and each failure marked: with the key, or, when it may have
 * reached the upstream (`reached`) and is not safe to repeat, not retryable
 * and `mayHaveBeenApplied`.
 */
function outcome(tool: ToolCall, method: string, key: string | undefined): WriteOutcome {
  const safe = safeToRepeat(tool, method);
  // Safe to repeat and no key (every GET): its failures read as they are, one object for all (an object and two
  // closures a call before).
  if (safe && key === undefined) return REPEATABLE;
  return {
    safe,
    final: (error: Failure): boolean => !safe && !NOT_SENT_CODES.has(error.code ?? ""),
    mark: (error: Failure, reached: boolean): Failure =>
      key !== undefined
        ? { ...error, idempotencyKey: key }
        : reached && !safe
          ? { ...error, retryable: false, mayHaveBeenApplied: true }
          : error,
  };
}

interface WriteOutcome {
  safe: boolean;
  final(error: Failure): boolean;
  mark(error: Failure, reached: boolean): Failure;
}

const REPEATABLE: WriteOutcome = { safe: true, final: () => false, mark: (error) => error };

/** Requests not safe to repeat, and idempotency keys, as a part of the runtime's support (support.ts `writes`). */
export const writeSafety = { keyProblem, key, outcome };

export type WriteSupport = typeof writeSafety;
