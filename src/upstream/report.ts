// `upstream`'s text report: a count by severity, then one line per change,
// breaking first, each with its kind id and reason; informational changes
// (text and annotations) counted unless asked for.
import { plain, SEVERITIES } from "../changes/kinds.js";
import { changeLine, type UpstreamChange } from "./changes.js";

export interface UpstreamReport {
  provider: string;
  changes: UpstreamChange[];
  /**
   * Changes to the operations we do not call (a parameter, body, response or security each), and how many operations
   * they are in.
   */
  unbound: { count: number; operations: number };
  unmatched: string[];
  /** Our spec, which a change is reviewed against. */
  spec: string;
}

/** A value in a line: strings as they are (escaped where they would break the line), long lists cut. */
export function shownValue(v: unknown): string {
  if (typeof v === "string") return plain(v);
  if (Array.isArray(v) && v.length > 6) return `[${v.slice(0, 3).map(shownValue).join(", ")}, … (${v.length} values)]`;
  if (Array.isArray(v)) return `[${v.map(shownValue).join(", ")}]`;
  return JSON.stringify(v) ?? String(v);
}

export function upstreamReport(r: UpstreamReport, all: boolean): string {
  const count = (s: string) => r.changes.filter((c) => c.severity === s).length;
  const n = r.changes.length;
  const lines = [
    `${r.provider}: ${n} change${n === 1 ? "" : "s"} to the operations we call ` +
      `(${SEVERITIES.map((s) => `${count(s)} ${s}`).join(", ")}); ${r.unbound.count} to ${r.unbound.operations} ` +
      `operation${r.unbound.operations === 1 ? "" : "s"} we do not call`,
  ];
  for (const severity of SEVERITIES) {
    const these = r.changes.filter((c) => c.severity === severity);
    if (!these.length) continue;
    if (severity === "informational" && !all) {
      lines.push(`informational: ${these.length} (text and annotations only; --all lists them)`);
      continue;
    }
    lines.push(`${severity}:`);
    for (const c of these) lines.push(`  ${plain(changeLine(c, shownValue))}`);
  }
  if (r.changes.some((c) => c.severity !== "informational"))
    lines.push(`review ${r.spec} (and the manifest beside it), then --accept`);
  if (r.unmatched.length)
    lines.push(
      `note: operations we call that neither version publishes (our spec keeps them): ${r.unmatched.join(", ")}`,
    );
  return `${lines.join("\n")}\n`;
}
