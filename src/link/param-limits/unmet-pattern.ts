// A document's pattern that no value of its own lengths meets (an unescaped `..` in a look-ahead meaning any two
// characters, beside `minLength: 3`): the link asked a manifest written by hand to copy it (BW2006, "pattern (none) is
// looser"), and, copied, refused it as admitting no value (BW2014): two rounds to learn the document is wrong. Said at
// once instead, as add leaves such a pattern out of its cut (import/shapes/unmet-lengths.ts).
import { readPattern } from "../../load/load-rewrites.js";
import type { Schema } from "../../load/openapi-document.js";
import { firstMadeString } from "../../model/string-values.js";
import { patternLengths } from "./pattern-length.js";

/**
 * Whether schema `s`'s pattern admits no text of its lengths (its pattern read as add and the runtime read it): its
 * lengths and the pattern's never meet, or no value is found as the link seeks one for a manifest's own rules
 * (param-limits.ts checkSatisfiable, whose BW2014 the copied pattern would meet). The schema's example is no witness
 * here: one that breaks its schema is left out of the document the link reads.
 */
export function patternAdmitsNone(s: Schema): boolean {
  const pattern = typeof s.pattern === "string" ? readPattern(s.pattern) : undefined;
  if (pattern === undefined) return false;
  const rules = {
    pattern,
    ...(typeof s.minLength === "number" ? { minLength: s.minLength } : {}),
    ...(typeof s.maxLength === "number" ? { maxLength: s.maxLength } : {}),
  };
  let re: RegExp;
  try {
    re = new RegExp(pattern, "u");
  } catch {
    return false;
  }
  const lengths = patternLengths(pattern);
  const min = rules.minLength ?? 0;
  const max = rules.maxLength ?? Infinity;
  if (lengths && (lengths.min > max || lengths.max < min)) return true;
  return firstMadeString(rules, (v) => v.length >= min && v.length <= max && re.test(v), lengths) === undefined;
}

/** What the link says of such a pattern where the manifest states none: the document's to correct. */
export function unmetPatternProblem(s: Schema, what: string, openapiName: string): string {
  const window = `${s.minLength ?? 0}${s.maxLength === undefined ? " or more" : ` to ${s.maxLength}`} characters`;
  return (
    `${what}'s pattern ${JSON.stringify(s.pattern)} in ${openapiName}: no value of ${window} was found that meets ` +
    `it, so a manifest copying it would refuse every value; likely the document's mistake (add leaves such a ` +
    `pattern out of its cut): correct or remove it in ${openapiName}, then state the pattern the service takes`
  );
}
