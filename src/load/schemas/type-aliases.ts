// A `type` written as a common name of a JSON type rather than JSON Schema's (`int`, `long`, `bool`, `double`, `str`,
// or a type's own name capitalised: `String`, `Integer`): what the author means is plain, and read as naming no type
// the schema took any value, so a page number went as given, unchecked. One reading of such names for every reader:
// add's cut writes each as the JSON type it means (import/cut/type-lists.ts `withTypeAliasesRead`), with a review
// note naming the place and the name, so that the draft, the link and the request judge all read the cut's type.

/** JSON Schema's type names (draft 2020-12, 6.1.1). */
export const JSON_TYPE_NAMES: ReadonlySet<string> = new Set([
  "string",
  "number",
  "integer",
  "boolean",
  "object",
  "array",
  "null",
]);

/** Common names of a JSON type, in lower case: a programming language's, by shape of the values they hold. */
const ALIASES: Readonly<Record<string, string>> = {
  int: "integer",
  int32: "integer",
  int64: "integer",
  long: "integer",
  short: "integer",
  bool: "boolean",
  float: "number",
  double: "number",
  decimal: "number",
  str: "string",
};

/**
 * The JSON type a `type` written as a common name of one means (`int` integer, `String` string), or undefined: for a
 * JSON type's own name as JSON Schema writes it, and for any other value (a schema, a list, a name of no type).
 */
export function aliasedType(type: unknown): string | undefined {
  if (typeof type !== "string" || JSON_TYPE_NAMES.has(type)) return undefined;
  const name = type.trim().toLowerCase();
  return JSON_TYPE_NAMES.has(name) && name !== "null" ? name : Object.hasOwn(ALIASES, name) ? ALIASES[name] : undefined;
}
