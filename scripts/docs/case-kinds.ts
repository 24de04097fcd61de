// docs/reference/case-kinds.md: the kinds of contract case, from each kind's
// module (src/contract/kinds/<kind>.ts, its `doc`) in the order of CASE_KINDS:
// the derived kinds, then the live kinds of verify and replay.
import { CASE_KINDS, isDerivedKind, KIND_ORDER, RESULT_KINDS } from "../../src/contract/kinds/index.js";
import { cell, generatedHeader } from "./markdown.js";

export function caseKindsPage(): string {
  const row = (kind: string, doc: { when: string; cases: string }) =>
    `| \`${kind}\` | ${cell(doc.when)} | ${cell(doc.cases)} |`;
  return [
    generatedHeader("src/contract/kinds/ (each kind's doc, in the order of CASE_KINDS)"),
    "",
    "# Contract-case kinds",
    "",
    "What `blockwright test` derives for each operation, by kind, in this order, when the operation calls for it",
    "([Contract tests in CI](../guides/contract-tests-in-ci.md) tells how the suite runs). Each kind is one module of",
    "[`src/contract/kinds/`](../../src/contract/kinds/), with its rule for when it applies and its deriver.",
    "",
    "| Kind | When | Cases |",
    "|---|---|---|",
    ...KIND_ORDER.map((kind) => row(kind, CASE_KINDS[kind].doc)),
    "",
    "## Live kinds",
    "",
    "Cases that come from a live service rather than from the specs ([verify](../guides/verify.md)):",
    "",
    "| Kind | Made by | Cases |",
    "|---|---|---|",
    ...RESULT_KINDS.filter((kind) => !isDerivedKind(kind)).map((kind) => row(kind, CASE_KINDS[kind].doc)),
    "",
  ].join("\n");
}
