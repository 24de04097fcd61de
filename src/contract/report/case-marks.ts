// The mark of a case that did not pass, in every report and the live progress: a contract that failed, or a case that
// could not run (nothing was checked there, a defect of the suite). The counts keep the two apart; the marks too.
// `verify` marks its calls by the same record: an answer that contradicted the specs, or a call whose answer was not
// checked.
import type { CaseResult } from "../run.js";

/** A case (or a verified call) that passed, where a line marks every result. */
export const PASSED_MARK = "✓";

/** A contract that failed. */
export const FAILED_MARK = "✗";
/** A case that could not run. */
export const NOT_RUN_MARK = "⚠";

/** A case's mark in plain text, by its status (none for one that passed). */
export function caseMark(status: CaseResult["status"]): string {
  return status === "passed" ? "" : status === "error" ? NOT_RUN_MARK : FAILED_MARK;
}

/** A result's mark where every line has one, a passed result's too (`verify`'s lines). */
export function resultMark(status: CaseResult["status"]): string {
  return status === "passed" ? PASSED_MARK : caseMark(status);
}

/** The same as Markdown's emoji (a job summary shows them in colour). */
export function caseEmoji(status: CaseResult["status"]): string {
  return status === "passed" ? "✅" : status === "error" ? "⚠️" : "❌";
}
