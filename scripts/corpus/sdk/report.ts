// SDK-RESULTS.md from the comparison's records: per vendor, the SDK and its
// version, the operations compared and those the SDK does not cover, and
// every difference with what each side sent and, for an SDK quirk, why it is
// not a defect. What was recorded is outside text: escaped for Markdown.
import { cell } from "../results.js";
import type { QuirkKind } from "./adapter.js";
import type { Explained, VendorResult } from "./compare-vendor.js";

export interface Open {
  vendor: string;
  operation: string;
  input: string;
  at: string;
  blockwright?: string;
  sdk?: string;
}

/** Every difference no quirk explains. */
export function unexplained(results: VendorResult[]): Open[] {
  return results.flatMap((r) =>
    r.operations.flatMap((o) =>
      o.differences
        .filter((d) => !d.quirk)
        .map((d) => ({
          vendor: r.vendor,
          operation: o.operation,
          input: o.input,
          at: d.at,
          ...(d.blockwright !== undefined ? { blockwright: d.blockwright } : {}),
          ...(d.sdk !== undefined ? { sdk: d.sdk } : {}),
        })),
    ),
  );
}

const KIND_WORDS: Record<QuirkKind, string> = {
  sdk: "the SDK's way",
  document: "not in the document",
  design: "by design",
  pending: "pending elsewhere",
};

const count = (d: Explained[], kind: QuirkKind) => d.filter((x) => x.quirk && (x.kind ?? "sdk") === kind).length;

/** Recorded text as a code span in a table cell: control characters dropped, backticks and pipes made harmless. */
function code(v: string | undefined): string {
  if (v === undefined) return "(nothing)";
  const clean = [...v.replace(/\s+/g, " ")].filter((c) => c >= " ").join("");
  const cut = clean.length > 160 ? `${clean.slice(0, 159)}…` : clean;
  return `\`${cut.replace(/`/g, "'").replace(/\|/g, "\\|")}\``;
}

/** What the page is: how it is written, what it compares and how, and what a difference is. */
function intro(about: { commit: string; machine: string }): string {
  const text =
    "Written by `npm run corpus -- --sdk` ([scripts/corpus/sdk/](../../scripts/corpus/sdk/), " +
    "adapters in [contract-tests/sdk-judge/](../sdk-judge/README.md), which also lists the defects this " +
    "comparison found and how each was fixed). " +
    "For each vendor: `add` and `generate` in a fresh project as `npm run corpus` takes them; then, " +
    "for every corpus operation the SDK covers, the contract suite's values for the drafted tool " +
    "(twice: every parameter that has a value, made richer by rule, and the required ones only) " +
    "are sent once through the generated tool and once through the SDK's method, both to a loopback recorder, " +
    "with every connection off the machine refused. " +
    "The two requests are compared after canonicalisation: method, path segments (decoded; " +
    "a `/` inside a segment stays `%2F`), query pairs, the headers that matter (the credential's, " +
    "those the operation declares, the media type), " +
    "and the body (JSON by pointer, a form by key, multipart by part; the boundary and key order do not " +
    "count). Headers a library adds for itself (user agent, telemetry) are not compared. " +
    `A difference is either a defect of Blockwright (fixed by shape, with a regression test: ` +
    `then it is gone from this table) or an SDK quirk documented in its adapter, with why. ` +
    `Project code at \`${about.commit}\`; ${about.machine}.`;
  return text;
}

/** The summary line: the counts, and the differences by kind. */
function summary(
  results: VendorResult[],
  ops: number,
  calls: number,
  compared: number,
  diffs: Explained[],
  unexplainedCount: number,
): string {
  const text =
    `**${results.length} vendors, ${ops} operations, ${calls} calls (each operation with every field, ` +
    `and with the required ones only), ${compared} places compared; ${diffs.length} differences: ` +
    `${count(diffs, "sdk")} the SDK's own way, ${count(diffs, "document")} what the SDK knows and the document ` +
    `does not say, ${count(diffs, "design")} Blockwright's documented design, ${count(diffs, "pending")} ` +
    `Blockwright defects whose fix belongs to another line of work (named), ${unexplainedCount} unexplained.**`;
  return text;
}

const TABLE_HEAD =
  "| vendor | SDK | operations compared | places compared | differences | the SDK's way | not in the document " +
  "| by design | pending elsewhere | unexplained | connections refused |";

/** The operations a vendor's records compare, each once. */
const names = (r: VendorResult) => [...new Set(r.operations.map((o) => o.operation))];

/** A vendor's line of the summary table. */
function vendorRow(r: VendorResult): string {
  const d = r.operations.flatMap((o) => o.differences);
  return `| [${r.vendor}](${r.vendor}/source.yaml) | \`${r.sdk}@${r.version}\` | ${
    names(r)
      .map((n) => cell(n))
      .join(", ") || "none"
  }${r.problem ? ` (problem: ${cell(r.problem)})` : ""} | \
${r.operations.reduce((n, o) => n + (o.compared ?? 0), 0)} | ${d.length} | ${count(d, "sdk")} | ${count(d, "document")}\
 | ${count(d, "design")} | ${count(d, "pending")} | ${d.filter((x) => !x.quirk).length} \
| ${r.refused.length ? cell(r.refused.join(", ")) : "none"} |`;
}

/** Each difference's line: what each side sent there, and why. */
function differenceLines(results: VendorResult[]): string[] {
  const lines: string[] = [];
  for (const r of results)
    for (const o of r.operations)
      for (const d of o.differences)
        lines.push(
          `| ${r.vendor} | ${cell(o.operation)} | ${o.input} | ${cell(d.at)} | ${code(d.blockwright)} ` +
            `| ${code(d.sdk)} | ` +
            `${d.quirk ? `${KIND_WORDS[d.kind ?? "sdk"]}: ${cell(d.quirk, 600)}` : "**unexplained**"} |`,
        );
  return lines;
}

/** The operations the SDKs do not cover, the quirks that explained nothing and what the SDKs said: each if any. */
function appendixLines(results: VendorResult[]): string[] {
  const lines: string[] = [];
  const uncovered = results.flatMap((r) =>
    Object.entries(r.uncovered).map(([op, why]) => `| ${r.vendor} | ${cell(op)} | ${cell(why, 400)} |`),
  );
  if (uncovered.length)
    lines.push(
      "",
      "## Operations the SDKs do not cover",
      "",
      "| vendor | operation | why |",
      "| --- | --- | --- |",
      ...uncovered,
    );
  const stale = results.flatMap((r) => (r.unusedQuirks ?? []).map((q) => `| ${r.vendor} | ${cell(q)} |`));
  if (stale.length)
    lines.push(
      "",
      "## Quirks that explained nothing",
      "",
      "Documented in an adapter, seen on no call of this run: a pending defect fixed, or an SDK that changed. " +
        "Drop or correct each.",
      "",
      "| vendor | quirk (operation: place) |",
      "| --- | --- |",
      ...stale,
    );
  const notes = results.flatMap((r) =>
    r.operations
      .filter((o) => o.sdkNote)
      .map((o) => `| ${r.vendor} | ${cell(o.operation)} (${o.input}) | ${cell(o.sdkNote ?? "")} |`),
  );
  if (notes.length)
    lines.push(
      "",
      "## What the SDKs said of the recorder's answer",
      "",
      "The recorder answers every request with a small made-up JSON object; " +
        "an SDK that reads more of it may throw after its request was sent. That is not a difference (the " +
        "request is what is compared).",
      "",
      "| vendor | operation | the SDK threw |",
      "| --- | --- | --- |",
      ...notes,
    );
  return lines;
}

export function sdkResultsMarkdown(results: VendorResult[], about: { commit: string; machine: string }): string {
  const ops = results.reduce((n, r) => n + names(r).length, 0);
  const calls = results.reduce((n, r) => n + r.operations.length, 0);
  const diffs = results.flatMap((r) => r.operations.flatMap((o) => o.differences));
  const open = unexplained(results);
  const compared = results.reduce((n, r) => n + r.operations.reduce((m, o) => m + (o.compared ?? 0), 0), 0);
  const lines = [
    "# SDK comparison: Blockwright beside the vendors' own SDKs",
    "",
    intro(about),
    "",
    "## Summary",
    "",
    summary(results, ops, calls, compared, diffs, open.length),
    "",
    TABLE_HEAD,
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
  ];
  for (const r of results) lines.push(vendorRow(r));
  lines.push(
    "",
    "## Differences",
    "",
    "Each difference, with what each side put there and why: the SDK's own way (not a defect), " +
      "what the SDK knows and the document does not say (no draft can know it), Blockwright's documented design, " +
      "or a Blockwright defect whose fix belongs to another line of work (pending elsewhere).",
    "",
    "| vendor | operation | input | where | Blockwright sent | the SDK sent | why |",
    "| --- | --- | --- | --- | --- | --- | --- |",
  );
  lines.push(...differenceLines(results));
  if (!diffs.length) lines.push("| (none) | | | | | | |");
  lines.push(...appendixLines(results));
  return `${lines.join("\n")}\n`;
}
