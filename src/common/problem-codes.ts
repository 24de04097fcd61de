// Every problem Blockwright reports about its input has a stable code, so a
// user can look it up (docs/reference/problems.md is written from this table
// by `npm run docs`) and a test can assert which problem it got, not its
// wording. A problem's constructor takes a `ProblemCode`: a new kind of
// problem does not compile until it has a row here.
// The rows are kept by area, a module each (src/common/problems/).
import { LINK_PROBLEMS } from "./problems/link-problems.js";
import { LOADING_PROBLEMS } from "./problems/loading-problems.js";
import type { ProblemInfo } from "./problems/problem-info.js";
import { USAGE_PROBLEMS } from "./problems/usage-problems.js";
import { WORKFLOW_PROBLEMS } from "./problems/workflow-problems.js";

export type { ProblemInfo } from "./problems/problem-info.js";

/** The areas, by the code's first digit. */
export const PROBLEM_AREAS = {
  1: "Loading files: YAML and JSON, the manifest's schema, OpenAPI documents",
  2: "Linking a manifest to its OpenAPI document",
  3: "Command-line usage",
  4: "Workflows",
} as const;

/** Every code, its area's in order of the areas. */
export const PROBLEMS = {
  ...LOADING_PROBLEMS,
  ...LINK_PROBLEMS,
  ...USAGE_PROBLEMS,
  ...WORKFLOW_PROBLEMS,
} as const satisfies Record<`BW${number}`, ProblemInfo>;

export type ProblemCode = keyof typeof PROBLEMS;

/** `text [BW1234]`: a message with its code, once (a message passed on keeps the code it has). */
export function withCode(code: ProblemCode, text: string): string {
  return /\[BW\d{4}\]$/.test(text) ? text : `${text} [${code}]`;
}

/** The code a message ends with, if any. */
export function codeOf(text: string): ProblemCode | undefined {
  const m = /\[(BW\d{4})\]$/.exec(text.trimEnd());
  return m && Object.hasOwn(PROBLEMS, m[1] as string) ? (m[1] as ProblemCode) : undefined;
}
