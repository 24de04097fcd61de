// The diff as people read it: grouped by package and tool, with the proposed
// version; as JSON for tools; and as a CHANGELOG section per package.
import { highest, nextVersion, type Change, type Level } from "./classify.js";

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
  /** `file:line:col: …`, as `blockwright validate` reports it. */
  message: string;
}

/** `isNew`: the package has no base; it is first released at its own version. */
export function packageDiff(provider: string, packageName: string, version: string, changes: Change[], isNew = false): PackageDiff {
  const level = highest(changes);
  return { provider, packageName, version, ...(level ? { level } : {}), nextVersion: isNew ? version : nextVersion(version, level), changes };
}

/** A value in a report line: long lists shortened to their first items and their count. */
const show = (v: unknown): string => (typeof v === "string" ? v : Array.isArray(v) && v.length > 6 ? `[${v.slice(0, 3).map(show).join(", ")}, … (${v.length} values)]` : JSON.stringify(v));

export function describeChange(c: Change): string {
  const values = c.from !== undefined || c.to !== undefined ? `: ${c.from !== undefined ? show(c.from) : "—"} → ${c.to !== undefined ? show(c.to) : "—"}` : "";
  return `${c.subject}: ${c.rule}${values}`;
}

export function textReport(diffs: PackageDiff[], workflows: WorkflowProblem[] | undefined): string {
  const lines: string[] = [];
  const changed = diffs.filter((d) => d.changes.length);
  if (!changed.length) lines.push("No changes to any package's surface.");
  for (const d of changed) {
    lines.push(`${d.packageName} ${d.version} → ${d.nextVersion} (${d.level})`);
    const byTool = new Map<string, Change[]>();
    for (const c of d.changes) byTool.set(c.tool ?? "(package)", [...(byTool.get(c.tool ?? "(package)") ?? []), c]);
    for (const [tool, changes] of byTool) {
      lines.push(`  ${tool}`);
      for (const c of changes) lines.push(`    ${c.level.padEnd(8)} ${describeChange(c)}`);
    }
    lines.push("");
  }
  if (workflows) {
    lines.push(workflows.length ? `Workflows this change breaks (${workflows.length} place${workflows.length === 1 ? "" : "s"}):` : "No workflow is broken by this change.");
    for (const w of workflows) lines.push(`  ${w.message}`);
  }
  return lines.join("\n").trimEnd() + "\n";
}

/** A CHANGELOG section for one package's next version. */
export function changelogSection(d: PackageDiff, date: string): string {
  const heading = (level: Level) => ({ breaking: "Breaking changes", minor: "Features", patch: "Fixes and text" })[level];
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
