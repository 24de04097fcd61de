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

/**
 * The changes as listed: an address change the same for several operations (the document's server moved, `/v3` →
 * `/v4`) is one line naming their tools, not one per operation; `--json` keeps one per operation.
 */
function listed(changes: readonly UpstreamChange[]): { change: UpstreamChange; operations: number }[] {
  const out: { change: UpstreamChange; operations: number }[] = [];
  const shared = new Map<string, { change: UpstreamChange; operations: number }>();
  for (const c of changes) {
    const key = c.location === "server" ? JSON.stringify([c.kind, c.severity, c.old, c.new, c.binds]) : undefined;
    const held = key === undefined ? undefined : shared.get(key);
    if (held) {
      held.change = { ...held.change, tools: [...new Set([...held.change.tools, ...c.tools])] };
      held.operations++;
      continue;
    }
    const entry = { change: c, operations: 1 };
    if (key !== undefined) shared.set(key, entry);
    out.push(entry);
  }
  return out;
}

/** One listed line: a shared address change names how many operations it is, not one's method and path. */
function listedLine({ change, operations }: { change: UpstreamChange; operations: number }): string {
  // `<tools> · 7 operations server · api-server-changed: …`
  return operations === 1
    ? changeLine(change, shownValue)
    : changeLine({ ...change, method: String(operations), path: "operations" }, shownValue);
}

export function upstreamReport(r: UpstreamReport, all: boolean): string {
  const lines = listed(r.changes);
  const count = (s: string) => lines.filter((l) => l.change.severity === s).length;
  const n = lines.length;
  const out = [
    `${r.provider}: ${n} change${n === 1 ? "" : "s"} to the operations we call ` +
      `(${SEVERITIES.map((s) => `${count(s)} ${s}`).join(", ")}); ${r.unbound.count} to ${r.unbound.operations} ` +
      `operation${r.unbound.operations === 1 ? "" : "s"} we do not call`,
  ];
  for (const severity of SEVERITIES) {
    const these = lines.filter((l) => l.change.severity === severity);
    if (!these.length) continue;
    if (severity === "informational" && !all) {
      out.push(`informational: ${these.length} (text and annotations only; --all lists them)`);
      continue;
    }
    out.push(`${severity}:`);
    for (const l of these) out.push(`  ${plain(listedLine(l))}`);
  }
  if (r.changes.some((c) => c.severity !== "informational"))
    out.push(`review ${r.spec} (and the manifest beside it), then --accept`);
  if (r.unmatched.length)
    out.push(
      `note: operations we call that neither version publishes (our spec keeps them): ${r.unmatched.join(", ")}`,
    );
  return `${out.join("\n")}\n`;
}
