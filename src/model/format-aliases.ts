// Formats JSON Schema validators know by another name than the manifest's: ajv-formats' `url` (which the mocks check,
// as Prism does) is an absolute address, and every such value is a `uri`. Read so wherever a document's format
// becomes a manifest's (add's draft, the link's limits inside a JSON value), or a value drawn for the place meets
// no rule the mock holds it to.
import type { ValueFormat } from "@blockwright/runtime/internal";
import { isValueFormat } from "@blockwright/runtime/internal/generate";
import {
  BASE64_PATTERN,
  HTTP_DATE_PATTERN,
  INTEGER_TEXT_PATTERNS,
  TIME_PATTERN,
} from "../load/examples/format-texts.js";
import { anyText, anyTextLengths } from "./byte-text.js";
import { DURATION_PATTERN } from "./duration-text.js";

export const FORMAT_ALIASES: Readonly<Record<string, ValueFormat>> = { url: "uri" };

/** The manifest's format for a document's `format`: itself where the manifest has it, else its alias, if any. */
export function valueFormatOf(format: unknown): ValueFormat | undefined {
  if (typeof format !== "string") return undefined;
  if (isValueFormat(format)) return format;
  return Object.hasOwn(FORMAT_ALIASES, format) ? FORMAT_ALIASES[format] : undefined;
}

/**
 * Formats a manifest states as the pattern their values match (add's draft of a top-level parameter, the link's limits
 * inside a JSON value, the values the sampler makes): validators and mocks check them, or the document's reader expects
 * them, and the manifest has no name for them. `hint`: the pattern in words, which add drafts as its `patternHint` (an
 * error, a model's tool description) and its note.
 */
export const FORMAT_PATTERNS: Readonly<Record<string, { pattern: string; hint: string }>> = {
  time: { pattern: TIME_PATTERN, hint: "an RFC 3339 time of day, such as 13:22:00" },
  duration: { pattern: DURATION_PATTERN, hint: "an ISO 8601 duration, such as PT1H" },
  byte: { pattern: BASE64_PATTERN, hint: "base64 text, such as aGVsbG8=" },
  "http-date": { pattern: HTTP_DATE_PATTERN, hint: "an HTTP date, such as Sun, 06 Nov 1994 08:49:37 GMT" },
  "date-time-rfc1123": { pattern: HTTP_DATE_PATTERN, hint: "an HTTP date, such as Sun, 06 Nov 1994 08:49:37 GMT" },
  // A text of an integer format (protobuf's JSON mapping of a 64-bit integer: `type: string, format: int64`).
  ...Object.fromEntries(
    Object.entries(INTEGER_TEXT_PATTERNS).map(([format, pattern]) => [
      format,
      { pattern, hint: `a whole number in ${format}'s range written as decimal text, such as 42` },
    ]),
  ),
};

/**
 * The pattern a document's `format` is stated as, where the manifest states it so. Where the schema gives a pattern of
 * its own (more than "any text of a length", `^.{1,2097152}`, whose values broke the format), a value meets both: a
 * duration's `^-?P([0-9]+D)?…$` takes `-P1D` and a bare `P`, which no duration is, and the judge and the mocks hold
 * the format as well as the pattern (bothPatterns).
 */
export function formatPatternOf(format: unknown, pattern?: unknown): string | undefined {
  if (typeof format !== "string" || !Object.hasOwn(FORMAT_PATTERNS, format)) return undefined;
  const own = FORMAT_PATTERNS[format]?.pattern as string;
  if (typeof pattern !== "string" || anyText(pattern)) return own;
  // A backreference (`\1`, `\k<name>`) would count the format's groups before the document's: its pattern alone.
  return /\\[1-9]|\\k</.test(pattern) ? undefined : bothPatterns(own, pattern);
}

/**
 * A pattern whose values match a format's anchored pattern (`^…$`) and the document's own: the format's as a lookahead
 * over the whole text, then the document's, from the start where it is anchored there, else anywhere after.
 */
export function bothPatterns(format: string, own: string): string {
  const whole = format.startsWith("^") && format.endsWith("$") ? format.slice(1, -1) : format;
  return `^(?=(?:${whole})$)${own.startsWith("^") ? "" : "[\\s\\S]*?"}(?:${own})`;
}

export interface TextRules {
  pattern?: string;
  minLength?: number;
  maxLength?: number;
}

/**
 * A text's rules with its format stated as a pattern (formatPatternOf) where it is: the pattern of any text it
 * replaces kept as length bounds. The rules as they are otherwise.
 */
export function withFormatPattern(rules: TextRules, format: unknown): TextRules {
  const formatPattern = formatPatternOf(format, rules.pattern);
  if (formatPattern === undefined) return rules;
  const lengths = rules.pattern === undefined ? undefined : anyTextLengths(rules.pattern);
  const out: TextRules = { ...rules, pattern: formatPattern };
  if (lengths?.min) out.minLength = Math.max(rules.minLength ?? 0, lengths.min);
  if (lengths && lengths.max !== Infinity) out.maxLength = Math.min(rules.maxLength ?? Infinity, lengths.max);
  return out;
}
