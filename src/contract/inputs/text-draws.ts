// The texts the random inputs draw (random-inputs.ts, invalid-inputs.ts): units of text with the awkward characters
// among them, object keys, and a string parameter's values from its enum, format, pattern, lengths or split.
import fc from "fast-check";
import { credentialOfParam, isValueFormat, type ParamSpec, type ToolSpec } from "@blockwright/runtime/internal";
import { drawablePattern } from "../../model/drawable-pattern.js";
import { patternArbitrary } from "../../model/pattern-arbitrary.js";
import { patternFewest } from "../../model/pattern-of-length.js";
import { madeStrings, stretch } from "../../model/string-values.js";
import { ContractFailure } from "../types.js";
import { filterOrFail } from "./bounded-filters.js";

export const printable = fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c));
const tricky = fc.constantFrom(
  " ",
  "%",
  "&",
  "=",
  "+",
  "#",
  "?",
  "/",
  "'",
  '"',
  "\\",
  ",",
  ";",
  "é",
  "ß",
  "中",
  "😀",
  "\u00a0",
  "\t",
  "\n",
  "\u0000",
  "\u2028",
  "\ud800",
);
export const textUnit = fc.oneof(
  { arbitrary: printable, weight: 8 },
  { arbitrary: tricky, weight: 2 },
  { arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 }), weight: 1 },
);
const alphanumeric = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789");
export const letters = fc.string({ unit: alphanumeric, minLength: 1, maxLength: 12 });
/** Object keys, the awkward ones included (they must stay plain keys all the way to the wire). */
export const jsonKey = fc.oneof(
  { arbitrary: fc.string({ unit: alphanumeric, minLength: 1, maxLength: 12 }), weight: 4 },
  { arbitrary: fc.constantFrom("__proto__", "constructor", "toString", "", "a.b", "a/b", "$ref", "é"), weight: 1 },
);
/** Long enough for a credential: a broken secret is refused for what was broken, not for its length. */
export const letters8 = fc.string({ unit: alphanumeric, minLength: 8, maxLength: 16 });

/**
 * Whether `p` is a credential a header carries as its own text (a bearer token, a key in a header), which the runtime
 * takes in ASCII alone (http/credentials.ts): drawn from printable ASCII, so that a draw is one a caller may give.
 */
export function headerText(tool: ToolSpec, p: ParamSpec): boolean {
  const credential = p.wire.in === "auth" ? credentialOfParam(tool.auth, p.name) : undefined;
  return credential?.param === p.name && (credential.type === "bearer" || credential.type === "header");
}

export function stringValue(p: ParamSpec, asciiOnly = false): fc.Arbitrary<string> {
  if (p.enum) {
    const pick = fc.constantFrom(...p.enum.map(String));
    const item = p.caseInsensitive
      ? fc.tuple(pick, fc.boolean()).map(([v, upper]) => (upper ? v.toUpperCase() : v))
      : pick;
    return p.separator === undefined
      ? item
      : fc.array(item, { minLength: 1, maxLength: 4 }).map((items) => items.join(`${p.separator} `));
  }
  if (isValueFormat(p.format)) return fc.constantFrom(...madeStrings(p));
  const [minLength, maxLength] = textBounds(p);
  if (p.pattern) return patternString(p, p.pattern, minLength, maxLength);
  if (p.wire.in === "body" && p.wire.split) {
    const sep = p.wire.split.separator;
    const item = fc
      .string({ unit: textUnit, minLength: 1, maxLength: 16 })
      .filter((s) => !s.includes(sep) && s.trim() !== "");
    return fc
      .array(item, { minLength: 1, maxLength: p.wire.split.maxItems ?? 6 })
      .map((items) => items.join(`${sep} `));
  }
  // A secret is redacted wherever a text holds it: drawn from the same characters, but without fast-check's words of
  // JavaScript objects (`arguments`, `constructor`), which an answer holds as keys its outputs would lose.
  if (p.secret)
    return fc.array(asciiOnly ? printable : textUnit, { minLength, maxLength }).map((units) => units.join(""));
  return fc.string({ unit: textUnit, minLength, maxLength });
}

/** The lengths a drawn text of the parameter takes: its own bounds, at most 64 past its least. */
export function textBounds(p: ParamSpec): [number, number] {
  const minLength = Math.max(p.minLength ?? 1, p.secret ? 8 : 1);
  return [minLength, Math.max(minLength, Math.min(p.maxLength ?? 64, minLength + 64))];
}

/**
 * fast-check's arbitrary of a pattern's strings, or undefined where it draws from none of it (a lookaround): kept
 * for the process, as an arbitrary holds no state (the random source is given at each draw). fast-check's making of
 * one tokenized its own list of tricky strings against the pattern (about 3.5 ms of CPU; seconds for an alternation of
 * a thousand fonts: patternArbitrary makes the same one without that), which each property case did again: 144 makings
 * for 4 patterns in the derived suite and the planted mistakes.
 */
const matchingArbitraries = new Map<string, fc.Arbitrary<string> | undefined>();
function matching(pattern: string): fc.Arbitrary<string> | undefined {
  if (matchingArbitraries.has(pattern)) return matchingArbitraries.get(pattern);
  let drawn: fc.Arbitrary<string> | undefined;
  try {
    drawn = patternArbitrary(new RegExp(drawablePattern(pattern), "u"));
  } catch {
    drawn = undefined;
  }
  matchingArbitraries.set(pattern, drawn);
  return drawn;
}

/**
 * Strings matching the parameter's pattern within its lengths. fast-check
 * draws from no lookaround (`(?!--)`, a common way to forbid a sequence): such
 * a pattern gets the values made from the parameter's rules that match it.
 */
function patternString(p: ParamSpec, pattern: string, minLength: number, maxLength: number): fc.Arbitrary<string> {
  const re = new RegExp(pattern, "u");
  const fits = (s: string) => [...s].length >= minLength && [...s].length <= maxLength;
  const drawn = matching(pattern);
  if (!drawn) {
    const made = madeStrings(p).filter((s) => re.test(s) && fits(s));
    if (!made.length)
      throw new ContractFailure(
        `no value of ${p.name} matching ${pattern} within its lengths could be made: fast-check draws from no ` +
          `lookaround, and no value made from its rules matches`,
      );
    return fc.constantFrom(...made);
  }
  // fast-check draws a pattern's repetitions short (`[a-f0-9]+` seldom 40 long): a draw outside the lengths is
  // stretched or cut to a length drawn within them, kept where it still matches. A pattern whose every match is longer
  // than the lengths drawn (an ETag's unanchored `["][ -~]{1000}["]`, at most 1,002 long): its draw's match alone,
  // without the text fast-check draws around it, within the parameter's own maxLength (none: any, as an ARN's
  // `…:[0-9]{12}:job/[a-z0-9]{12,}$`, whose every match is longer than the 64 characters drawn by default).
  const most = p.maxLength === undefined ? Number.POSITIVE_INFINITY : Math.max(maxLength, p.maxLength);
  const within = (s: string) => [...s].length >= minLength && [...s].length <= most;
  // Lengths from the pattern's fewest characters up: one under them (`.*<uuid>.*`, minLength 1) no cut value meets.
  const least = Math.min(maxLength, Math.max(minLength, patternFewest(pattern)));
  const fitted = fc.tuple(drawn, fc.integer({ min: least, max: maxLength })).map(([s, n]) => {
    if (fits(s)) return s;
    const stretched = stretch(s, n).find((v) => re.test(v));
    if (stretched !== undefined) return stretched;
    const match = re.exec(s)?.[0];
    return match !== undefined && within(match) ? match : s;
  });
  return filterOrFail(fitted, within, `value of ${p.name} matching ${pattern} within its lengths`);
}
