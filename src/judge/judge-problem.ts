// A refused request as a mock answers it: 422, an RFC 9457 problem of the
// judge's own type listing each refusal, so that whoever called the mock (the
// contract suite's exchange layer, a person with curl) reads what rule broke,
// where, and the bytes sent.
import { describeRefusal, JUDGE_RULES, type Judgement, type Refusal } from "./refusal.js";

export const JUDGE_PROBLEM_TYPE = "urn:blockwright:problem:request-judge";
const RULES = new Set<string>(JUDGE_RULES);

/** The answer to a refused request: its status, and its body (JSON text). */
export function refusalProblem(judgement: Judgement, line: string): { status: number; body: string } {
  const count = judgement.refusals.length;
  const body = {
    type: JUDGE_PROBLEM_TYPE,
    title: "The request breaks the OpenAPI document's rules",
    status: 422,
    detail:
      `${line}${judgement.operation ? ` (${judgement.operation})` : ""}: ${count} ` +
      `refusal${count === 1 ? "" : "s"}: ${judgement.refusals.map(describeRefusal).join("; ")}`,
    refusals: judgement.refusals,
  };
  return { status: 422, body: JSON.stringify(body) };
}

/** The refusals a mock's answer carries, when it is the judge's problem. */
export function refusalsOf(contentType: string | null, body: string): Refusal[] | undefined {
  if (!contentType?.includes("json")) return undefined;
  let problem: unknown;
  try {
    problem = JSON.parse(body);
  } catch {
    return undefined;
  }
  const found = problem as { type?: unknown; refusals?: unknown } | null;
  if (found?.type !== JUDGE_PROBLEM_TYPE || !Array.isArray(found.refusals)) return undefined;
  return found.refusals
    .filter((r): r is Record<string, unknown> => !!r && typeof r === "object")
    .map((r) => ({
      rule: (RULES.has(String(r.rule)) ? String(r.rule) : "route") as Refusal["rule"],
      at: String(r.at ?? ""),
      pointer: String(r.pointer ?? ""),
      sent: String(r.sent ?? ""),
      message: String(r.message ?? ""),
    }));
}
