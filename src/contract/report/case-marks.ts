// The mark of a case that did not pass, in every report and the live progress: a contract that failed, or a case that
// could not run (nothing was checked there, a defect of the suite). The counts keep the two apart; the marks too.
import type { CaseResult } from "../run.js";

/** A contract that failed. */
export const FAILED_MARK = "✗";
/** A case that could not run. */
export const NOT_RUN_MARK = "⚠";

/** A case's mark in plain text, by its status (none for one that passed). */
export function caseMark(status: CaseResult["status"]): string {
  return status === "passed" ? "" : status === "error" ? NOT_RUN_MARK : FAILED_MARK;
}

/** The same as Markdown's emoji (a job summary shows them in colour). */
export function caseEmoji(status: CaseResult["status"]): string {
  return status === "passed" ? "✅" : status === "error" ? "⚠️" : "❌";
}
