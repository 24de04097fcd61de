// The suggested patches of drift: OpenAPI Overlay 1.0 actions, whose targets
// are JSONPath expressions (RFC 9535) into the OpenAPI document.
import type { Path } from "./document-schemas.js";

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** `$.components.schemas.Volume`, `$.paths['/v1/volumes/{id}'].get.responses['200']`. */
export function jsonPath(path: Path): string {
  const quoted = (s: string) => `['${s.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}']`;
  return `$${path.map((s) => (typeof s === "number" ? `[${s}]` : IDENTIFIER.test(s) ? `.${s}` : quoted(s))).join("")}`;
}

/** A JSONPath string literal. */
export function quoted(text: string): string {
  return `'${text.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
}

/** The JSON Schema type of a value (`integer` for a whole number). */
export function observedType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

/** A short form of a value for messages (long texts and big objects cut). */
export function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}
