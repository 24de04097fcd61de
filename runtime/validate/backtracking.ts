// Which patterns a backtracking engine (JavaScript's own) may take exponential time on: a published document's
// `^(https?:\/\/)?([\da-z.-]+)\.([a-z.]{2,6})([\/\w .-]*)*\/?$` held a drafting for minutes on one example and
// would hold a call's process for good on a crafted value. Such a pattern is run on a linear-time engine
// (linear-patterns.ts), the part of the support a package gets when one of its patterns is named here. Read by the
// generator's choice of parts and by the runtime's compiled patterns: one record.

/** A quantifier at `i` (`*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`): its length, and whether it repeats. */
function quantifierAt(pattern: string, i: number): { length: number; repeats: boolean } | undefined {
  const c = pattern[i];
  if (c === "*" || c === "+") return { length: 1, repeats: true };
  if (c === "?") return { length: 1, repeats: false };
  if (c !== "{") return undefined;
  const braces = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i));
  if (!braces) return undefined;
  const [whole, low, comma, high] = braces;
  const most = comma === undefined ? Number(low) : high === "" ? Infinity : Number(high);
  return { length: whole.length, repeats: most > 1 };
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

/** What an open group holds: a quantifier, an alternation, a class, an escape or a dot (which may overlap). */
interface Held {
  quantifier: boolean;
  alternation: boolean;
  wide: boolean;
}

const held = (): Held => ({ quantifier: false, alternation: false, wide: false });

/** Whether a group holding this, repeated, lets a value be split between the repeats in many ways. */
const ambiguous = (h: Held) => h.quantifier || (h.alternation && h.wide);

/**
 * Whether a pattern has a shape a backtracking engine may take exponential time on: a repeated group (`*`, `+`,
 * `{n,}`, `{n,m}` past one) holding a quantifier (`(a+)+`, `([\w.-]*)*`), or an alternation whose branches hold a
 * class, an escape or a dot (`(\w|\d)*`), which may match the same text. Alternatives of literal words
 * (`(,(updated|deleted))*`) and quantifiers one after another (`[a-z]+://[^/]+/*$`: at most a power of the length,
 * under a parameter's bounds) are left to JavaScript's engine. Conservative: a pattern it names may still be fast.
 */
export function backtracks(pattern: string): boolean {
  const groups: Held[] = [held()];
  const top = () => groups[groups.length - 1] as Held;
  // The group just closed, when the next token may be its quantifier.
  let closed: Held | undefined;
  for (let i = 0; i < pattern.length; ) {
    const q = quantifierAt(pattern, i);
    if (q) {
      if (q.repeats && closed !== undefined && ambiguous(closed)) return true;
      top().quantifier = true;
      closed = undefined;
      i += q.length;
      // A lazy mark after the quantifier.
      if (pattern[i] === "?") i++;
      continue;
    }
    closed = undefined;
    const c = pattern[i];
    if (c === "\\" || c === "[" || c === ".") {
      top().wide = true;
      i = c === "\\" ? escapeEnd(pattern, i) : c === "[" ? classEnd(pattern, i) : i + 1;
    } else if (c === "(") {
      groups.push(held());
      // A group's kind (`?:`, `?=`, `?!`, `?<=`, `?<!`, `?<name>`) is no quantifier.
      i += /^\((\?(<?[=!]|:|<[^>]*>))?/.exec(pattern.slice(i))?.[0].length ?? 1;
    } else if (c === ")") {
      const inner = groups.length > 1 ? (groups.pop() as Held) : held();
      const outer = top();
      outer.quantifier ||= ambiguous(inner);
      outer.wide ||= inner.wide;
      closed = inner;
      i++;
    } else {
      if (c === "|") top().alternation = true;
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
