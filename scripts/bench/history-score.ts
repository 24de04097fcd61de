// Scoring a tool's report on one version pair of contract-tests/history
// against its reviewed truth (README.md there, "Using it"): each reported
// item is placed at (operation, location, pointer) and counted as correct,
// wrong or noise; every breaking or non-breaking truth entry no item matched
// is missed. Informational entries are counted apart.

export type Severity = "breaking" | "non-breaking" | "informational";

/** One line of a tool's report, placed as the truth places its entries. */
export interface Reported {
  kind: string;
  operation: string;
  location: string;
  pointer: string;
  severity?: Severity;
  /** For a listing of mismatches. */
  text?: string;
}

export interface TruthEntry {
  id: string;
  operation: string;
  location: string;
  pointer: string;
  severity: Severity;
  /** The value before and after, where the truth gives them (enum values removed or added, a bound, a type). */
  old?: unknown;
  new?: unknown;
}

export interface NotChange {
  what: string;
  location: string;
  at?: string[];
}

export interface Truth {
  changes: TruthEntry[];
  "not-changes"?: NotChange[];
}

export interface Score {
  found: Record<Severity, [number, number]>;
  correct: number;
  wrong: number;
  noiseNotChanges: number;
  noiseUnexplained: number;
  missed: number;
  /** Lines for reading what went wrong: missed, wrong and noise items. */
  details: string[];
}

const MAX_REQUEST_DEPTH = 4;
const MAX_RESPONSE_DEPTH = 3;

/** Property names in a body pointer (`*` and `{}` steps do not count). */
function depth(pointer: string): number {
  return pointer.split("/").filter((s) => s && s !== "*" && s !== "{}").length;
}

const placeOf = (r: { operation: string; location: string; pointer: string }) =>
  `${r.operation} ${r.location} ${r.pointer}`;

/** Kinds a truth entry accepts for itself (a report may name the same change differently where the truth allows it). */
function compatible(reported: string, truth: string): boolean {
  return reported === truth;
}

export function score(truth: Truth, reports: readonly Reported[]): Score {
  const byPlace = new Map<string, TruthEntry[]>();
  for (const t of truth.changes) byPlace.set(placeOf(t), [...(byPlace.get(placeOf(t)) ?? []), t]);
  // Objects the truth lists as added or removed, and answers under a success status added or removed (a whole body):
  // a report about a property inside is detail.
  const wholeObjects = truth.changes.filter(
    (t) =>
      (/-(added|removed)$/.test(t.id) && t.location.endsWith(".body") && t.pointer !== "/") ||
      /^response-success-status-/.test(t.id),
  );
  const notChangePlaces = new Set<string>();
  for (const n of truth["not-changes"] ?? [])
    for (const at of n.at ?? []) {
      const space = at.indexOf(" ");
      notChangePlaces.add(`${at.slice(0, space)} ${at.slice(space + 1)}`);
    }
  const s: Score = {
    found: { breaking: [0, 0], "non-breaking": [0, 0], informational: [0, 0] },
    correct: 0,
    wrong: 0,
    noiseNotChanges: 0,
    noiseUnexplained: 0,
    missed: 0,
    details: [],
  };
  const matched = new Set<TruthEntry>();
  for (const r of reports) {
    if (r.location.endsWith(".body")) {
      const max = r.location === "request.body" ? MAX_REQUEST_DEPTH : MAX_RESPONSE_DEPTH;
      if (depth(r.pointer) > max) continue;
    }
    if (/^response\.[^2]/.test(r.location)) continue;
    const here = byPlace.get(placeOf(r)) ?? [];
    const same =
      here.find((t) => compatible(r.kind, t.id) && !matched.has(t)) ?? here.find((t) => compatible(r.kind, t.id));
    if (same) {
      if (r.severity && r.severity !== same.severity) {
        s.wrong++;
        s.details.push(
          `wrong (severity ${r.severity}, truth ${same.severity}): ${r.text ?? `${r.kind} ${placeOf(r)}`}`,
        );
      } else s.correct++;
      matched.add(same);
      continue;
    }
    if (here.length) {
      // Another change at the same place: a second line about it (a description change beside a type change) is not
      // wrong.
      if (here.some((t) => t.id === r.kind)) continue;
      // The answer under a success status added or removed, as a whole (a new output reading all of it): detail of
      // that.
      if (here.every((t) => /^response-success-status-/.test(t.id)) && !/^response-success-status-/.test(r.kind))
        continue;
      s.wrong++;
      s.details.push(`wrong (truth: ${here.map((t) => t.id).join(", ")}): ${r.text ?? `${r.kind} ${placeOf(r)}`}`);
      continue;
    }
    const inside = wholeObjects.some(
      (t) =>
        t.operation === r.operation &&
        t.location === r.location &&
        (t.pointer === "/" ? r.pointer !== "/" : r.pointer.startsWith(`${t.pointer}/`)),
    );
    if (inside) continue;
    if (notChangePlaces.has(`${r.operation} ${r.pointer}`)) {
      s.noiseNotChanges++;
      s.details.push(`noise (a listed not-change): ${r.text ?? `${r.kind} ${placeOf(r)}`}`);
    } else {
      s.noiseUnexplained++;
      s.details.push(`noise: ${r.text ?? `${r.kind} ${placeOf(r)}`}`);
    }
  }
  for (const t of truth.changes) {
    const f = s.found[t.severity];
    f[1]++;
    if (matched.has(t)) f[0]++;
    else if (t.severity !== "informational") {
      s.missed++;
      s.details.push(`missed (${t.severity}): ${t.id} ${placeOf(t)}`);
    }
  }
  return s;
}

export function addScores(a: Score, b: Score): Score {
  const f = (k: Severity): [number, number] => [a.found[k][0] + b.found[k][0], a.found[k][1] + b.found[k][1]];
  return {
    found: { breaking: f("breaking"), "non-breaking": f("non-breaking"), informational: f("informational") },
    correct: a.correct + b.correct,
    wrong: a.wrong + b.wrong,
    noiseNotChanges: a.noiseNotChanges + b.noiseNotChanges,
    noiseUnexplained: a.noiseUnexplained + b.noiseUnexplained,
    missed: a.missed + b.missed,
    details: [],
  };
}

export const emptyScore = (): Score => ({
  found: { breaking: [0, 0], "non-breaking": [0, 0], informational: [0, 0] },
  correct: 0,
  wrong: 0,
  noiseNotChanges: 0,
  noiseUnexplained: 0,
  missed: 0,
  details: [],
});
