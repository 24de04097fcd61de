// A reply header's value read as the type its document gives it. OpenAPI writes a header in the simple style, where a
// scalar is its own text: `42`, `-3.5`, `true`. A text that is not one of the type stays the text, as a body field of
// another type stays what it is: the output's type check then names it (call/output-types.ts, INVALID_OUTPUT).
import type { HeaderValueType } from "../spec/reply-types.js";

/** The header's text as a value of `type`, or the text where it is none (`abc`, `0x10`, or `4.5` for an integer). */
export function headerValue(text: string, type: HeaderValueType): string | number | boolean {
  const t = text.trim();
  if (type === "boolean") return t === "true" || (t === "false" ? false : text);
  // JSON's number grammar (not `0x10`, `1_000` nor `Infinity`, which Number reads); an integer as JSON Schema counts
  // one (`42`, `42.0`).
  const value = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(t) ? Number(t) : Number.NaN;
  return Number.isFinite(value) && (type === "number" || Number.isInteger(value)) ? value : text;
}
