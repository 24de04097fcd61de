// How a trigger's receivers (the deliveries', the lifecycle notifications')
// answer a delivery they take no run from: the status its code means, and a
// JSON body naming the code and the rule it broke, so a provider's dashboard
// or an operator's curl reads why. The body never holds the secret (withheld
// from the message) nor the signature (no check's message quotes it).
import type { ServerResponse } from "node:http";
import { redact, type TriggerErrorCode } from "@blockwright/runtime/internal";

/**
 * The status of each refusal. A delivery of another event (`UNKNOWN_EVENT`) is acknowledged on purpose: a provider
 * posts every event type it has to the one address, and one answered 4xx it would retry and, in time, disable the
 * subscription. The receiver logs each such delivery.
 */
export const STATUS_OF_REFUSAL = {
  SIGNATURE_MISMATCH: 401,
  STALE_EVENT: 401,
  MALFORMED_EVENT: 400,
  UNKNOWN_EVENT: 202,
} as const satisfies Record<TriggerErrorCode, number>;

/** The longest message an answer carries: a body's pointer a check names may be thousands of keys deep. */
const MESSAGE_CHARS = 500;

/** Answers `{"error": {"code", "message"}}` with `status`, unless an answer was sent already. */
export function answerError(
  res: ServerResponse,
  status: number,
  code: string,
  message: string,
  secret: string,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) return;
  const withheld = secret ? redact(message, [secret]) : message;
  const shown = withheld.length > MESSAGE_CHARS ? `${withheld.slice(0, MESSAGE_CHARS)}…` : withheld;
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
  res.end(`${JSON.stringify({ error: { code, message: shown } })}\n`);
}

/** A delivery refused by its verification (`verifyEvent`'s error), answered with its code's status. */
export function answerRefusal(
  res: ServerResponse,
  error: { code: TriggerErrorCode; message: string },
  secret: string,
): void {
  answerError(res, STATUS_OF_REFUSAL[error.code], error.code, error.message, secret);
}
