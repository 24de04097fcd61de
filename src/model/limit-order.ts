// How a limit on a value sent changed upstream, for `diff` and `upstream` alike: loosened, tightened, or (a pattern
// neither plainly wider nor narrower) only changed; "tightened" is said only when it is. A pattern is compared on
// regexpp's trees, element by element: a quantifier's bounds widened, a class grown, an alternative added, an
// assertion dropped. Trees that do not line up (`^a+$` against `^(a|b){1,3}$`) are undecided, never guessed:
// regular-language inclusion in general is not worth an engine.
import type { AST } from "@eslint-community/regexpp";
import { isMultipleOf } from "@blockwright/runtime/internal/generate";
import { patternAst } from "../common/pattern-ast.js";

/** How a limit changed: a pattern neither plainly wider nor narrower (the trees do not line up) only `changed`. */
export type LimitMove = "loosened" | "tightened" | "changed";

/** How one limit moved from `x` to `y`; undefined when it did not (a pattern written otherwise, the same values). */
export function limitMove(
  key: string,
  x: number | string | undefined,
  y: number | string | undefined,
): LimitMove | undefined {
  if (x === y) return undefined;
  if (y === undefined) return "loosened";
  if (typeof x === "string" && typeof y === "string") {
    const order = patternOrder(x, y);
    return order === "same"
      ? undefined
      : order === "wider"
        ? "loosened"
        : order === "narrower"
          ? "tightened"
          : "changed";
  }
  if (typeof x !== "number" || typeof y !== "number") return "tightened";
  // A step loosens only to one every old multiple is a multiple of (20 → 10, not 20 → 15).
  if (key === "multipleOf") return isMultipleOf(x, y) ? "loosened" : "tightened";
  return (key.startsWith("max") || key === "exclusiveMaximum" ? y > x : y < x) ? "loosened" : "tightened";
}

export type PatternOrder = "same" | "wider" | "narrower" | "undecided";

/** How `after` compares with `before`: wider when every value `before` accepts `after` accepts too. */
export function patternOrder(before: string, after: string): PatternOrder {
  if (before === after) return "same";
  const [a, b] = [patternAst(before), patternAst(after)];
  // A backreference matches what its group caught: groups numbered otherwise make the trees incomparable.
  if (!a || !b || hasBackreference(a) || hasBackreference(b)) return "undecided";
  const loosens = covers(a, b);
  const tightens = covers(b, a);
  if (loosens && tightens) return "same";
  return loosens ? "wider" : tightens ? "narrower" : "undecided";
}

/** Every text `x` matches at a place, `y` matches at that place too (so a value `x` accepts, `y` accepts). */
function covers(x: AST.Node, y: AST.Node): boolean {
  if (x.raw === y.raw && x.type === y.type) return true;
  if (y.type === "Quantifier" && x.type !== "Quantifier") return y.min <= 1 && y.max >= 1 && covers(x, y.element);
  switch (x.type) {
    case "Pattern":
    case "Group":
    case "CapturingGroup": {
      if (y.type !== "Pattern" && y.type !== "Group" && y.type !== "CapturingGroup") return false;
      return x.alternatives.every((one) =>
        y.alternatives.some((other) => coversSequence(one.elements, other.elements)),
      );
    }
    case "Quantifier":
      if (y.type === "Quantifier") return y.min <= x.min && y.max >= x.max && covers(x.element, y.element);
      return x.min === 1 && x.max === 1 && covers(x.element, y);
    case "Character":
    case "CharacterClass":
    case "CharacterSet": {
      const [was, now] = [charactersOf(x), charactersOf(y)];
      return Boolean(was && now && within(was, now));
    }
    default:
      return false;
  }
}

/**
 * One sequence's elements against another's, in order: a pair each, where `y` may hold an element more that matches
 * nothing (`?`, `*`, `{0,n}`) and `x` an assertion more (an anchor or a lookaround dropped only admits more).
 */
function coversSequence(xs: AST.Element[], ys: AST.Element[]): boolean {
  const seen = new Map<string, boolean>();
  const from = (i: number, j: number): boolean => {
    if (i === xs.length && j === ys.length) return true;
    const key = `${i},${j}`;
    const known = seen.get(key);
    if (known !== undefined) return known;
    const [x, y] = [xs[i], ys[j]];
    const result =
      (x !== undefined && y !== undefined && covers(x, y) && from(i + 1, j + 1)) ||
      (y?.type === "Quantifier" && y.min === 0 && from(i, j + 1)) ||
      (x?.type === "Assertion" && from(i + 1, j));
    seen.set(key, result);
    return result;
  };
  return from(0, 0);
}

/** Code point ranges, sorted and apart: [first, last] each. */
type Ranges = [number, number][];

const LAST = 0x10ffff;
const DIGIT: Ranges = [[0x30, 0x39]];
const WORD: Ranges = [
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
];
// ECMAScript's WhiteSpace and LineTerminator (`\s`).
const SPACE: Ranges = normal(
  [0x09, 0x0d, 0x20, 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff]
    .map((c): [number, number] => [c, c])
    .concat([[0x2000, 0x200a]]),
);
const LINE_ENDS: Ranges = [
  [0x0a, 0x0a],
  [0x0d, 0x0d],
  [0x2028, 0x2029],
];

/** The characters one node matches, as ranges; undefined for what is not read here (`\p{…}`, set operations). */
function charactersOf(node: AST.Node): Ranges | undefined {
  switch (node.type) {
    case "Character":
      return [[node.value, node.value]];
    case "CharacterClassRange":
      return [[node.min.value, node.max.value]];
    case "CharacterSet": {
      if (node.kind === "any") return complement(LINE_ENDS);
      const base =
        node.kind === "digit" ? DIGIT : node.kind === "word" ? WORD : node.kind === "space" ? SPACE : undefined;
      return base && (node.negate ? complement(base) : base);
    }
    case "CharacterClass": {
      if (node.unicodeSets) return undefined;
      const parts = node.elements.map(charactersOf);
      if (parts.some((p) => p === undefined)) return undefined;
      const all = normal(parts.flat() as Ranges);
      return node.negate ? complement(all) : all;
    }
    default:
      return undefined;
  }
}

function normal(ranges: Ranges): Ranges {
  const out: Ranges = [];
  for (const [first, last] of [...ranges].sort((p, q) => p[0] - q[0])) {
    const end = out[out.length - 1];
    if (end && first <= end[1] + 1) end[1] = Math.max(end[1], last);
    else out.push([first, last]);
  }
  return out;
}

function complement(ranges: Ranges): Ranges {
  const out: Ranges = [];
  let next = 0;
  for (const [first, last] of ranges) {
    if (first > next) out.push([next, first - 1]);
    next = last + 1;
  }
  if (next <= LAST) out.push([next, LAST]);
  return out;
}

/** Every range of `inner` inside one of `outer` (both normal: a range apart from its neighbours). */
function within(inner: Ranges, outer: Ranges): boolean {
  return inner.every(([first, last]) => outer.some(([from, to]) => from <= first && last <= to));
}

function hasBackreference(node: AST.Node): boolean {
  if (node.type === "Backreference") return true;
  const children: AST.Node[] =
    "alternatives" in node
      ? node.alternatives
      : "elements" in node
        ? (node.elements as AST.Node[])
        : "element" in node
          ? [node.element]
          : [];
  return children.some(hasBackreference);
}
