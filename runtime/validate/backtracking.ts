// Which patterns a backtracking engine (JavaScript's own) may take exponential time on, or time of a high power of
// the value's length: a published document's `^(https?:\/\/)?([\da-z.-]+)\.([a-z.]{2,6})([\/\w .-]*)*\/?$` held a
// drafting for minutes on one example and would hold a call's process for good on a crafted value. Such a pattern is
// run on a linear-time engine (linear-patterns.ts), the part of the support a package gets when one of its patterns
// is named here. Read by the generator's choice of parts and by the runtime's compiled patterns: one record.

/** A quantifier at `i` (`*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`): its length, whether it repeats and is unbounded. */
function quantifierAt(
  pattern: string,
  i: number,
): { length: number; repeats: boolean; unbounded: boolean } | undefined {
  const c = pattern[i];
  if (c === "*" || c === "+") return { length: 1, repeats: true, unbounded: true };
  if (c === "?") return { length: 1, repeats: false, unbounded: false };
  if (c !== "{") return undefined;
  const braces = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i));
  if (!braces) return undefined;
  const [whole, low, comma, high] = braces;
  const most = comma === undefined ? Number(low) : high === "" ? Infinity : Number(high);
  return { length: whole.length, repeats: most > 1, unbounded: most === Infinity };
}

/** Where an escape that starts at `i` (a backslash) ends: past `\u{…}`, `\p{…}`, `\k<…>`, else past one character. */
function escapeEnd(pattern: string, i: number): number {
  const kind = pattern[i + 1];
  const open = pattern[i + 2];
  if ((kind === "u" || kind === "p" || kind === "P") && open === "{")
    return pattern.indexOf("}", i) + 1 || pattern.length;
  if (kind === "k" && open === "<") return pattern.indexOf(">", i) + 1 || pattern.length;
  return i + 2;
}

/** Where a character class that opens at `i` ends (past its `]`). */
function classEnd(pattern: string, i: number): number {
  let j = i + 1;
  if (pattern[j] === "^") j++;
  if (pattern[j] === "]") j++;
  while (j < pattern.length && pattern[j] !== "]") j = pattern[j] === "\\" ? j + 2 : j + 1;
  return j + 1;
}

/**
 * Whether a pattern has a shape a backtracking engine may take super-linear time on: a repeated group (`*`, `+`,
 * `{n,}`, `{n,m}` past one) holding a quantifier or an alternation (`(a+)+`, `([\w.-]*)*`, `(a|ab)*`), or three
 * unbounded quantifiers (`.*.*.*x`). Conservative: a pattern it names may still be fast; one it passes has neither.
 */
export function backtracks(pattern: string): boolean {
  // Per open group: whether it holds a quantifier or an alternation.
  const groups: boolean[] = [false];
  let unbounded = 0;
  // The group just closed (its holding flag), when the next token may be its quantifier.
  let closed: boolean | undefined;
  for (let i = 0; i < pattern.length; ) {
    const q = quantifierAt(pattern, i);
    if (q) {
      if (q.repeats && closed === true) return true;
      if (q.unbounded && ++unbounded >= 3) return true;
      groups[groups.length - 1] = true;
      closed = undefined;
      i += q.length;
      // A lazy or possessive mark after the quantifier.
      if (pattern[i] === "?") i++;
      continue;
    }
    closed = undefined;
    const c = pattern[i];
    if (c === "\\") i = escapeEnd(pattern, i);
    else if (c === "[") i = classEnd(pattern, i);
    else if (c === "(") {
      groups.push(false);
      // A group's kind (`?:`, `?=`, `?!`, `?<=`, `?<!`, `?<name>`) is no quantifier.
      i += /^\((\?(<?[=!]|:|<[^>]*>))?/.exec(pattern.slice(i))?.[0].length ?? 1;
    } else if (c === ")") {
      const holds = groups.length > 1 ? (groups.pop() as boolean) : false;
      if (holds) groups[groups.length - 1] = true;
      closed = holds;
      i++;
    } else {
      if (c === "|") groups[groups.length - 1] = true;
      i++;
    }
  }
  return false;
}

// A group holding one repeated atom, itself repeated (`([\w.-]*)*`, `(?:a+)+`): the atom a class, an escape or a
// character. Not after a backslash (an escaped parenthesis), nor lazy (`*?`).
const REPEATED_ATOM_GROUP =
  /(?<!\\)\((?:\?:)?(\[(?:\\.|[^\]\\])*\]|\\[^1-9ukpPcx]|[^()[\]{}|*+?^$\\.])([*+])\)([*+])(?!\?)/g;

/**
 * The pattern with each repeated group of one repeated atom written as the atom repeated (`([\w.-]*)*` as
 * `[\w.-]*`, `(a+)+` as `a+`): the same values match, without the exponential ways a backtracking engine tries to
 * split a value between the repeats; a pattern with a back reference is left as it is (the groups' numbers change).
 */
export function collapsedRepeats(pattern: string): string {
  // A class holding a parenthesis (`[(a*)*]`) is read by no group: left as it is.
  if (/\\[1-9]|\\k<|\[[^\]]*\(/.test(pattern)) return pattern;
  return pattern.replace(REPEATED_ATOM_GROUP, (_, atom: string, inner: string, outer: string) =>
    inner === "+" && outer === "+" ? `${atom}+` : `${atom}*`,
  );
}
