// What link reads of a pattern: whether a manifest's is the spec's (checkSamePattern, below), and the
// lengths of the values a pattern accepts, read from the pattern itself
// (parsed by @eslint-community/regexpp, the parser ESLint uses): the
// fewest and the most characters (code points, as the runtime counts them)
// of a whole value it matches. A pattern anchored at both ends (`^…$`)
// bounds the value, so a parameter sent in the address or a header needs no
// `maxLength` of its own; one that is not anchored matches inside a longer
// value, which it does not bound.
import type { AST } from "@eslint-community/regexpp";
import { collapsedRepeats } from "@blockwright/runtime/internal/generate";
import { patternAst, patternSpan as lengthOf } from "../../common/pattern-ast.js";
import type { Schema } from "../../load/openapi-document.js";
import { formatPatternOf } from "../../model/format-aliases.js";
import type { LinkContext, Path } from "../context.js";
import type { PatternLengths } from "../../common/pattern-ast.js";

export type { PatternLengths } from "../../common/pattern-ast.js";

const known = new Map<string, PatternLengths | undefined>();

/** The lengths of the values `pattern` accepts (ECMAScript, `u` flag); undefined when it does not parse. */
export function patternLengths(pattern: string): PatternLengths | undefined {
  if (!known.has(pattern)) known.set(pattern, measure(pattern));
  return known.get(pattern);
}

function measure(pattern: string): PatternLengths | undefined {
  const ast = patternAst(pattern);
  if (!ast) return undefined;
  const { min, max } = lengthOf(ast);
  return { min, max: ast.alternatives.every(anchored) ? max : Infinity };
}

/**
 * Whether no text matches the pattern (ECMAScript, `u` flag, no multiline: JSON Schema's patterns take no flags): each
 * way through it has a `^` after a character or a `$` before one (` ^[a-z]+$`: a space, then the text's start). False
 * when it does not parse, or some way through it may match.
 */
export function matchesNothing(pattern: string): boolean {
  const ast = patternAst(pattern);
  if (!ast) return false;
  return ast.alternatives.every(blocked);
}

/** Whether an alternative has an edge anchor with a character on its wrong side, or a group none of whose ways pass. */
function blocked(alternative: AST.Alternative): boolean {
  const fewest = alternative.elements.map((e) => lengthOf(e).min);
  const total = fewest.reduce((a, b) => a + b, 0);
  let before = 0;
  for (const [i, element] of alternative.elements.entries()) {
    const after = total - before - (fewest[i] ?? 0);
    if (
      element.type === "Assertion" &&
      ((element.kind === "start" && before > 0) || (element.kind === "end" && after > 0))
    )
      return true;
    if ((element.type === "Group" || element.type === "CapturingGroup") && element.alternatives.every(blocked))
      return true;
    before += fewest[i] ?? 0;
  }
  return false;
}

/** Whether an alternative of the whole pattern starts with `^` and ends with `$`. */
function anchored(alternative: AST.Alternative): boolean {
  const first = alternative.elements[0];
  const last = alternative.elements[alternative.elements.length - 1];
  const edge = (e: AST.Element | undefined, kind: "start" | "end") => e?.type === "Assertion" && e.kind === kind;
  const wraps = (e: AST.Element | undefined) =>
    (e?.type === "Group" || e?.type === "CapturingGroup") && e.alternatives.every(anchored);
  return (edge(first, "start") && edge(last, "end")) || (alternative.elements.length === 1 && wraps(first));
}

/**
 * A pattern cannot be proved stricter in general: the manifest's must be the spec's, character for character, or as the
 * document writes it before the load's reading (collapsedRepeats); but a format stated as a pattern, alone where the
 * spec's says only any text, else beside the spec's (src/model/format-aliases.ts `formatPatternOf`).
 */
export function checkSamePattern(ctx: LinkContext, at: Path, what: string, pattern: string, spec: Schema): void {
  // As written in the document too: the load reads a repeated group of one repeated atom as the atom repeated.
  if (pattern === spec.pattern || collapsedRepeats(pattern) === spec.pattern) return;
  if (pattern === formatPatternOf(spec.format, spec.pattern)) return;
  ctx.fail(
    "BW2007",
    at,
    `pattern ${JSON.stringify(pattern)} is not ${what}'s pattern ${JSON.stringify(spec.pattern)} ` +
      `in ${ctx.openapiName} (a manifest pattern must be the spec's; restrict further with enum or maxLength)`,
    "value",
  );
}
