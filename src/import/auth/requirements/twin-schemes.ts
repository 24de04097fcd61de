// Two schemes that send the same credential the same way — two `http` bearer schemes (one documenting the key's
// format), one header key declared under two names — are one way to the caller: drafted as two, the same key was asked
// for twice under two inputs ("Access token" and "Access token"). Where an operation takes either, it takes the first.
import { requirementApart } from "../../../load/security-schemes.js";
import { type Accepted, acceptedWays } from "./accepted-ways.js";
import { sameKeysOf } from "./one-key-ways.js";

export type { Accepted };

type Json = Record<string, unknown>;

/** A scheme's words, not what it sends: told apart by them, two schemes still send the same thing. */
const WORDS = new Set(["description", "bearerFormat"]);

/** What a scheme sends and where, its words aside (an HTTP scheme's name and a header's name in any case). */
function sendingOf(definition: unknown): string | undefined {
  if (!definition || typeof definition !== "object" || Array.isArray(definition)) return undefined;
  const d = definition as Json;
  const folded = (k: string, v: unknown) =>
    typeof v === "string" && (k === "scheme" || (k === "name" && d.in === "header")) ? v.toLowerCase() : v;
  const kept = Object.keys(d)
    .filter((k) => !WORDS.has(k) && !k.startsWith("x-"))
    .sort()
    .map((k) => [k, folded(k, d[k])]);
  return JSON.stringify(kept);
}

/** Each declared scheme's name to the first scheme (in declared order) that sends the same. */
export function twinsOf(declared: Record<string, unknown>): Map<string, string> {
  const first = new Map<string, string>();
  const twin = new Map<string, string>();
  for (const [name, definition] of Object.entries(declared)) {
    const sends = sendingOf(definition);
    const kept = sends === undefined ? undefined : first.get(sends);
    if (sends !== undefined && kept === undefined) first.set(sends, name);
    twin.set(name, kept ?? name);
  }
  return twin;
}

/**
 * The operations' ways with a scheme offered alone dropped where its first twin is offered alone beside it: the caller
 * gives either, so they are one. A twin needed together with other schemes, or offered where its first twin is not
 * (one key per group of operations, alike in shape), stays its own way.
 */
export function withTwinsMerged(
  accepted: Accepted[],
  twin: Map<string, string>,
  notes: string[],
  /** Why the merged schemes are one way, for the note. */
  why = "schemes that send the same credential the same way (their words aside)",
): Accepted[] {
  const offering = accepted.filter((a) => a.ways !== undefined);
  const merges = (n: string) => {
    const first = twin.get(n);
    if (first === undefined || first === n) return false;
    const by = offering.filter((a) => a.ways?.includes(n));
    return by.length > 0 && by.every((a) => a.ways?.includes(first));
  };
  const merged = [...new Set(offering.flatMap((a) => a.ways ?? []))].filter(merges);
  if (!merged.length) return accepted;
  notes.push(
    `${merged.map((n) => `${n} as ${twin.get(n)}`).join(", ")}: ${why}, each operation taking either: drafted as ` +
      "one way, one input",
  );
  return accepted.map((a) => (a.ways ? { ...a, ways: a.ways.filter((w) => !merged.includes(w)) } : a));
}

/**
 * What each operation accepts (accepted-ways.ts), a scheme offered beside its first twin one way, and one API key
 * offered two ways (one-key-ways.ts) one way.
 */
export function acceptedOnce(
  operations: readonly { id: string; op: Json }[],
  global: unknown,
  declared: Record<string, unknown>,
  usable: (names: string[]) => boolean,
  notes: string[],
): Accepted[] {
  const apart = (names: string[]) => requirementApart(names, declared);
  const once = withTwinsMerged(acceptedWays(operations, global, usable, apart, notes), twinsOf(declared), notes);
  return withTwinsMerged(
    once,
    sameKeysOf(declared),
    notes,
    "the same API key offered in another place (sent where it leaks least: a header, a cookie, then the query)",
  );
}
