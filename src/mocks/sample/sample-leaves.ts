// Leaf values of the walk (sample-walk.ts): a number within a schema's bounds and step (a realistic one where asked),
// the texts of formats the string maker does not know, and the rules a text is made by.
import { withFormatPattern } from "../../model/format-aliases.js";
import type { RealisticValues } from "../realistic-values.js";

type Node = Record<string, unknown>;

/** Formats madeStrings does not know, as their validators read them. */
export const FORMAT_STRINGS: Record<string, string> = {
  url: "https://example.com/page",
  hostname: "example.com",
  ipv4: "192.0.2.1",
  ipv6: "2001:db8::1",
  "uri-reference": "https://example.com/page",
  byte: "",
  time: "12:00:00Z",
  // ISO 8601 durations (an alert's window, a timeout): validators check the form, which no plain text meets.
  duration: "PT5M",
  // JSON pointers (where an error sits): validators check the form, `/` before each step, which no plain text meets.
  "json-pointer": "/items/0",
  "relative-json-pointer": "0",
};

/** The least number the schema's bounds allow (0 where they allow it), a multiple of its step. */
export function numberOf(schema: Node, integer: boolean): number {
  const num = (k: string) => (typeof schema[k] === "number" ? (schema[k] as number) : undefined);
  const exclusiveLow = num("exclusiveMinimum") ?? (schema.exclusiveMinimum === true ? num("minimum") : undefined);
  const exclusiveHigh = num("exclusiveMaximum") ?? (schema.exclusiveMaximum === true ? num("maximum") : undefined);
  let low = exclusiveLow !== undefined ? exclusiveLow + (integer ? 1 : 0.5) : num("minimum");
  const high = exclusiveHigh !== undefined ? exclusiveHigh - (integer ? 1 : 0.5) : num("maximum");
  if (low === undefined) low = high !== undefined ? Math.min(0, high) : 0;
  // An int64's bound (±2^63) is past what mocks and JSON parsers hold exactly: the nearest safe integer.
  let value = integer ? Math.min(Math.max(Math.ceil(low), Number.MIN_SAFE_INTEGER), Number.MAX_SAFE_INTEGER) : low;
  const step = num("multipleOf");
  if (step) value = Math.ceil(value / step) * step;
  return value;
}

/** A realistic number within the schema's bounds (a multiple of its step), or undefined for the plain one. */
export function realisticNumber(
  realistic: RealisticValues | undefined,
  name: string | undefined,
  draw: () => number,
  schema: Node,
  integer: boolean,
): number | undefined {
  if (!realistic) return undefined;
  const plain = numberOf(schema, integer);
  const high =
    typeof schema.exclusiveMaximum === "number"
      ? schema.exclusiveMaximum - (integer ? 1 : 0.5)
      : typeof schema.maximum === "number"
        ? schema.maximum
        : undefined;
  const drawn = realistic.number(name, { low: plain, high, integer, int64: schema.format === "int64" }, draw);
  if (drawn === undefined) return undefined;
  const step = typeof schema.multipleOf === "number" && schema.multipleOf > 0 ? schema.multipleOf : undefined;
  const value = step ? Math.ceil(drawn / step) * step : drawn;
  return value >= plain && (high === undefined || value <= high) ? value : undefined;
}

/**
 * A text's rules as its schema gives them, a format stated as a pattern (base64 for `byte`) made by it as the link
 * limits such a text inside a JSON value: the format's one fixed text ("") broke a minLength, and a draw of a pattern
 * of any text (`^.{1,100}$`) broke the format.
 */
export function textRulesOf(schema: Node): {
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  format?: string;
} {
  const rules = withFormatPattern(
    {
      ...(typeof schema.pattern === "string" ? { pattern: schema.pattern } : {}),
      ...(typeof schema.minLength === "number" ? { minLength: schema.minLength } : {}),
      ...(typeof schema.maxLength === "number" ? { maxLength: schema.maxLength } : {}),
    },
    schema.format,
  );
  return { ...rules, ...(typeof schema.format === "string" ? { format: schema.format } : {}) };
}
