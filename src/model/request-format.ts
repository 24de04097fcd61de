// A request value's format as the regenerated block holds it: the runtime checks the formats it knows
// (runtime/spec/formats.ts `VALUE_FORMATS`, a `url` as a `uri`) before any request, so one of those added or changed
// refuses a value a call sent, while any other format is an annotation the block never checks.
import type { ValueFormat } from "@blockwright/runtime/internal";
import { valueFormatOf } from "./format-aliases.js";

/** Formats every value of the key's is also a value of (a URI is a URI reference): changed so, nothing is refused. */
const WIDER: Partial<Record<ValueFormat, readonly ValueFormat[]>> = { uri: ["uri-reference"] };

/**
 * The severity of a request value's format changed from `old` to `now` (either undefined: none), with why; undefined
 * where the kind's own (informational, an annotation only) says it.
 */
export function requestFormatSeverity(
  old: unknown,
  now: unknown,
): { severity: "breaking" | "informational"; note: string } | undefined {
  const [was, is] = [valueFormatOf(old), valueFormatOf(now)];
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
