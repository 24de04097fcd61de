// A value of a pattern of exactly a given length, built from the pattern's own tree (regexpp's, as pattern-length.ts
// measures it): each part of a sequence given a length within its own bounds, a class or a set written as one of its
// characters. Stretching an example (string-values.ts) cannot reach a length that needs every bounded part at its
// longest (`^arn:aws:[A-Za-z0-9][…]{0,62}:[…]{0,63}:…{0,1023}$`, 1,224 characters only so); this can. What it builds
// is a candidate: the caller still checks it against every rule (lookarounds and backreferences are not read here).
import type { AST } from "@eslint-community/regexpp";
import { patternAst, patternSpan as spanOf } from "../common/pattern-ast.js";

/** Characters a class or a set is written as, first the plainest: a letter, a digit, then punctuation. */
const PREFERRED = [..."xazAZ019", ..."-_.:/ "];

/** The fewest code points of a text `pattern` matches (0 when it does not parse). */
export function patternFewest(pattern: string): number {
  const ast = patternAst(pattern);
  return ast ? spanOf(ast).min : 0;
}

/** A value `pattern` admits of exactly `length` code points, or undefined when its tree gives none. */
export function patternOfLength(pattern: string, length: number): string | undefined {
  const ast = patternAst(pattern);
  return ast ? build(ast, length) : undefined;
}

function build(node: AST.Node, length: number): string | undefined {
  switch (node.type) {
    case "Pattern":
    case "Group":
    case "CapturingGroup":
      for (const alternative of node.alternatives) {
        const span = spanOf(alternative);
        if (length < span.min || length > span.max) continue;
        const made = build(alternative, length);
        if (made !== undefined) return made;
      }
      return undefined;
    case "Alternative":
      return sequence(node.elements, length);
    case "Quantifier":
      return repeated(node, length);
    case "Assertion":
      return length === 0 ? "" : undefined;
    // A backreference is not built: the sequence holding it gives none.
    case "Character":
      return length === 1 ? String.fromCodePoint(node.value) : undefined;
    case "CharacterClass":
    case "CharacterSet":
    case "ExpressionCharacterClass":
      return length === 1 ? oneOf(node.raw) : undefined;
    default:
      return undefined;
  }
}

/** The parts in order, each as long as it can be while the parts after it can still reach their fewest. */
function sequence(elements: readonly AST.Element[], length: number): string | undefined {
  const spans = elements.map(spanOf);
  const fewestAfter = spans.map((_, i) => spans.slice(i + 1).reduce((sum, s) => sum + s.min, 0));
  let left = length;
  let out = "";
  for (const [i, element] of elements.entries()) {
    const span = spans[i] as { min: number; max: number };
    const take = Math.min(span.max, left - (fewestAfter[i] ?? 0));
    if (take < span.min) return undefined;
    const part = build(element, take);
    if (part === undefined) return undefined;
    out += part;
    left -= take;
  }
  return left === 0 ? out : undefined;
}

/** A quantified part: its element's one length repeated a number of times its bounds allow. */
function repeated(node: AST.Quantifier, length: number): string | undefined {
  if (length === 0) return node.min === 0 ? "" : undefined;
  const inner = spanOf(node.element);
  if (inner.max === 0) return undefined;
  // The fewest copies that can hold the length, then more (each copy a character at least, so never past `length`).
  const most = Math.min(node.max, length);
  for (let copies = Math.max(node.min, 1, Math.ceil(length / inner.max)); copies <= most; copies++) {
    if (copies * inner.min > length) return undefined;
    const each = Math.floor(length / copies);
    const parts: string[] = [];
    for (let c = 0; c < copies; c++) {
      const part = build(node.element, each + (c < length - each * copies ? 1 : 0));
      if (part === undefined) break;
      parts.push(part);
    }
    if (parts.length === copies) return parts.join("");
  }
  return undefined;
}

/** One character the class or set written `raw` matches (`\d`, `[A-Za-z0-9_/.-]`, `.`), or undefined. */
function oneOf(raw: string): string | undefined {
  let test: RegExp;
  try {
    test = new RegExp(`^${raw}$`, "u");
  } catch {
    return undefined;
  }
  const found = PREFERRED.find((c) => test.test(c));
  if (found !== undefined) return found;
  for (let code = 0x21; code < 0x3000; code++)
    if (test.test(String.fromCodePoint(code))) return String.fromCodePoint(code);
  return undefined;
}
