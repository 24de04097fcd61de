// RFC 9457 problems (`application/problem+json`) read for their message, as
// a part of the runtime's support (call/support.ts `problems`, exported as
// `problemDetails`): what a mock answers a request that breaks the spec with
// (Prism's 422 with its `validation` list), and what some upstreams answer
// every error with. Every caller whose parts are chosen by hand has it
// (support.ts BY_HAND, the full support); a generated package only when its
// operations declare a problem+json answer.
import { statusLine } from "./upstream-error.js";

/**
 * The message of an RFC 9457 problem (`application/problem+json`) the
 * manifest's expressions found none in: the status, its title and detail, and the first
 * items of a `validation` or `errors` list (Prism's mocks list each broken
 * rule there: a 422's reason, which read "no error message" before). Not cut:
 * upstreamError redacts it, then cuts it (a secret straddling a cut would show).
 */
export function problemMessage(response: Response, body: unknown): string | undefined {
  if (
    !/\bproblem\+json\b/i.test(response.headers.get("content-type") ?? "") ||
    body === null ||
    typeof body !== "object" ||
    Array.isArray(body)
  )
    return undefined;
  const problem = body as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : undefined);
  const list = Array.isArray(problem.validation)
    ? problem.validation
    : Array.isArray(problem.errors)
      ? problem.errors
      : [];
  const items = list
    .slice(0, 3)
    .map((item) =>
      typeof item === "string"
        ? item
        : item && typeof item === "object"
          ? (text((item as Record<string, unknown>).message) ?? text((item as Record<string, unknown>).detail))
          : undefined,
    )
    .filter((m): m is string => m !== undefined);
  const head = [text(problem.title), text(problem.detail)]
    .filter((t, i, all): t is string => t !== undefined && all.indexOf(t) === i)
    .join(": ");
  const message =
    [head, ...items].filter(Boolean).join("; ") + (list.length > 3 ? ` (and ${list.length - 3} more)` : "");
  return message ? `HTTP ${statusLine(response)}: ${message}` : undefined;
}
