// Values of a pattern that states by a lookahead what a value holds (an ARN's
// `^arn:(?=[^:]+:fsx:[^:]+:\d{12}:)((|…[a-z0-9].*(?<!-)):){4}(?!/).{0,1024}$`: its service and account among its
// parts). fast-check draws no lookaround, so the values are drawn from the pattern without them and kept where the
// pattern accepts them (string-values.ts); a draw of `[a-z0-9].*` is never `fsx`, nor twelve digits, so none was,
// and generate refused a published document, saying no value met the pattern. Here a lookahead is read as text a
// value holds from where it stands: the text before it, a draw of what it looks for, then the rest of a draw of what
// follows it, each drawn plainly (a negated class as letters and digits, which later lookarounds of the same pattern
// ask for far more often than the rest of Unicode). The caller keeps only what the whole pattern accepts.
import { type AST, visitRegExpAST } from "@eslint-community/regexpp";
import { patternAst } from "../common/pattern-ast.js";
import { spliced } from "./drawable-pattern.js";

/** A positive lookahead at the top of one of the pattern's alternatives, and the alternative's text either side. */
export interface LookaheadSplit {
  before: string;
  ahead: string;
  after: string;
}

/** Each positive lookahead outside any group, with the text of its alternative before and after it. */
export function lookaheadSplits(pattern: string): LookaheadSplit[] {
  const ast = patternAst(pattern);
  if (!ast) return [];
  return ast.alternatives.flatMap((alternative) =>
    alternative.elements.flatMap((element) =>
      element.type === "Assertion" && element.kind === "lookahead" && !element.negate
        ? [
            {
              before: pattern.slice(alternative.start, element.start),
              ahead: element.alternatives.map((a) => a.raw).join("|"),
              after: pattern.slice(element.end, alternative.end),
            },
          ]
        : [],
    ),
  );
}

const PLAIN = [..."abcdefghijklmnopqrstuvwxyz0123456789"];

/**
 * The pattern with each `.`, negated class and negated set (`[^:]`, `\S`, `\D`) that takes every lowercase letter and
 * digit written as `[a-z0-9]`: every value of it matches the pattern. The same text where none does, or where the
 * pattern does not parse.
 */
export function plainPattern(pattern: string): string {
  const ast = patternAst(pattern);
  if (!ast) return pattern;
  const edits: [number, number][] = [];
  const inside = (node: AST.Node) => edits.some(([s, e]) => node.start >= s && node.end <= e);
  const plainable = (node: AST.CharacterClass | AST.CharacterSet) =>
    !inside(node) && node.parent.type !== "CharacterClass" && takesPlain(node.raw);
  visitRegExpAST(ast, {
    onCharacterClassEnter(node) {
      if (node.negate && plainable(node)) edits.push([node.start, node.end]);
    },
    onCharacterSetEnter(node) {
      const wide = node.kind === "any" || (node.kind !== "property" && node.negate);
      if (wide && plainable(node)) edits.push([node.start, node.end]);
    },
  });
  return spliced(
    pattern,
    edits.map(([start, end]) => [start, end, "[a-z0-9]"]),
  );
}

function takesPlain(raw: string): boolean {
  try {
    const one = new RegExp(`^(?:${raw})$`, "u");
    return PLAIN.every((c) => one.test(c));
  } catch {
    return false;
  }
}

/**
 * Texts to try for a pattern with lookaheads, from `draw` (a pattern's draws, none of a lookaround): for each split,
 * the text before it, then what it looks for, then nothing, the rest of a draw of what follows past as many
 * characters as that took, or the draw whole. Not checked against the pattern: the caller keeps those it accepts.
 */
export function lookaheadCandidates(pattern: string, draw: (pattern: string) => string[]): string[] {
  const out: string[] = [];
  for (const { before, ahead, after } of lookaheadSplits(pattern)) {
    const leads = draw(plainPattern(before));
    const looked = draw(plainPattern(ahead));
    const follows = draw(plainPattern(after));
    looked.forEach((x, i) => {
      const lead = leads.length ? (leads[i % leads.length] as string) : "";
      const rest = follows.length ? (follows[i % follows.length] as string) : "";
      out.push(lead + x, lead + x + [...rest].slice([...x].length).join(""), lead + x + rest);
    });
  }
  return out;
}
