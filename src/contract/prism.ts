// What a Prism mock said about an exchange, in words. Prism reports a request
// that breaks the spec as a 422 problem+json with a `validation` list (or,
// when the operation declares a 400, as that example with the list in the
// `sl-violations` header), and an answer that breaks it (an example drifted
// from its schema) as a 500 problem+json with the same list. Left to the
// runtime, both read "HTTP 500 … with no error message".
import { formatPointer } from "@blockwright/runtime/internal";

export interface Violation {
  /** Prism's location, e.g. `["request", "body", "inputText"]`. */
  location: string[];
  code?: string;
  message: string;
  severity?: string;
}

/** Prism's own problem (not a spec violation): unknown example, missing credential, no such route. */
export interface PrismProblem {
  type: string;
  title: string;
  detail?: string;
  status?: number;
}

const PRISM_ERRORS = "https://stoplight.io/prism/errors#";

/**
 * Every violation Prism reported on an exchange (header and body), errors
 * only: a warning (a deprecated parameter used, `code: deprecated`), a note or
 * a hint breaks nothing, and Prism answers as usual.
 */
export function violationsOf(headers: Headers, body: string): Violation[] {
  const found: Violation[] = [];
  const header = headers.get("sl-violations");
  if (header) found.push(...asViolations(parseJson(header)));
  const problem = parseJson(body) as { type?: unknown; validation?: unknown } | undefined;
  if (problem && typeof problem.type === "string" && problem.type.startsWith(PRISM_ERRORS))
    found.push(...asViolations(problem.validation));
  // The same violation can come in both places; keep one of each.
  const seen = new Set<string>();
  return found.filter((v) => {
    if (!isError(v)) return false;
    const key = `${v.location.join("/")}|${v.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A problem Prism raised itself (its `errors#…` problem types), if the body is one. */
export function prismProblemOf(contentType: string | null, body: string): PrismProblem | undefined {
  if (!contentType?.includes("problem+json")) return undefined;
  const problem = parseJson(body) as Partial<PrismProblem> | undefined;
  if (!problem || typeof problem.type !== "string" || !problem.type.startsWith(PRISM_ERRORS)) return undefined;
  return {
    type: problem.type.slice(PRISM_ERRORS.length),
    title: String(problem.title ?? ""),
    ...(problem.detail ? { detail: String(problem.detail) } : {}),
    ...(typeof problem.status === "number" ? { status: problem.status } : {}),
  };
}

/**
 * One violation in words: where (request or response, which part, the JSON
 * pointer inside it) and Prism's own message, e.g.
 * `response body /generationId: Response body property generationId must be string (type)`.
 */
export function describeViolation(v: Violation): string {
  // Prism leaves "request" out of some locations (["path", "id"]).
  const location =
    v.location[0] === "request" || v.location[0] === "response" ? v.location : ["request", ...v.location];
  const [side, part, ...rest] = location;
  const pointer = formatPointer(rest.map(String)) || "/";
  return `${side} ${part ?? ""} ${pointer}: ${v.message}${v.code ? ` (${v.code})` : ""}`.replace(/ {2,}/g, " ");
}

function asViolations(value: unknown): Violation[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((v): v is Record<string, unknown> => !!v && typeof v === "object")
    .map((v) => ({
      location: Array.isArray(v.location) ? v.location.map(String) : [],
      message: String(v.message ?? ""),
      ...(v.code !== undefined ? { code: String(v.code) } : {}),
      ...(v.severity !== undefined ? { severity: String(v.severity) } : {}),
    }));
}

/**
 * Prism writes a severity as its name ("Error", "Warning", "Information", "Hint"); one without any counts as an error.
 */
function isError(v: Violation): boolean {
  return v.severity === undefined || v.severity === "Error" || v.severity === "0";
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
