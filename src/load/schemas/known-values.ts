// The known values of a text its document marks open, which the service takes others beside: AutoRest's `x-ms-enum`
// of `modelAsString: true`, `x-extensible-enum`. Read once here for a parameter (import/draft/limits.ts, its
// `knownValues`) and a field inside a JSON value (link/param-limits/schema-place.ts, NestedLimits.knownValues): offered
// in the typed client's type as `"a" | "b" | (string & {})` and to models in words, never checked.
import type { Schema } from "../openapi-document.js";

/**
 * Whether the document marks the schema's values open: AutoRest's `x-ms-enum` with `modelAsString: true` (the values
 * are the known ones and the service takes or sends others). The one reading of the mark, for the known values below,
 * a discriminated base's kinds (base-kinds.ts) and the request judge's discriminated unions (judge/kinds/).
 */
export function markedOpen(s: unknown): boolean {
  const marked = s && typeof s === "object" ? (s as Schema)["x-ms-enum"] : undefined;
  return !!marked && typeof marked === "object" && (marked as Schema).modelAsString === true;
}

/**
 * The mark's known values: `x-ms-enum`'s `values` (where add's cut keeps the enum it leaves out:
 * import/shapes/open-enums.ts), or `x-extensible-enum`'s list; texts only, each once, "" left out. Undefined for any
 * other schema.
 */
export function knownValuesOf(s: Schema): string[] | undefined {
  const marked = s["x-ms-enum"] as Schema | undefined;
  const listed =
    markedOpen(s) && Array.isArray(marked?.values)
      ? marked.values.map((v) => (v && typeof v === "object" ? (v as Schema).value : undefined))
      : s["x-extensible-enum"];
  if (!Array.isArray(listed)) return undefined;
  const texts = [...new Set(listed.filter((v): v is string => typeof v === "string" && v !== ""))];
  return texts.length ? texts : undefined;
}
