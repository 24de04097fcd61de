// A reply header's value read as the type its document gives it. OpenAPI writes a header in the simple style, where a
// scalar is its own text: `42`, `-3.5`, `true`. A text that is not one of the type stays the text, as a body field of
// another type stays what it is: the output's type check then names it (call/output-types.ts, INVALID_OUTPUT).
import type { HeaderValueType } from "../spec/reply-types.js";

// JSON's number grammar: no `0x1F`, `1_000`, `Infinity` or empty text, which `Number()` would read.
const NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

/** The header's text as a value of `type`, or the text where it is none (`abc` for an integer). */
export function headerValue(text: string, type: HeaderValueType): string | number | boolean {
  const trimmed = text.trim();
  switch (type) {
    case "boolean":
      return trimmed === "true" ? true : trimmed === "false" ? false : text;
    case "integer":
    case "number": {
      // An integer as JSON Schema counts one: a number without a fraction (`42`, `42.0`).
      const value = NUMBER.test(trimmed) ? Number(trimmed) : Number.NaN;
      return Number.isFinite(value) && (type === "number" || Number.isInteger(value)) ? value : text;
    }
  }
}
