/** A row of the problems' table (src/common/problem-codes.ts): what docs/reference/problems.md prints of a code. */
export interface ProblemInfo {
  /** What is wrong, in one sentence. */
  meaning: string;
  /** A message of this kind, as printed (after `file:line:col:`). */
  example: string;
  /** What to change. */
  fix: string;
}
