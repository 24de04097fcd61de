// Whether a value written in the manifest fits a schema already flattened (OpenApiDocument.fits flattens it first):
// its type and enum, null where the schema admits it, and with `asText` the text forms of numbers and booleans.
import type { Schema } from "../openapi-types.js";
import { typeOf } from "../schema-types.js";

/**
 * Whether a value written in the manifest fits a flattened schema: its type and
 * enum. With `asText`, the text forms of numbers and booleans count too
 * (a value sent in the address, a header or a form is text).
 */
export function fitsFlat(value: unknown, flat: Schema, asText: boolean): boolean {
  if (Array.isArray(flat.enum) && !flat.enum.includes(value)) return false;
  // Null where the schema admits it beside its type (OpenAPI 3.0's `nullable`, 3.1's type list).
  if (value === null && (flat.nullable === true || (Array.isArray(flat.type) && flat.type.includes("null"))))
    return true;
  const t = typeOf(flat);
  if (t === undefined) return true;
  if (t === "integer") return Number.isInteger(value) || (asText && typeof value === "string" && /^-?\d+$/.test(value));
  if (t === "number")
    return (
      typeof value === "number" ||
      (asText && typeof value === "string" && value.trim() !== "" && !Number.isNaN(Number(value)))
    );
  if (t === "boolean") return typeof value === "boolean" || (asText && (value === "true" || value === "false"));
  if (t === "array") return Array.isArray(value);
  if (t === "object") return value !== null && typeof value === "object" && !Array.isArray(value);
  // A field of null alone (`type: 'null'`): a constant null fits it (typeof null is "object").
  if (t === "null") return value === null;
  return typeof value === t;
}
