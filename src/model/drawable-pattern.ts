// A pattern as fast-check's `stringMatching` can draw from. A repetition of a
// group that itself holds an unbounded repetition (`^(?:[^|]*\|?)+$`, star
// height two) makes fast-check's draw and shrink split each string in
// exponentially many ways: one such pattern took the contract suite past
// 3.8 GiB and three minutes (bounding it to `{1,3}` was no quicker: fast-check
// still splits every string it considers). Drawn instead with the outer
// repetition written out (`(?:[^|]*\|?)`): every value of that pattern matches
// the published one, so the values stay valid, and the draw is quick.
import { visitRegExpAST } from "@eslint-community/regexpp";
import { patternAst } from "../common/pattern-ast.js";

const UNBOUNDED = /^(?:[*+]|\{\d+,\})/;
const REPEATED = /^(?:[*+]|\{\d+(?:,\d*)?\})\??/;

/**
 * The pattern with every repetition (`+`, `*`, `{n,m}`) of a group that holds an unbounded repetition written out:
 * the group its least number of times, then once more optionally where it may repeat (`(G)+` → `(G)`, `(G)*` →
 * `(?:(G))?`); the same text otherwise.
 */
export function drawablePattern(pattern: string): string {
  let out = "";
  // Each open group: where it starts in `out`, and whether the group around it holds an unbounded repetition so far.
  const open: { at: number; outer: boolean }[] = [];
  let holds = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === "(") {
      open.push({ at: out.length, outer: holds });
      holds = false;
      out += c;
      continue;
    }
    if (c === ")") {
      const inner: boolean = holds;
      const group = open.pop();
      out += c;
      const rest = pattern.slice(i + 1);
      const q = REPEATED.exec(rest)?.[0];
      if (q !== undefined && inner && group) {
        const text = out.slice(group.at);
        const [min, max] = q.startsWith("+") ? [1, Infinity] : q.startsWith("*") ? [0, Infinity] : bounds(q);
        out = out.slice(0, group.at) + text.repeat(min) + (max > min ? `(?:${text})?` : "");
        i += q.length;
      }
      holds = (group?.outer ?? false) || inner || UNBOUNDED.test(rest);
      continue;
    }
    let end = i + 1;
    if (c === "\\") end = i + 2;
    else if (c === "[") {
      if (pattern[end] === "^") end++;
      if (pattern[end] === "]") end++;
      while (end < pattern.length && pattern[end] !== "]") end += pattern[end] === "\\" ? 2 : 1;
      end++;
    }
    out += pattern.slice(i, end);
    if (UNBOUNDED.test(pattern.slice(end))) holds = true;
    i = end - 1;
  }
  return out;
}

function bounds(q: string): [number, number] {
  const [, lo, comma, hi] = /^\{(\d+)(,)?(\d*)\}/.exec(q) ?? [];
  const min = Number(lo);
  return [min, comma === undefined ? min : hi ? Number(hi) : Infinity];
}

/**
 * The pattern without its lookarounds (`(?!-)`, `(?<=x)`) and word boundaries (`\b`, `\B`), which fast-check's
 * `stringMatching` does not draw from: a looser pattern whose draws the caller keeps only where the published pattern
 * accepts them (a host name's `^((?!-)[a-z0-9-]{0,62}[a-z0-9]\.)+…$` drew nothing, and generate said no value met it;
 * an address's `\b[A-Za-z0-9._%+-]+@…\.[A-Za-z]{2,}\b` drew nothing, and a mock served Prism's invalid sample).
 * Undefined when the pattern holds none, or does not parse.
 */
export function withoutUndrawableAssertions(pattern: string): string | undefined {
  const ast = patternAst(pattern);
  if (!ast) return undefined;
  const cuts: [number, number][] = [];
  visitRegExpAST(ast, {
    onAssertionEnter(node) {
      if (
        (node.kind === "lookahead" || node.kind === "lookbehind" || node.kind === "word") &&
        !cuts.some(([s, e]) => node.start >= s && node.end <= e)
      )
        cuts.push([node.start, node.end]);
    },
  });
  if (!cuts.length) return undefined;
  return spliced(
    pattern,
    cuts.map(([start, end]) => [start, end, ""]),
  );
}

/**
 * The pattern with each repetition's upper bound lowered to `min + length` where it was higher (`+` → `{1,65}` for 64
 * characters): drawn, a host name's `(…{0,62}…\.)+` at fast-check's larger sizes was thousands of labels long (strings
 * of 360,000 characters, seconds each), all past a maxLength of 64. Every match of at most `length` characters
 * still matches it (a repetition past its least count takes a character a turn, or JavaScript's matcher ends it), and
 * every match of it matches the pattern; fast-check's sizes below the cap draw as before. The same text where no
 * bound is higher, or where the pattern does not parse. `statedOnly`: only the bounds the pattern states lowered.
 */
export function withRepetitionsAtMost(pattern: string, length: number, statedOnly = false): string {
  const ast = patternAst(pattern);
  if (!ast) return pattern;
  const edits: [number, number, string][] = [];
  visitRegExpAST(ast, {
    onQuantifierEnter(node) {
      const most = node.min + length;
      // `statedOnly`: an open repetition (`+`, `*`, `{2,}`) kept, for a drawer that bounds those itself.
      if (node.max > most && !(statedOnly && node.max === Number.POSITIVE_INFINITY))
        edits.push([node.element.end, node.end, `{${node.min},${most}}${node.greedy ? "" : "?"}`]);
    },
  });
  return spliced(pattern, edits);
}

/** The pattern with each span `[start, end)` of `edits` (none overlapping) replaced by its text. */
export function spliced(pattern: string, edits: readonly [number, number, string][]): string {
  let out = "";
  let at = 0;
  for (const [start, end, text] of [...edits].sort((a, b) => a[0] - b[0])) {
    out += pattern.slice(at, start) + text;
    at = end;
  }
  return out + pattern.slice(at);
}
