// The structured error the runtime must make of an upstream's error answer,
// worked out independently from the answer and the manifest's error
// expressions (errors.code, errors.message, errors.requestId, rateLimits.quota).
import { safeToRepeat, type ToolSpec, type ValueRef } from "@blockwright/runtime/internal";
import { check, describeError, type expectFailure, fail, json, same } from "./call.js";
import type { Exchange } from "./exchange.js";
import { at, parseBody as parse } from "./json-path.js";
import { MESSAGE_KEY, TEXT_ONLY_NAMES } from "../model/message-fields.js";

/**
 * The error the runtime must make of an error answer, read independently from the answer and the manifest's
 * expressions.
 */
export function expectStructuredError(
  tool: ToolSpec,
  ex: Exchange,
  error: ReturnType<typeof expectFailure>,
  options: { successShaped?: boolean } = {},
): void {
  // An answer Prism made up itself (a 401 the spec does not declare) carries no upstream message to read.
  const declared = !ex.prismProblem;
  const body = parse(ex.responseBody);
  const answer = { status: ex.status, body, headers: ex.responseHeaders };
  const code = first(tool.errors.code, answer);
  const message = first(tool.errors.message, answer);
  const requestId = first(tool.errors.requestId, answer);
  const mayHaveBeenApplied = ex.status >= 500 && !safeToRepeat(tool, ex.method);
  check(error.type === "upstream", () => `expected an upstream error, got ${describeError(error)}`);
  same(error.provider, tool.provider, "error.provider");
  same(error.operation, tool.id, "error.operation");
  same(error.status, ex.status, "error.status");
  // An answer that holds no text at all (`{}`, `{"errors": [{}]}`: what the spec declares of it), or no text where a
  // message could be (the resource itself, `{id, name, path}`, as some APIs declare a 422; an answer the document
  // declares with its success answer's schema, options.successShaped), has no message to miss.
  if (
    declared &&
    !options.successShaped &&
    body !== undefined &&
    typeof body === "object" &&
    mayHoldMessage(body) &&
    tool.errors.message.length &&
    message === undefined
  ) {
    fail(
      `the manifest's error message expressions (errors.message) find no message in the ${ex.status} answer ` +
        `${json(body)}`,
    );
  }
  same(error.code, code, "error.code (the upstream's code, read by errors.code)");
  if (message !== undefined)
    same(error.message, message, "error.message (the upstream's message, read by errors.message)");
  // Named as `HTTP 400 …`, or, for an HTML page (a login form, a proxy's page), `<provider> answered 400 … with an HTML
  // page`.
  else
    check(
      error.message.startsWith(`HTTP ${ex.status}`) ||
        error.message.startsWith(`${tool.provider} answered ${ex.status} `) ||
        (typeof body === "string" && error.message === body.trim().slice(0, 500)),
      () => `error.message without an upstream message should name the status: ${error.message}`,
    );
  if (requestId !== undefined) same(error.requestId, requestId, "error.requestId");
  same(
    error.retryable,
    !mayHaveBeenApplied && tool.errors.retryableStatuses.includes(ex.status) && !quotaUsedUp(tool, answer),
    "error.retryable",
  );
  same(error.mayHaveBeenApplied, mayHaveBeenApplied ? true : undefined, "error.mayHaveBeenApplied");
}

/**
 * Keys whose text is a state, a code or an id, not words for a person (`status`, `errorCode`, `faultId`, `trace_id`).
 */
const STATE_KEY = /(^|[_-])(id|code|status|state|type|kind|result)$|[a-z](Id|ID|Code|Status|State|Type|Kind)$/i;

/**
 * Keys whose text says where the error is, not what (`Source: "Atms.Atm.Location.Address.Line1"`, JSON:API's
 * `source: {pointer}`, `field`, `parameter`): an error of only a code and such places has no message, and names the
 * status line.
 */
const PLACE_KEY =
  /(^|[_-])([Ss]ource|[Pp]ointer|[Ff]ield|[Pp]aram(eter)?|[Ll]ocation)$|[a-z](Source|Pointer|Field|Parameter)$/;

/** A date or a date-time (RFC 3339, ISO 8601): a value, not words. */
const TIME = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

/**
 * Whether a key names what it holds as a message: a label or a text only where it holds a text or a list (an entry
 * holding fields under a key that is a label's, `{"ackLabel1": {"status": 403, "payload": "Forbidden"}}`, is none).
 */
function namesMessage(key: string, value: unknown): boolean {
  const record = value !== null && typeof value === "object" && !Array.isArray(value);
  return MESSAGE_KEY.test(record ? key.replace(TEXT_ONLY_NAMES, "") : key);
}

/**
 * Whether an answer may hold a message: a non-empty string, a few levels deep at most, under a field named as a
 * message or error (at any level above it), or the answer's only string (`{status, err}`, `{"0": "…"}`). An answer
 * of other fields only (a record: ids, names, paths, times) says nothing a client would read as its message.
 */
function mayHoldMessage(body: unknown): boolean {
  let texts = 0;
  let words = 0;
  let named = false;
  const visit = (value: unknown, underName: boolean, depth: number, key = "") => {
    if (typeof value === "string") {
      // A state, a code or an id (`{"status": "down"}`, `{"errors": [{"errorCode": "401"}], "faultId": "…"}`) is no
      // message, even alone or under a field named for errors: the error then names the status line.
      if (value.trim() === "" || STATE_KEY.test(key) || PLACE_KEY.test(key)) return;
      texts++;
      // Nor is a time (`{"expires_at": "2025-10-15T13:52:14.376Z"}`, a check-in's 409), though it is a text.
      if (TIME.test(value.trim())) return;
      words++;
      named ||= underName;
      return;
    }
    if (value === null || typeof value !== "object" || depth > 8) return;
    for (const [k, v] of Object.entries(value)) visit(v, underName || namesMessage(k, v), depth + 1, k);
  };
  visit(body, false, 0);
  return named || (texts === 1 && words === 1);
}

/**
 * Whether the answer says a quota is used up, as the manifest's
 * rateLimits.quota reads it (never retryable): any value any `from`
 * expression finds (a `*` segment: each item of a list) among `codes`, or one
 * of `messages` in the error's message, letter case aside.
 */
export function quotaUsedUp(tool: ToolSpec, answer: { status: number; body: unknown; headers: Headers }): boolean {
  const quota = tool.rateLimits?.quota;
  if (!quota) return false;
  for (const ref of quota.from) {
    const values = ref.kind === "body" ? every(answer.body, ref.pointer) : [first([ref], answer)];
    if (values.some((v) => typeof v === "string" && quota.codes.includes(v))) return true;
  }
  const message = first(tool.errors.message, answer)?.toLowerCase();
  return message !== undefined && (quota.messages ?? []).some((m) => message.includes(m.toLowerCase()));
}

/** The values at a pointer whose `*` segments stand for every item of a list. */
function every(body: unknown, pointer: readonly string[]): unknown[] {
  const star = pointer.indexOf("*");
  if (star < 0) return [at(body, pointer)];
  const list = at(body, pointer.slice(0, star));
  const rest = pointer.slice(star + 1);
  return Array.isArray(list) ? list.flatMap((item) => every(item, rest)) : every(at(list, ["*"]), rest);
}

function first(refs: ValueRef[], answer: { status: number; body: unknown; headers: Headers }): string | undefined {
  for (const ref of refs) {
    const v =
      ref.kind === "status"
        ? answer.status
        : ref.kind === "header"
          ? (answer.headers.get(ref.name) ?? undefined)
          : ref.kind === "body"
            ? at(answer.body, ref.pointer)
            : undefined;
    // As the runtime reads them (upstream-error.ts `found`): RFC 9457's `about:blank` says nothing beyond the status.
    if (v !== undefined && v !== null && v !== "" && v !== "about:blank")
      return typeof v === "string" ? v : JSON.stringify(v);
  }
  return undefined;
}
