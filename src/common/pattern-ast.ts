// A JSON Schema `pattern` (ECMAScript, read with the `u` flag) as regexpp's tree: the one reading that measuring a
// pattern's lengths, drawing values from it and loosening it for drawing all share.
import { type AST, RegExpParser } from "@eslint-community/regexpp";

/** The pattern's tree; undefined when it does not parse with the `u` flag. */
export function patternAst(pattern: string): AST.Pattern | undefined {
  try {
    return new RegExpParser({ ecmaVersion: 2025 }).parsePattern(pattern, 0, pattern.length, { unicode: true });
  } catch {
    return undefined;
  }
}
