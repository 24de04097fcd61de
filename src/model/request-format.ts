// A request value's format as the regenerated block holds it: the runtime checks the formats it knows
// (runtime/spec/formats.ts `VALUE_FORMATS`, a `url` as a `uri`) before any request, and a text's format add and the
// link state as a pattern (format-aliases.ts `FORMAT_PATTERNS`: `byte`, `time`, an integer as text, …) is checked as
// that pattern, so one of those added or changed refuses a value a call sent, while any other format is an annotation
// the block never checks.
import { FORMAT_PATTERNS, valueFormatOf } from "./format-aliases.js";

/** Formats every value of the key's is also a value of (a URI is a URI reference): changed so, nothing is refused. */
const WIDER: Readonly<Record<string, readonly string[]>> = {
  uri: ["uri-reference"],
  int32: ["int64"],
  uint32: ["int64", "uint64"],
  // One pattern under two names.
  "http-date": ["date-time-rfc1123"],
  "date-time-rfc1123": ["http-date"],
};

/** The format the block checks a value of: its manifest format, or a text's format it states as a pattern. */
function checkedFormat(format: unknown, text: boolean): string | undefined {
  const own = valueFormatOf(format);
  if (own !== undefined) return own;
  return text && typeof format === "string" && Object.hasOwn(FORMAT_PATTERNS, format) ? format : undefined;
}

/**
 * The severity of a request value's format changed from `old` to `now` (either undefined: none), with why; undefined
 * where the kind's own (informational, an annotation only) says it. `text`: the value is text (a string, or a list of
 * strings whose items' format it is), where a format stated as a pattern applies.
 */
export function requestFormatSeverity(
  old: unknown,
  now: unknown,
  text: boolean,
): { severity: "breaking" | "informational"; note: string } | undefined {
  const [was, is] = [checkedFormat(old, text), checkedFormat(now, text)];
  if (was === is) return undefined;
  if (is === undefined)
    return {
      severity: "informational",
      note: "a loosening: the block no longer checks the value's form, so more values are accepted",
    };
  if (was !== undefined && WIDER[was]?.includes(is))
    return { severity: "informational", note: `a loosening: every ${was} is also a ${is}` };
  return {
    severity: "breaking",
    note:
      `the block now checks the value is a ${is} before any request: a value of another form a call sent is ` +
      "refused",
  };
}
