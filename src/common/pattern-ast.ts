// A JSON Schema `pattern` (ECMAScript, read with the `u` flag) as regexpp's tree: the one reading that measuring a
// pattern's lengths, drawing values from it and loosening it for drawing all share.
import { type AST, RegExpParser } from "@eslint-community/regexpp";

export interface PatternLengths {
  /** The fewest characters of a value it accepts. */
  min: number;
  /** The most: Infinity when it does not bound the value (unanchored, `*`, `+`, `{n,}`). */
  max: number;
}

/** The pattern's tree; undefined when it does not parse with the `u` flag. */
export function patternAst(pattern: string): AST.Pattern | undefined {
  try {
    return new RegExpParser({ ecmaVersion: 2025 }).parsePattern(pattern, 0, pattern.length, { unicode: true });
  } catch {
    return undefined;
  }
}

/**
 * The fewest and the most characters (code points) a node of the tree matches: a quantifier's element times its
 * bounds (Infinity for `*`, `+`, `{n,}`), an assertion none (though at the top a positive lookahead's own match raises
 * the fewest: valueSpan), a backreference up to its group's most.
 */
export function patternSpan(node: AST.Node): PatternLengths {
  switch (node.type) {
    case "Pattern":
      return either(node.alternatives.map(valueSpan));
    case "Group":
    case "CapturingGroup":
      return either(node.alternatives.map(patternSpan));
    case "Alternative":
      return node.elements
        .map(patternSpan)
        .reduce((a, b) => ({ min: a.min + b.min, max: a.max + b.max }), { min: 0, max: 0 });
    case "Quantifier": {
      const inner = patternSpan(node.element);
      return { min: inner.min * node.min, max: inner.max === 0 ? 0 : inner.max * node.max };
    }
    case "Assertion":
      return { min: 0, max: 0 };
    case "Backreference": {
      const groups = [node.resolved].flat();
      return { min: 0, max: either(groups.map(patternSpan)).max };
    }
    default:
      // A character, a class or a set: one character (the `u` flag has no class of strings).
      return { min: 1, max: 1 };
  }
}

/**
 * A top alternative's span: a value holds what each positive lookahead outside a group looks for, from where it stands
 * (`^arn:(?=[^:]+:fsx:[^:]+:\d{12}:)…`: 21 characters past the 4 before it), however few the elements after it take.
 * Inside a group, what it looks for may run on past the group.
 */
function valueSpan(node: AST.Alternative): PatternLengths {
  const span = patternSpan(node);
  let before = 0;
  for (const element of node.elements) {
    if (element.type === "Assertion" && element.kind === "lookahead" && !element.negate)
      span.min = Math.max(span.min, before + either(element.alternatives.map(patternSpan)).min);
    before += patternSpan(element).min;
  }
  return span;
}

function either(options: PatternLengths[]): PatternLengths {
  if (!options.length) return { min: 0, max: 0 };
  return { min: Math.min(...options.map((o) => o.min)), max: Math.max(...options.map((o) => o.max)) };
}
