// What a file's YAML aliases expand its data to (yaml-source.ts refuses what passes its bounds), and whether the parser
// kept an anchor (without one, no alias can be in the data).

/**
 * Whether js-yaml's state kept an anchor once the text was read (an anchor of a branch it read again is dropped with
 * the branch, as are the branch's aliases); a state it does not show (another js-yaml) is taken to have some.
 */
export function hasAnchors(state: { anchorMap?: object } | undefined): boolean {
  const anchors = state?.anchorMap;
  return anchors === null || typeof anchors !== "object" || Object.keys(anchors).length > 0;
}

// What a file's aliases make of it. js-yaml shares an anchored value among its
// aliases, so reading costs nothing, but whatever walks or writes the data
// next pays for every alias again: nine lines can stand for millions of values
// (an alias bomb), and one large anchor repeated by a hundred aliases for
// gigabytes of text (`add` wrote a 5 MB document out as 519 MB). The data is
// measured once, each shared value once (costing no more than the file), and
// the reader refuses what passes either bound: the size the aliases expand the
// data to, and the count of the aliases that aliases repeat. Only those grow
// past the text: an alias of an anchor holding none is one `*name` written in
// the file, so a document dumped with a shared value anchored (js-yaml's
// `&ref_0`, a `security` list at each of 112 operations) is linear in its text
// and the size bound holds it; a bomb nests anchors, each level multiplying.

/**
 * Expansions of aliases inside anchored values allowed per file (as often as their anchors are repeated): enough for
 * shared anchors that share others, far too few for an alias bomb.
 */
export const MAX_ALIASES = 100;

export interface AliasMeasure {
  /**
   * How many values aliases add when the data is expanded (an alias inside an anchor counts at each of its anchor's
   * aliases).
   */
  aliases: number;
  /**
   * The expansions past the aliases written in the text: those of aliases inside anchored values, at each alias of
   * their anchor (0 when no anchored value holds an alias). What an alias bomb multiplies.
   */
  nested: number;
  /** The data's size expanded, in characters as compact JSON (about what a writer would write of it). */
  chars: number;
  /** Where an alias stands inside the value it names, when one does: the data holds itself and never ends. */
  cycle?: readonly (string | number)[];
}

interface Measured {
  aliases: number;
  chars: number;
}

/** Thrown through the walk when an alias is found inside its own anchor. */
class Cycle {
  constructor(readonly path: (string | number)[]) {}
}

/** The measure of parsed YAML data (js-yaml's: an alias is the anchored object itself, seen again). */
export function measureAliases(root: unknown): AliasMeasure {
  const done = new Map<object, Measured>();
  let nested = 0;
  const open = new Set<object>();
  const path: (string | number)[] = [];
  const scalarChars = (v: unknown): number =>
    typeof v === "string" ? v.length + 2 : v === null || v === undefined ? 4 : String(v).length;
  const visit = (node: object): Measured => {
    open.add(node);
    let aliases = 0;
    // Keys (or a list's indexes) read one by one: a whole manifest has hundreds of thousands of values, and a list of
    // [key, value] pairs made for each of its objects was most of the walk's time.
    const list = Array.isArray(node) ? (node as unknown[]) : undefined;
    const keys = list ? undefined : Object.keys(node);
    const count = list ? list.length : (keys as string[]).length;
    let chars = 2 + Math.max(0, count - 1); // [] or {}, and the commas
    for (let i = 0; i < count; i++) {
      const key: string | number = keys ? (keys[i] as string) : i;
      const child = list ? list[i] : (node as Record<string, unknown>)[key];
      if (typeof key === "string") chars += key.length + 3; // "key":
      if (child === null || typeof child !== "object") {
        chars += scalarChars(child);
        continue;
      }
      path.push(key);
      if (open.has(child)) throw new Cycle([...path]);
      const known = done.get(child);
      if (known) {
        aliases += 1 + known.aliases; // an alias: the anchored value once more
        nested += known.aliases; // an alias is met once per place in the text: what it repeats is past the text
        chars += known.chars;
      } else {
        const measured = visit(child);
        aliases += measured.aliases;
        chars += measured.chars;
      }
      path.pop();
    }
    open.delete(node);
    const measured = { aliases, chars };
    done.set(node, measured);
    return measured;
  };
  if (root === null || typeof root !== "object") return { aliases: 0, nested: 0, chars: scalarChars(root) };
  try {
    return { ...visit(root), nested };
  } catch (e) {
    if (e instanceof Cycle)
      return {
        aliases: Number.POSITIVE_INFINITY,
        nested: Number.POSITIVE_INFINITY,
        chars: Number.POSITIVE_INFINITY,
        cycle: e.path,
      };
    throw e;
  }
}
