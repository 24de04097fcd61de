// A pattern written with an inline case-insensitive flag, which JSON Schema's dialect (ECMAScript) does not take: a
// leading `(?i)` (Go's, Python's, PCRE's; the whole pattern without regard to case) or a group `(?i:…)` (ECMAScript
// 2025's pattern modifiers, which Node 24 reads and Node 20 and 22 refuse as "Invalid group"). Read as plain
// ECMAScript, so that every reader (the request judge's ajv, the mocks, the draft's checks, the sampler that draws
// values, the generated client's runtime check, on any Node or browser) compiles one and the same pattern: each
// character, class and set inside the case-insensitive part written with its other cases (`k` as
// `[k\u{4B}\u{212A}]`, `[^a]` as `[^a\u{41}]`), as ECMAScript's `iu` flags match them (simple case folding), worked
// out by the engine itself.
import { type AST, RegExpParser } from "@eslint-community/regexpp";

/** Case-insensitive parts of a pattern: a leading `(?i)` (after `^` too), or a group of modifiers `(?i:`, `(?-i:`. */
// Only `i`: another leading flag (`(?m)`, `(?x)`) is no ECMAScript and stays unread.
const LEADING = /^(\^?)\(\?i\)/;
const MODIFIERS = /\(\?(?:[a-z]+(?:-[a-z]*)?|-[a-z]+):/;

/** Whether the pattern is written with an inline flag: a leading `(?i)`, a group of modifiers. */
export function writesInlineFlags(pattern: string): boolean {
  return LEADING.test(pattern) || MODIFIERS.test(pattern);
}

/**
 * The pattern with its inline case-insensitive flags written out as plain ECMAScript (the `u` flag, no modifiers);
 * the pattern itself when it has none; undefined when it has another inline flag (`(?m)`, `(?s:…)`, `(?x)`), a
 * backreference or a word boundary inside a case-insensitive part, or does not parse.
 */
export function caseInsensitiveReading(pattern: string): string | undefined {
  const leading = LEADING.exec(pattern);
  if (!writesInlineFlags(pattern)) return pattern;
  const text = leading ? `${leading[1]}(?i:${pattern.slice(leading[0].length)})` : pattern;
  let ast: AST.Pattern;
  try {
    ast = new RegExpParser({ ecmaVersion: 2025 }).parsePattern(text, 0, text.length, { unicode: true });
  } catch {
    return undefined;
  }
  const edits: { start: number; end: number; text: string }[] = [];
  const walk = (node: AST.Node, folded: boolean): boolean => {
    switch (node.type) {
      case "Pattern":
      case "CapturingGroup":
      case "Alternative":
      case "Group":
      case "Assertion":
      case "Quantifier":
        return walkInner(node, folded);
      case "Backreference":
        return !folded;
      case "Character":
      case "CharacterClass":
      case "CharacterSet":
      case "ExpressionCharacterClass":
        return !folded || foldNode(node, edits);
      default:
        return true;
    }
  };
  const walkInner = (node: AST.Node, folded: boolean): boolean => {
    if (node.type === "Group" && node.modifiers) {
      const { add, remove } = node.modifiers;
      if (add.multiline || add.dotAll || remove?.multiline || remove?.dotAll) return false;
      edits.push({ start: node.start, end: node.modifiers.end + 1, text: "(?:" });
      const inside = add.ignoreCase ? true : remove?.ignoreCase ? false : folded;
      return node.alternatives.every((a) => walk(a, inside));
    }
    if (node.type === "Quantifier") return walk(node.element, folded);
    if (node.type === "Assertion") {
      if (node.kind === "lookahead" || node.kind === "lookbehind")
        return node.alternatives.every((a) => walk(a, folded));
      // `\b` under `iu` counts `ſ` and the Kelvin sign as word characters: no plain reading says so.
      return !(folded && node.kind === "word");
    }
    if (node.type === "Alternative") return node.elements.every((e) => walk(e, folded));
    if (node.type === "Pattern" || node.type === "CapturingGroup" || node.type === "Group")
      return node.alternatives.every((a) => walk(a, folded));
    return true;
  };
  try {
    if (!walk(ast, false)) return undefined;
  } catch {
    // A class written out that the engine refuses: not read.
    return undefined;
  }
  let out = text;
  for (const e of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

/** A character, class or set written so that the `u` flag alone matches what `iu` matches of it; false if it cannot. */
function foldNode(
  node: AST.Character | AST.CharacterClass | AST.CharacterSet | AST.ExpressionCharacterClass,
  edits: { start: number; end: number; text: string }[],
): boolean {
  // A class inside a class is the outer one's: its text is written once, with the outer class.
  if (node.parent.type === "CharacterClass" || node.parent.type === "ClassIntersection") return true;
  if (node.type === "ExpressionCharacterClass") return false;
  const { raw } = node;
  const exact = new RegExp(`^(?:${raw})$`, "u");
  const folded = new RegExp(`^(?:${raw})$`, "iu");
  const added: number[] = [];
  const removed: number[] = [];
  for (const cp of casedCodePoints()) {
    const c = String.fromCodePoint(cp);
    const [was, is] = [exact.test(c), folded.test(c)];
    if (is && !was) added.push(cp);
    else if (was && !is) removed.push(cp);
  }
  if (!added.length && !removed.length) return true;
  // Under `iu` a set gains the other cases of its members (`\\P{Ll}` its lower-case letters too); a negated class, and
  // `\\W`, lose those of the characters they leave out (`[^a]` leaves out `A`).
  if (added.length && removed.length) return false;
  const negated =
    (node.type === "CharacterClass" && node.negate) || (node.type === "CharacterSet" && isNegatedSet(node));
  if (removed.length && !negated) return false;
  const extra = ranges(removed.length ? removed : added);
  // A class's last `-` is the character: escaped, so that the members after it do not make it a range.
  const members = (inner: string) => (inner.endsWith("-") ? `${inner.slice(0, -1)}\\-` : inner);
  let text: string;
  if (node.type === "CharacterClass") {
    if (node.negate && added.length) return false;
    text = `[${node.negate ? "^" : ""}${members(raw.slice(node.negate ? 2 : 1, -1))}${extra}]`;
  } else text = removed.length ? `[^${positiveSet(raw)}${extra}]` : `[${raw}${extra}]`;
  // The reading checked against the engine's own `iu`: it differs from the written one only at these code points.
  const written = new RegExp(`^(?:${text})$`, "u");
  if (casedCodePoints().some((cp) => written.test(String.fromCodePoint(cp)) !== folded.test(String.fromCodePoint(cp))))
    return false;
  edits.push({ start: node.start, end: node.end, text });
  return true;
}

function isNegatedSet(node: AST.CharacterSet): boolean {
  return "negate" in node && node.negate === true;
}

/** `\W` → `\w`, `\P{Lu}` → `\p{Lu}`: the set whose complement the escape is. */
function positiveSet(raw: string): string {
  return `\\${(raw[1] as string).toLowerCase()}${raw.slice(2)}`;
}

/** Code points as a class's members, runs of three or more as ranges: `\u{41}-\u{5A}\u{17F}`. */
function ranges(points: number[]): string {
  const hex = (cp: number) => `\\u{${cp.toString(16).toUpperCase()}}`;
  let out = "";
  for (let i = 0; i < points.length; ) {
    let j = i;
    while (j + 1 < points.length && (points[j + 1] as number) === (points[j] as number) + 1) j++;
    const [from, to] = [points[i] as number, points[j] as number];
    out +=
      j - i >= 2
        ? `${hex(from)}-${hex(to)}`
        : points
            .slice(i, j + 1)
            .map(hex)
            .join("");
    i = j + 1;
  }
  return out;
}

let cased: number[] | undefined;

/**
 * Every code point another one matches under the `i` flag (it changes when case mapped or folded, or one folds to it):
 * the only ones whose match the flag can change. All lie below U+1F000 (Adlam's are the last).
 */
function casedCodePoints(): number[] {
  if (cased) return cased;
  const changes = /[\p{Changes_When_Casemapped}\p{Changes_When_Casefolded}]/u;
  const found = new Set<number>();
  for (let cp = 0; cp < 0x1f000; cp++) {
    const c = String.fromCodePoint(cp);
    if (!changes.test(c)) continue;
    found.add(cp);
    for (const other of [c.toLowerCase(), c.toUpperCase()])
      if (Array.from(other).length === 1) found.add(other.codePointAt(0) as number);
  }
  cased = [...found].sort((a, b) => a - b);
  return cased;
}
