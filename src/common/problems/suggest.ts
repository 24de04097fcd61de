// "Did you mean": the known name closest to a mistyped one (a command, an
// option, a provider, an operation), when it is close enough to be a typo. Twenty lines of
// edit distance, not a dependency: the names are few and short.

/**
 * Edits between two words: insertions, deletions, substitutions and swaps
 * of two neighbouring characters (optimal string alignment), so that
 * `tets` is one edit from `test`.
 */
export function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number) => rows[i]?.[j] ?? Number.POSITIVE_INFINITY;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1);
      (rows[i] as number[])[j] = best;
    }
  }
  return at(a.length, b.length);
}

/**
 * The known name nearest to `given`: at most one edit away for a short
 * word, two for one of five characters or more, and never more than a third
 * of the word; or the one known name that starts with it (`--max` for
 * `--max-failures`). Ties go to the first in `known`.
 */
export function closest(given: string, known: Iterable<string>): string | undefined {
  const names = [...known];
  const limit = Math.min(given.length >= 5 ? 2 : 1, Math.floor(given.length / 3) || 1);
  let best: { name: string; distance: number } | undefined;
  for (const name of names) {
    const distance = editDistance(given.toLowerCase(), name.toLowerCase());
    if (distance <= limit && (!best || distance < best.distance)) best = { name, distance };
  }
  if (best) return best.name;
  const extending = names.filter((n) => given.length >= 3 && n.startsWith(given));
  return extending.length === 1 ? extending[0] : undefined;
}

/** ` (did you mean X?)`, or nothing when no known name is close; `show` writes the name (e.g. quoted). */
export function didYouMean(
  given: string,
  known: Iterable<string>,
  show: (name: string) => string = (name) => name,
): string {
  const name = closest(given, known);
  return name === undefined ? "" : ` (did you mean ${show(name)}?)`;
}

/** How many names a refusal lists in full; past it, those of the given name's provider, or their count. */
const LISTED = 30;

/**
 * What a refusal of an unknown operation adds: the name meant (a typo's, else up to three that hold each of the given
 * name's words in order: `people_people_get` → `people_people_people_get`), and the names, in full where there are
 * few, else those sharing its first word (its provider's), else their count and where to read them.
 */
export function unknownNameHint(given: string, known: readonly string[], noun: string): string {
  const near = closest(given, known);
  const words = given
    .toLowerCase()
    .split(/[_.\s-]+/)
    .filter(Boolean);
  const holding = (name: string) => {
    let from = 0;
    const own = name.toLowerCase().split(/[_.\s-]+/);
    for (const word of words) {
      const at = own.indexOf(word, from);
      if (at < 0) return false;
      from = at + 1;
    }
    return true;
  };
  const meant = near !== undefined ? [near] : words.length > 1 ? known.filter(holding).slice(0, 3) : [];
  const said = meant.length ? ` (did you mean ${meant.map((m) => JSON.stringify(m)).join(" or ")}?)` : "";
  if (known.length <= LISTED) return `${said} (${noun}s: ${known.join(", ")})`;
  const prefix = `${words[0] ?? ""}_`;
  const own = known.filter((name) => name.toLowerCase().startsWith(prefix));
  if (own.length && own.length <= LISTED) return `${said} (${noun}s of ${words[0]}: ${own.join(", ")})`;
  return `${said} (${known.length} ${noun}s: blockwright tools lists them)`;
}
