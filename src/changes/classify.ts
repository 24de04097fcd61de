// What changed between two surfaces of a provider package, and how much it
// matters to the people who depend on it. Each concept's surface entry
// (link/concepts.ts) says what it records and how each kind of
// change of it is classified; in short:
//
//   breaking  a tool, parameter or output removed (a rename is a removal and
//             an addition); a new required parameter, or an optional one
//             made required; a parameter's or output's type changed (nested
//             too); an enum value a parameter accepted removed; a limit
//             tightened or added (minimum, maximum, lengths, pattern, list
//             size, integer, the request head or reply size); a default
//             changed; a parameter made secret or user-only; a cross-field
//             rule added or changed; auth placement changed; a host the
//             credential went to no longer allowed (server.hosts); an output
//             made optional, or a value an output could take added (an enum
//             value, nullability: consumers switch on them); a status
//             becoming a result (outcome) or no longer one; job states of a
//             polled operation changed; pagination removed (allPages
//             refused), or other list outputs gathered across pages; an error
//             detail removed; a failure test added (failureWhen); the
//             idempotency key no longer sent.
//   minor     a new tool, optional parameter or output; an enum value
//             accepted; a host allowed; a limit loosened or removed; a rule
//             removed; an output made guaranteed; an output's possible values
//             narrowed; pagination added (allPages accepted); an error detail
//             added; a failure test removed; an idempotency key sent.
//   patch     text (titles, descriptions, examples), wire placement of a
//             parameter, declared error statuses, polling timings, HTTP method
//             or path, routes, how the next page is reached and the page
//             size, the idempotency header's name, where the error's fields
//             are read, and the retry policy (rateLimits, retryable
//             statuses): it changes when the runtime waits or stops
//             retrying, never what a call accepts or what a result holds;
//             the documented request rate, lowered too
//             (rateLimits.requestsPerMinute: the upstream's own limit, which
//             binds callers whether declared or not; calls are spaced by it,
//             never refused for what they hold).
//
// A surface lists the concepts it records; one written before it did
// records only the first ones (each entry's `legacy`). A concept is compared
// only where both surfaces record it: an older base is no source of changes
// it could not have held.
import { PROVIDER_ENTRIES, TOOL_ENTRIES } from "../link/concepts.js";
import { linkedShapes } from "../model/shape.js";
import type { Change, Level, Report, SurfaceEntry } from "../model/surface-entry.js";
import type { Surface } from "../model/surface-format.js";
import { type Severity, severityIn } from "./kinds.js";
import { bodyFieldKind, severityOf, surfaceKind } from "./surface-kinds.js";

export type { Change, Level };

const RANK: Record<Level, number> = { patch: 0, minor: 1, breaking: 2 };

export function highest(changes: readonly Change[]): Level | undefined {
  return changes.reduce<Level | undefined>(
    (top, c) => (top === undefined || RANK[c.level] > RANK[top] ? c.level : top),
    undefined,
  );
}

export function atLeast(level: Level, threshold: Level): boolean {
  return RANK[level] >= RANK[threshold];
}

/**
 * The next version for the largest change: src/publish/next-version.ts (semver, prereleases and build metadata as npm
 * reads them).
 */
export { nextVersion } from "../publish/next-version.js";

const LEVEL_OF: Record<Severity, Level> = { breaking: "breaking", "non-breaking": "minor", informational: "patch" };

/** Every change from `base` to `head` (either may be absent: a package added or removed). */
export function diffSurfaces(base: Surface | undefined, head: Surface | undefined): Change[] {
  const provider = head?.provider ?? base?.provider ?? "";
  const changes: Change[] = [];
  // Each severity as the one record of kinds has it (kinds.ts), the one `upstream` gives the same change, and the
  // semver level with it: a level the severity no longer says would bump the version the severity does not.
  const add = (c: Omit<Change, "provider">) => {
    const severity = c.kind && c.severity ? severityIn(c.kind, c.severity) : c.severity;
    const level = severity && severity !== c.severity ? LEVEL_OF[severity] : c.level;
    changes.push({ provider, ...c, level, ...(severity ? { severity } : {}) });
  };
  if (!base && head) {
    add({ level: "minor", subject: "package", rule: "new package", kind: "package-added", severity: "non-breaking" });
    return changes;
  }
  if (base && !head) {
    add({
      level: "breaking",
      subject: "package",
      rule: "package removed",
      kind: "package-removed",
      severity: "breaking",
    });
    return changes;
  }
  if (!base || !head) return changes;
  // Named shapes as the objects they name: outputs compared through them, an older surface's expanded trees alike.
  [base, head] = [linkedShapes(base), linkedShapes(head)];
  const compared = (name: string, entry: SurfaceEntry) => recorded(base, name, entry) && recorded(head, name, entry);
  for (const [name, entry] of PROVIDER_ENTRIES)
    if (compared(name, entry)) entry.diff(entry.read(base), entry.read(head), reporter(entry, add));
  for (const id of union(Object.keys(base.tools), Object.keys(head.tools))) {
    const before = base.tools[id];
    const after = head.tools[id];
    if (!after)
      add({
        level: "breaking",
        tool: id,
        subject: "tool",
        rule: "tool removed",
        kind: "api-removed",
        severity: "breaking",
      });
    else if (!before)
      add({ level: "minor", tool: id, subject: "tool", rule: "new tool", kind: "api-added", severity: "non-breaking" });
    else {
      // A parameter sent as a field of the request body: its changes under the body field kinds (surface-kinds.ts).
      const wireOf = (subject: string) => {
        const name = /^param (\S+)$/.exec(subject)?.[1];
        return name === undefined ? undefined : (after.params[name] ?? before.params[name])?.wire;
      };
      const addToTool = (c: Omit<Change, "provider">) => {
        const wire = wireOf(c.subject);
        add({
          tool: id,
          ...c,
          ...(c.kind && wire?.startsWith("body:/") ? { kind: bodyFieldKind(c.kind, c.rule) } : {}),
        });
      };
      for (const [name, entry] of TOOL_ENTRIES)
        if (compared(name, entry)) entry.diff(entry.read(before), entry.read(after), reporter(entry, addToTool));
    }
  }
  return changes;
}

/**
 * Whether `surface` records the concept: it lists it, or it lists none and the concept is one surfaces always recorded.
 */
function recorded(surface: Surface, name: string, entry: SurfaceEntry): boolean {
  return surface.concepts ? surface.concepts.includes(name) : Boolean(entry.legacy);
}

/** The report function of an entry: each kind of change at the level its classification gives. */
function reporter(entry: SurfaceEntry, add: (c: Omit<Change, "provider">) => void): Report<string> {
  return (kind, detail = {}) => {
    const classified = entry.changes[kind];
    if (!classified) throw new Error(`a surface entry reported "${kind}", which its classification lacks`);
    const { subject = entry.subject, what, from, to } = detail;
    add({
      level: classified.level,
      subject,
      rule: what ? `${classified.rule}: ${what}` : classified.rule,
      kind: surfaceKind(entry.subject, kind),
      severity: severityOf(classified.level),
      ...(from !== undefined ? { from } : {}),
      ...(to !== undefined ? { to } : {}),
    });
  };
}

function union(a: string[], b: string[]): string[] {
  return [...new Set([...a, ...b])].sort();
}
