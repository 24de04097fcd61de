// Answers a stand-in makes up itself. Verify run against `blockwright mock`
// (Prism) meets answers that are not the document's: Prism's 401 for a
// request without the credential where the document declares none, its 406
// for an Accept it cannot serve, its 500 when it has no answer to give.
// Those are the stand-in's own doing, not the upstream drifting from its
// document, so they are told for information and not checked against the
// document (a real service that answers an undeclared 401 is still
// reported). Where the stand-in refuses the request itself as breaking the
// document (its request judge's 422; Prism's 422, 415, no such path or
// method), the block's request is what differs: that is reported, as a
// difference of the request.
import type { Drift } from "./drift.js";
import { refusalsOf } from "../judge/judge-problem.js";
import { describeRefusal } from "../judge/refusal.js";
import type { LiveExchange } from "./live-fetch.js";

/** Prism's problem types (`https://stoplight.io/prism/errors#<NAME>`). */
const PRISM_ERRORS = "https://stoplight.io/prism/errors#";
/** Prism's refusals of a request that breaks the document it serves. */
const REQUEST_REFUSALS = new Set([
  "UNPROCESSABLE_ENTITY",
  "INVALID_CONTENT_TYPE",
  "NO_PATH_MATCHED_ERROR",
  "NO_METHOD_MATCHED_ERROR",
]);

interface PrismProblem {
  name: string;
  title: string;
  detail: string;
  /** A refusal's violations, in Prism's words. */
  violations: string[];
}

/** Prism's own problem answer, when `ex` is one. */
export function prismProblem(ex: Pick<LiveExchange, "responseBody" | "responseHeaders">): PrismProblem | undefined {
  const type = new Headers(ex.responseHeaders).get("content-type") ?? "";
  if (!/json/i.test(type) || !ex.responseBody.includes(PRISM_ERRORS)) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(ex.responseBody);
  } catch {
    return undefined;
  }
  if (!body || typeof body !== "object") return undefined;
  const problem = body as { type?: unknown; title?: unknown; detail?: unknown; validation?: unknown };
  if (typeof problem.type !== "string" || !problem.type.startsWith(PRISM_ERRORS)) return undefined;
  const violations = Array.isArray(problem.validation)
    ? problem.validation.map((v) => String((v as { message?: unknown })?.message ?? "")).filter(Boolean)
    : [];
  return {
    name: problem.type.slice(PRISM_ERRORS.length),
    title: String(problem.title ?? ""),
    detail: String(problem.detail ?? ""),
    violations,
  };
}

/** The drift an answer of the stand-in's own makes, when `ex` is one: the request it refused, or a note. */
export function standInDrift(operation: string, ex: LiveExchange): Drift | undefined {
  // The stand-in's request judge (in front of Prism) refused it: the block's request is what differs.
  const refusals =
    ex.status === 422 ? refusalsOf(new Headers(ex.responseHeaders).get("content-type"), ex.responseBody) : undefined;
  if (refusals?.length)
    return {
      operation,
      kind: "request",
      pointer: "/request",
      message:
        `the stand-in's request judge refused the request as breaking the document: ` +
        `${refusals.slice(0, 5).map(describeRefusal).join("; ")}`,
    };
  const problem = prismProblem(ex);
  if (!problem) return undefined;
  const words = [problem.title, ...(problem.violations.length ? problem.violations.slice(0, 5) : [problem.detail])]
    .filter(Boolean)
    .join("; ");
  if (REQUEST_REFUSALS.has(problem.name)) {
    return {
      operation,
      kind: "request",
      pointer: "/request",
      message:
        `the stand-in (Prism) refused the request as breaking the document (${ex.status} ${problem.name}): ` +
        `${words}`,
    };
  }
  return {
    operation,
    kind: "stand-in",
    pointer: "/status",
    message:
      `the stand-in (Prism) answered ${ex.status} itself (${problem.name}: ${words}), not from the document: ` +
      `nothing of the upstream to check`,
    informational: true,
  };
}
