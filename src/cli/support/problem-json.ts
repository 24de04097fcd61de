// A problem as `--json` prints it (generate's and validate's): where, its
// code, and what is wrong. The help of each command shows these fields from
// PROBLEM_JSON_HELP, so what --help says and what --json prints are one list.
import type { ProblemCode } from "../../common/problem-codes.js";
import type { SourcePosition } from "../../load/yaml-source.js";

export interface ProblemJson extends SourcePosition {
  /** Its problem code (docs/reference/problems.md). */
  code: ProblemCode;
  /** What is wrong, without the position. */
  message: string;
}

/** Every field of a ProblemJson, in the order printed; the type below does not compile while one is missing. */
export const PROBLEM_JSON_FIELDS = ["file", "line", "col", "code", "message"] as const;
type Missing = Exclude<keyof ProblemJson, (typeof PROBLEM_JSON_FIELDS)[number]>;
const complete: [Missing] extends [never] ? true : Missing = true;
void complete;

/** How a help text shows one problem of the JSON: `{file, line, col, code, message}`. */
export const PROBLEM_JSON_HELP = `{${PROBLEM_JSON_FIELDS.join(", ")}}`;

/** A problem found at `position`, for --json. */
export function problemJson(position: SourcePosition, code: ProblemCode, message: string): ProblemJson {
  return { file: position.file, line: position.line, col: position.col, code, message };
}
