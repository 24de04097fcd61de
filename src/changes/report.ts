// The diff as people read it: grouped by package and tool, with the proposed
// version; as JSON for tools; as Markdown for a pull-request comment or job
// summary; as GitHub annotations on the manifest lines that changed; and as a
// CHANGELOG section per package.
import { cell, codeSpan, markdownText } from "../emit/markdown-text.js";
import type { PlacePath } from "../load/source-place.js";
import { annotation, lineText, logSafe } from "../common/github-actions.js";
import type { SourcePosition } from "../load/yaml-source.js";
import { atLeast, highest, nextVersion, type Change, type Level } from "./classify.js";
import { plain, SEVERITIES, type Severity } from "./kinds.js";

export interface PackageDiff {
  provider: string;
  packageName: string;
  version: string;
  level?: Level;
  nextVersion: string;
  changes: Change[];
}

export interface WorkflowProblem {
  file: string;
  line: number;
  col: number;
  /** `file:line:col: …`, as `blockwright validate` reports it. */
  message: string;
  /** Non-breaking for a line that should be told, not one that fails (an output that may hold a new value). */
  severity?: "breaking" | "non-breaking";
  /** The change kind that reaches the line, where a change does (not a validator problem). */
  kind?: string;
  /** What of the line it reaches: the reference read (`b.data.name`) or the value sent (`data.name`). */
  subject?: string;
}

/** `isNew`: the package has no base; it is first released at its own version. */
export function packageDiff(
  provider: string,
  packageName: string,
  version: string,
  changes: Change[],
  isNew = false,
): PackageDiff {
  const level = highest(changes);
  return {
    provider,
    packageName,
    version,
    ...(level ? { level } : {}),
    nextVersion: isNew ? version : nextVersion(version, level),
    changes,
  };
}

/**
 * A value in a report line, never a JSON dump: strings as they are (escaped
 * where they would break the line), lists and objects shortened to their
 * first items or fields and their count.
 */
export const show = (v: unknown, depth = 0): string => {
  if (typeof v === "string") return plain(v);
  if (Array.isArray(v))
    return v.length > 6 || depth > 1
      ? `[${v
          .slice(0, 3)
          .map((x) => show(x, depth + 1))
          .join(", ")}, … (${v.length} values)]`
      : `[${v.map((x) => show(x, depth + 1)).join(", ")}]`;
  if (v && typeof v === "object") {
    const entries = Object.entries(v).filter(([, x]) => x !== undefined && !(Array.isArray(x) && !x.length));
    if (depth > 1) return `{${entries.length} field${entries.length === 1 ? "" : "s"}}`;
    const shown = entries.slice(0, 4).map(([k, x]) => `${plain(k)} ${show(x, depth + 1)}`);
    return `${shown.join(", ")}${entries.length > 4 ? `, … (${entries.length} fields)` : ""}`;
  }
  return JSON.stringify(v) ?? String(v);
};

/** The kind id a change goes by in every format (one of an older diff without it: its rule). */
export const kindOf = (c: Change): string => c.kind ?? c.rule;
const severityOfChange = (c: Change): Severity =>
  c.severity ?? (c.level === "breaking" ? "breaking" : c.level === "minor" ? "non-breaking" : "informational");

export function describeChange(c: Change): string {
  const values =
    c.from !== undefined || c.to !== undefined
      ? ` (${c.from !== undefined ? show(c.from) : "—"} → ${c.to !== undefined ? show(c.to) : "—"})`
      : "";
  return `${plain(c.subject)}: ${c.rule}${values} [${kindOf(c)}]`;
}

/** Changes by severity, breaking first (in the order found within one). */
function bySeverity(changes: readonly Change[]): [Severity, Change[]][] {
  return SEVERITIES.map((s) => [s, changes.filter((c) => severityOfChange(c) === s)] as [Severity, Change[]]).filter(
    ([, cs]) => cs.length,
  );
}

/**
 * The report for people: manifest text escaped, as every text report escapes what came from outside (lineText,
 * logSafe).
 */
export function textReport(diffs: PackageDiff[], workflows: WorkflowProblem[] | undefined): string {
  const lines: string[] = [];
  const changed = diffs.filter((d) => d.changes.length);
  if (!changed.length) lines.push("No changes to any package's surface.");
  for (const d of changed) {
    lines.push(`${lineText(d.packageName)} ${lineText(d.version)} → ${lineText(d.nextVersion)} (${d.level})`);
    for (const [severity, changes] of bySeverity(d.changes)) {
      lines.push(`  ${severity} (${changes.length}):`);
      for (const c of changes) {
        lines.push(
          `    ${c.tool ? `${lineText(c.tool)} · ` : ""}${lineText(describeChange(c))}${lineText(acceptedText(c))}`,
        );
        // A breaking change's id: what .blockwright/accepted-changes.yaml lists to accept it.
        if (c.id && c.level === "breaking" && !c.accepted) lines.push(`      id: ${lineText(c.id)}`);
      }
    }
    lines.push("");
  }
  if (workflows) {
    const breaking = workflows.filter((w) => w.severity !== "non-breaking");
    const told = workflows.filter((w) => w.severity === "non-breaking");
    lines.push(
      breaking.length
        ? `Workflows this change breaks (${breaking.length} place${breaking.length === 1 ? "" : "s"}):`
        : "No workflow is broken by this change.",
    );
    for (const w of breaking) lines.push(`  ${lineText(w.message)}`);
    if (told.length) {
      lines.push(`Workflow lines to look at (${told.length}):`);
      for (const w of told) lines.push(`  ${lineText(w.message)}`);
    }
  }
  return logSafe(`${lines.join("\n").trimEnd()}\n`);
}

/** A version in Markdown: semver as it is (no block marker mid-line or in a cell), anything else escaped. */
const versionText = (v: string): string => (/^[0-9A-Za-z.+-]+$/.test(v) ? v : markdownText(v));

/**
 * The report as Markdown: a table of packages and next versions, each package's changes, and the workflow lines hit.
 */
export function markdownReport(diffs: PackageDiff[], workflows: WorkflowProblem[] | undefined): string {
  const changed = diffs.filter((d) => d.changes.length);
  const breaking = changed.filter((d) => d.level === "breaking").length;
  const out: string[] = [];
  if (!changed.length) out.push("## blockwright diff: no changes to any package's surface");
  else {
    out.push(
      `## blockwright diff: ${changed.length} package${changed.length === 1 ? "" : "s"} ` +
        `changed${breaking ? ` (${breaking} breaking)` : ""}`,
      "",
    );
    out.push("| Package | Version | Next | Largest change |", "|---|---|---|---|");
    for (const d of changed)
      out.push(
        `| ${cell(codeSpan(d.packageName))} | ${cell(versionText(d.version))} ` +
          `| ${cell(versionText(d.nextVersion))} | ${d.level === "breaking" ? "⚠️ breaking" : (d.level ?? "")} |`,
      );
    for (const d of changed) {
      out.push(
        "",
        `### ${codeSpan(d.packageName)} ${versionText(d.version)} → ${versionText(d.nextVersion)} (${d.level})`,
        "",
        "| Severity | Tool | Kind | Change |",
        "|---|---|---|---|",
      );
      for (const [severity, changes] of bySeverity(d.changes))
        for (const c of changes)
          out.push(
            `| ${severity}${c.accepted ? ` (accepted until ${c.accepted.expires})` : ""} ` +
              `| ${c.tool ? cell(codeSpan(c.tool)) : "(package)"} | ${cell(codeSpan(kindOf(c)))} ` +
              `| ${cell(markdownText(`${describeChange(c).replace(/ \[[^\]]*\]$/, "")}${acceptedText(c)}`))}` +
              `${c.id && c.level === "breaking" ? ` (id ${cell(codeSpan(c.id))})` : ""} |`,
          );
    }
  }
  if (workflows) {
    const breaking = workflows.filter((w) => w.severity !== "non-breaking").length;
    out.push(
      "",
      breaking
        ? `### Workflows this change breaks (${breaking} place${breaking === 1 ? "" : "s"})`
        : "No workflow is broken by this change.",
    );
    if (workflows.length) {
      out.push("", "| Where | Severity | Problem |", "|---|---|---|");
      for (const w of workflows)
        out.push(
          `| ${cell(codeSpan(`${w.file}:${w.line}:${w.col}`))} | ${w.severity ?? "breaking"} ` +
            `| ${cell(markdownText(w.message.slice(w.message.indexOf(": ") + 2)))} |`,
        );
    }
  }
  return `${out.join("\n")}\n`;
}

/**
 * The manifest key under an operation for the first word of a tool change's subject (`param maxResults`, `output data
 * .a`, `outcome 404`): what the OpenAPI document declares (method, path, success and error statuses) is bound at
 * `operationId`.
 */
const TOOL_SUBJECT_KEYS: Record<string, string | undefined> = {
  param: "params",
  output: "outputs",
  outcome: "outcomes",
  rule: "rules",
  request: "operationId",
  error: "operationId",
  success: "operationId",
  tool: undefined,
};

/**
 * Where in the head manifest a change is declared, as keys: a subject names
 * its concept's manifest field (`limits.replyBytes`, `pagination.pageSize`),
 * or its first word a keyed part of the operation and the second the key.
 * The nearest place that still exists stands in for a removed one.
 */
export function changePlace(c: Change): PlacePath {
  const [what = "", name] = c.subject.split(" ");
  if (!c.tool) return what === "package" ? ["provider"] : what === "hosts" ? ["server", "hosts"] : what.split(".");
  const operation = ["operations", c.tool];
  if (!Object.hasOwn(TOOL_SUBJECT_KEYS, what)) return [...operation, ...what.split(".")];
  const key = TOOL_SUBJECT_KEYS[what];
  return key
    ? [...operation, key, ...(name && ["param", "output", "outcome"].includes(what) ? [name] : [])]
    : operation;
}

export interface AnnotationOptions {
  /** The line of a place in a provider's head manifest (undefined for a package that is gone). */
  locate: (provider: string, path: PlacePath) => SourcePosition | undefined;
  /** Changes at or above this level are errors; below, breaking changes are warnings and others notices. */
  failOn?: Level;
}

/** What an accepted change's line says after it. */
const acceptedText = (c: Change) =>
  c.accepted ? ` — accepted until ${c.accepted.expires}: ${plain(c.accepted.reason)}` : "";

/**
 * GitHub annotations: one per change, at the manifest line that declares
 * what changed (an accepted change a warning, never an error), one per
 * workflow line broken, and one per note on the gate policy (an expired or
 * unmatched acceptance) at its line.
 */
export function githubAnnotations(
  diffs: PackageDiff[],
  workflows: WorkflowProblem[] | undefined,
  options: AnnotationOptions,
  notes: readonly { at: SourcePosition; message: string }[] = [],
): string {
  const lines: string[] = [];
  for (const d of diffs) {
    for (const c of bySeverity(d.changes).flatMap(([, cs]) => cs)) {
      const level = c.accepted
        ? "warning"
        : options.failOn && atLeast(c.level, options.failOn)
          ? "error"
          : c.level === "breaking"
            ? "warning"
            : "notice";
      const at = options.locate(d.provider, changePlace(c));
      const id = c.id && c.level === "breaking" ? ` (id: ${c.id})` : "";
      lines.push(
        annotation(
          level,
          {
            ...(at ? { file: at.file, line: at.line, col: at.col } : {}),
            title: `${d.packageName} ${d.version} → ${d.nextVersion}: ${c.level}${c.accepted ? " (accepted)" : ""}`,
          },
          `${c.tool ? `${c.tool} ` : ""}${describeChange(c)}${acceptedText(c)}${id}`,
        ),
      );
    }
  }
  for (const n of notes)
    lines.push(
      annotation("warning", { file: n.at.file, line: n.at.line, col: n.at.col, title: "accepted changes" }, n.message),
    );
  for (const w of workflows ?? [])
    lines.push(
      w.severity === "non-breaking"
        ? annotation("notice", { file: w.file, line: w.line, col: w.col, title: "workflow line to look at" }, w.message)
        : annotation(
            "error",
            { file: w.file, line: w.line, col: w.col, title: "workflow broken by this change" },
            w.message,
          ),
    );
  return lines.length ? `${lines.join("\n")}\n` : "";
}

/** A CHANGELOG section for one package's next version. */
export function changelogSection(d: PackageDiff, date: string): string {
  const heading = (level: Level) =>
    ({ breaking: "Breaking changes", minor: "Features", patch: "Fixes and text" })[level];
  const out = [`## ${d.nextVersion} (${date})`, ""];
  for (const level of ["breaking", "minor", "patch"] as const) {
    const changes = d.changes.filter((c) => c.level === level);
    if (!changes.length) continue;
    out.push(`### ${heading(level)}`, "");
    for (const c of changes) out.push(`- ${c.tool ? `\`${c.tool}\` ` : ""}${describeChange(c)}`);
    out.push("");
  }
  return out.join("\n");
}
