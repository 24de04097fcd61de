// fast-check's `stringMatching(pattern, { size })`, the same arbitrary draw for draw, built without its cost. Each
// repetition of a pattern is a `fc.string` of its unit, and `fc.string` first splits each of fast-check's two dozen
// "dangerous strings" (`__proto__`, `constructor`, …) into values of the unit, asking the unit of every prefix whether
// it could have drawn it: a unit that is an alternation of a thousand fonts answers by asking each branch, and a
// character range answers a longer text by throwing an error, stack trace and all. Again for each size and process:
// a document of such patterns spent 40 s of `test`'s CPU there. Here the pattern is read with regexpp (fast-check's
// own reader is not exported) into the tree fast-check builds, and the same arbitraries are made from it, each
// repetition as `fc.array` of its unit with those slices given (`experimentalCustomSlices`, what `fc.string` passes),
// found by a check of our own: a branch's fixed text looked up in a set, a character range by its code, each answer
// kept. A construct not read here (a lookaround, a back-reference, a Unicode property) is left to `stringMatching`.
import type { AST } from "@eslint-community/regexpp";
import { patternAst } from "../common/pattern-ast.js";
import fc from "fast-check";

/** fast-check's tree of a pattern (`TokenizeRegex.ts`), the parts stringMatching draws from. */
type Token =
  | { type: "Char"; symbol: string; meta: boolean }
  | { type: "Set"; kind: "d" | "w" | "s" | "D" | "W" | "S" | "." }
  | { type: "Class"; negative: boolean; items: Token[] }
  | { type: "Range"; from: number; to: number }
  | { type: "Repetition"; element: Token; min: number; max: number | undefined }
  | { type: "Alternative"; items: Token[] }
  | { type: "Group"; expression: Token }
  | { type: "Disjunction"; left: Token | null; right: Token | null }
  | { type: "Assertion"; kind: "^" | "$" };

/** Thrown for what this reading leaves to fast-check. */
class Unread extends Error {}

// fast-check 4's character sets (`stringMatching.ts`) and dangerous strings (`SlicesForStringBuilder.ts`).
const WORD = [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_"];
const DIGIT = [..."0123456789"];
const SPACE = [..." \t\r\n\v\f"];
// fast-check 4.10's "terminators" are these two control characters, not U+2028 and U+2029.
const NEW_LINE_AND_TERMINATOR = new Set([..."\r\n\x1e\x15"]);
const DANGEROUS = [
  ...["__defineGetter__", "__defineSetter__", "__lookupGetter__", "__lookupSetter__", "__proto__", "constructor"],
  ...["hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable", "toLocaleString", "toString", "valueOf", "apply"],
  ...["arguments", "bind", "call", "caller", "length", "name", "prototype", "key", "ref"],
];
const MAX_LENGTH = 0x7fffffff;
const META_ESCAPES: Record<string, string> = { "\\0": "\0", "\\n": "\n", "\\f": "\f", "\\r": "\r", "\\t": "\t" };
META_ESCAPES["\\v"] = "\v";

/** The arbitrary `fc.stringMatching(regex, { size })` is, for a regex of the `u` flag alone; that one otherwise. */
export function patternArbitrary(regex: RegExp, size?: fc.Size): fc.Arbitrary<string> {
  const source = regex.source;
  let root: Token | undefined;
  try {
    const ast = regex.flags === "u" ? patternAst(source) : undefined;
    if (ast) root = withMissingDotStar(single(ast.alternatives));
  } catch (e) {
    if (!(e instanceof Unread)) throw e;
  }
  return root ? new Builder(size).build(root).arb : fc.stringMatching(regex, size === undefined ? {} : { size });
}

function single(alternatives: AST.Alternative[]): Token {
  if (alternatives.length === 1) return fromElements((alternatives[0] as AST.Alternative).elements, false) as Token;
  const [first, second, ...rest] = alternatives.map((a) => fromElements(a.elements, true));
  let disjunction: Token = { type: "Disjunction", left: first ?? null, right: second ?? null };
  for (const right of rest) disjunction = { type: "Disjunction", left: disjunction, right };
  return disjunction;
}

function fromElements(elements: AST.Element[], allowEmpty: boolean): Token | null {
  const items = elements.map(fromElement);
  if (items.length > 1) return { type: "Alternative", items };
  if (items.length === 0 && !allowEmpty) throw new Unread("an empty group");
  return items[0] ?? null;
}

function fromElement(node: AST.Element): Token {
  switch (node.type) {
    case "Character":
      return fromCharacter(node);
    case "CharacterSet":
      return fromSet(node);
    case "CharacterClass":
      if (node.unicodeSets) throw new Unread("a class of sets");
      return { type: "Class", negative: node.negate, items: node.elements.map(fromClassElement) };
    case "Group":
    case "CapturingGroup":
      return { type: "Group", expression: single(node.alternatives) };
    case "Quantifier": {
      const max = node.max === Number.POSITIVE_INFINITY ? undefined : node.max;
      return { type: "Repetition", element: fromElement(node.element), min: node.min, max };
    }
    case "Assertion":
      if (node.kind === "start" || node.kind === "end")
        return { type: "Assertion", kind: node.kind === "start" ? "^" : "$" };
      throw new Unread("a lookaround or word boundary");
    default:
      throw new Unread(node.type);
  }
}

function fromClassElement(node: AST.CharacterClassElement): Token {
  if (node.type === "Character") {
    if (node.raw === "\\b") throw new Unread("a backspace in a class");
    return fromCharacter(node);
  }
  if (node.type === "CharacterClassRange") {
    fromCharacter(node.min);
    fromCharacter(node.max);
    return { type: "Range", from: node.min.value, to: node.max.value };
  }
  if (node.type === "CharacterSet") return fromSet(node);
  throw new Unread(node.type);
}

/** A character as fast-check reads it: the escapes of control characters stand alone, others join their neighbours. */
function fromCharacter(node: AST.Character): Token {
  const raw = node.raw;
  const meta = META_ESCAPES[raw];
  if (meta !== undefined) return { type: "Char", symbol: meta, meta: true };
  const plain = raw.length === 1 || (raw.length === 2 && raw[0] === "\\" && !/[0-9A-Za-z]/.test(raw[1] as string));
  if (node.value <= 0xffff && (plain || /^\\(?:x[0-9A-Fa-f]{2}|u[0-9A-Fa-f]{4}|u\{[0-9A-Fa-f]+\})$/.test(raw)))
    return { type: "Char", symbol: String.fromCodePoint(node.value), meta: false };
  throw new Unread(`the character ${raw}`);
}

function fromSet(node: AST.CharacterSet): Token {
  if (node.kind === "any") return { type: "Set", kind: "." };
  if (node.kind === "property") throw new Unread("a Unicode property");
  const letter = { digit: "d", space: "s", word: "w" }[node.kind] as "d" | "s" | "w";
  return { type: "Set", kind: node.negate ? (letter.toUpperCase() as "D" | "S" | "W") : letter };
}

const DOT_STAR: Token = { type: "Repetition", min: 0, max: undefined, element: { type: "Set", kind: "." } };

/** fast-check's `addMissingDotStar`: an end of the pattern no `^` or `$` holds takes `.*`. */
function withMissingDotStar(token: Token, isFirst = true, isLast = true): Token {
  if (!isFirst && !isLast) return token;
  const found = { start: false, end: false };
  const revamped = traverse(token, isFirst, isLast, found);
  const missingStart = isFirst && !found.start;
  const missingEnd = isLast && !found.end;
  if (!missingStart && !missingEnd) return revamped;
  const items: Token[] = [
    ...(missingStart ? [{ type: "Assertion", kind: "^" } as const, DOT_STAR] : []),
    revamped,
    ...(missingEnd ? [DOT_STAR, { type: "Assertion", kind: "$" } as const] : []),
  ];
  return { type: "Group", expression: { type: "Alternative", items } };
}

function traverse(token: Token, isFirst: boolean, isLast: boolean, found: { start: boolean; end: boolean }): Token {
  switch (token.type) {
    case "Alternative": {
      found.start = found.end = true;
      const last = token.items.length - 1;
      return {
        ...token,
        items: token.items.map((t, i) => withMissingDotStar(t, isFirst && i === 0, isLast && i === last)),
      };
    }
    case "Group":
      return { ...token, expression: traverse(token.expression, isFirst, isLast, found) };
    case "Disjunction": {
      found.start = found.end = true;
      const side = (t: Token | null) => (t === null ? null : withMissingDotStar(t, isFirst, isLast));
      return { ...token, left: side(token.left), right: side(token.right) };
    }
    case "Assertion":
      if (token.kind === "^") found.start = true;
      else found.end = true;
      return token;
    default:
      return token;
  }
}

/** An arbitrary and what its `canShrinkWithoutContext` answers, kept per text; `text`: the one text of a constant. */
interface Built {
  arb: fc.Arbitrary<string>;
  accepts(chunk: string): boolean;
  text?: string;
}

const memo = (check: (chunk: string) => boolean) => {
  const answers = new Map<string, boolean>();
  return (chunk: string) => {
    let answer = answers.get(chunk);
    if (answer === undefined) answers.set(chunk, (answer = check(chunk)));
    return answer;
  };
};

const constant = (text: string): Built => ({ arb: fc.constant(text), accepts: (c) => c === text, text });

class Builder {
  private readonly defaultChar = fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 1 });
  private readonly isDefaultChar = memo((c) => this.defaultChar.canShrinkWithoutContext(c));

  constructor(private readonly size: fc.Size | undefined) {}

  build(token: Token): Built {
    switch (token.type) {
      case "Char":
        return constant(token.symbol);
      case "Set":
        return this.set(token.kind);
      case "Class":
        return this.characterClass(token);
      case "Range": {
        const { from, to } = token;
        // fast-check's unmapper too: a value a shrink meets without its context (a slice's) shrinks as there.
        const arb = fc.integer({ min: from, max: to }).map(
          (n) => String.fromCodePoint(n),
          (c) => {
            if (typeof c !== "string" || [...c].length !== 1) throw new Error("not one character");
            return c.charCodeAt(0);
          },
        );
        return { arb, accepts: (c) => [...c].length === 1 && c.charCodeAt(0) >= from && c.charCodeAt(0) <= to };
      }
      case "Repetition":
        return this.repetition(token);
      case "Alternative":
        return this.alternative(token.items);
      case "Group":
        return this.build(token.expression);
      case "Disjunction":
        return this.oneOf(branchesOf(token).map((t) => (t === null ? constant("") : this.build(t))));
      case "Assertion":
        return constant("");
    }
  }

  private set(kind: "d" | "w" | "s" | "D" | "W" | "S" | "."): Built {
    const chars: readonly string[] = { d: DIGIT, w: WORD, s: SPACE, D: DIGIT, W: WORD, S: SPACE, ".": [] }[kind];
    if (kind === "d" || kind === "w" || kind === "s")
      return { arb: fc.constantFrom(...chars), accepts: (c) => chars.includes(c) };
    const outside = kind === "." ? NEW_LINE_AND_TERMINATOR : new Set(chars);
    return this.defaultCharBut((c) => outside.has(c));
  }

  private characterClass(token: Extract<Token, { type: "Class" }>): Built {
    const items = token.items.map((t) => this.build(t));
    if (!token.negative) return this.oneOf(items);
    return this.defaultCharBut((c) => items.some((item) => item.accepts(c)));
  }

  private defaultCharBut(excluded: (c: string) => boolean): Built {
    return {
      arb: this.defaultChar.filter((c) => !excluded(c)),
      accepts: memo((c) => this.isDefaultChar(c) && !excluded(c)),
    };
  }

  private oneOf(branches: Built[]): Built {
    const texts = new Set(branches.flatMap((b) => (b.text === undefined ? [] : [b.text])));
    const others = branches.filter((b) => b.text === undefined);
    return {
      arb: fc.oneof(...branches.map((b) => b.arb)),
      accepts: memo((c) => texts.has(c) || others.some((b) => b.accepts(c))),
    };
  }

  /** fast-check's Alternative: characters side by side joined into one constant, `^` and `$` drawing nothing. */
  private alternative(tokens: Token[]): Built {
    const items: Built[] = [];
    let pending = "";
    for (const t of tokens) {
      if (t.type === "Char" && !t.meta) pending += t.symbol;
      else if (t.type !== "Assertion") {
        if (pending !== "") items.push(constant(pending));
        pending = "";
        items.push(this.build(t));
      }
    }
    if (pending !== "") items.push(constant(pending));
    if (items.length <= 1) return items[0] ?? constant("");
    // A tuple mapped without an unmapper: fast-check's answers no text.
    return { arb: fc.tuple(...items.map((i) => i.arb)).map((vs) => vs.join("")), accepts: () => false };
  }

  /** fast-check's `fc.string({ ...constraints, unit })` of the quantifier, its slices found here. */
  private repetition(token: Extract<Token, { type: "Repetition" }>): Built {
    const unit = this.build(token.element);
    // `*`, `+`, `?` and `{n,m}` are fc.string's bounds as fast-check gives them (`*`'s least length its default, 0).
    const constraints: fc.ArrayConstraints = { minLength: token.min };
    if (this.size !== undefined) constraints.size = this.size;
    if (token.max !== undefined) constraints.maxLength = token.max;
    const min = token.min;
    const max = token.max ?? MAX_LENGTH;
    const slices = DANGEROUS.flatMap((s) => {
      const tokens = tokenize(unit.accepts, s, 0, MAX_LENGTH);
      return tokens !== undefined && tokens.length >= min && tokens.length <= max ? [tokens] : [];
    });
    // `experimentalCustomSlices`: what fc.string gives fc.array, read by it though not in its types (a version that
    // stops reading it draws otherwise, and pattern-arbitrary.test.ts says so).
    const split = (value: unknown) => {
      const tokens = typeof value === "string" ? tokenize(unit.accepts, value, min, max) : undefined;
      if (tokens === undefined) throw new Error("not of the pattern");
      return tokens;
    };
    const arb = fc
      .array(unit.arb, Object.assign({ experimentalCustomSlices: slices }, constraints))
      .map((vs) => vs.join(""), split);
    return { arb, accepts: memo((c) => tokenize(unit.accepts, c, min, max) !== undefined) };
  }
}

/** fast-check's order of a disjunction's branches: `a|b|c|d` is ((a|b)|c)|d, read breadth first: d, c, a, b. */
function branchesOf(token: Extract<Token, { type: "Disjunction" }>): (Token | null)[] {
  const stack: (Token | null)[] = [token.left, token.right];
  const branches: (Token | null)[] = [];
  for (let i = 0; i !== stack.length; ++i) {
    const node = stack[i] ?? null;
    if (node?.type === "Disjunction") stack.push(node.left, node.right);
    else branches.push(node);
  }
  return branches;
}

/** fast-check's `tokenizeString`: the first split of `value` into `min` to `max` texts the unit accepts. */
function tokenize(accepts: (chunk: string) => boolean, value: string, min: number, max: number): string[] | undefined {
  if (value.length === 0) return min > 0 ? undefined : [];
  if (max <= 0) return undefined;
  const stack = [{ end: 0, next: 1, chunks: [] as string[] }];
  while (stack.length > 0) {
    const last = stack.pop() as (typeof stack)[number];
    for (let index = last.next; index <= value.length; ++index) {
      const chunk = value.substring(last.end, index);
      if (!accepts(chunk)) continue;
      const chunks = [...last.chunks, chunk];
      if (index === value.length) {
        if (chunks.length < min) break;
        return chunks;
      }
      stack.push({ end: last.end, next: index + 1, chunks: last.chunks });
      if (chunks.length < max) stack.push({ end: index, next: index + 1, chunks });
      break;
    }
  }
  return undefined;
}
