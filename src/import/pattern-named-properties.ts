// A property named by a regular expression (`properties: {"[^\"\\\\]{0,20}": {…}}`): the author meant the keys that
// match it, as JSON Schema's patternProperties says, which OpenAPI 3.0 lacks. Read as written, it was one field of that
// literal name: a query object (deepObject) was drafted with a parameter sending `metadata[[^"\\]{0,20}]=…`, which
// no service reads and the request judge refused, and a body sent the pattern as a key. Read as the object's other
// keys (`additionalProperties`: its schema, where the object sets no other), said in the cut's header and a note.
import { rewriteEachObject } from "./shapes/cut-walk.js";

type Json = Record<string, unknown>;

/** The words the cut's header and the review note know such a change by (cut/type-lists.ts). */
export const NAMED_BY_PATTERN = "a property named by a pattern";

/** Keys whose values are data, not schemas: no `properties` there is a keyword. */
const DATA_KEYS = new Set(["default", "enum", "const", "example", "examples"]);

/**
 * A regular expression's constructs no field name holds: a negated or ranged class (`[^"]`, `[a-z]`), a counted
 * repeat (`{0,20}`), a shorthand class (`\d`, `\w`), any character repeated (`.*`, `.+`), a group's flag (`(?:`).
 */
const REGEX_CONSTRUCT = /\[\^|\[[^\]]*[A-Za-z0-9]-[A-Za-z0-9][^\]]*\]|\{\d+(?:,\d*)?\}|\\[dDwWsS]|\.[*+]|\(\?/;

/** Whether a property's name reads as a regular expression: one of its constructs, and it compiles. */
export function namesByPattern(name: string): boolean {
  if (!REGEX_CONSTRUCT.test(name)) return false;
  try {
    new RegExp(name, "u");
    return true;
  } catch {
    return false;
  }
}

/**
 * The cut with each property named by a pattern read as the object's other keys (changed in place), where the object
 * has one such property and leaves its other keys open; each place, as `components.schemas.Zq (property
 * "[a-z]{2}" a property named by a pattern: read as additionalProperties)`.
 */
export function withPatternNamedPropertiesRead(cut: Json): string[] {
  return rewriteEachObject(
    cut,
    (schema) => {
      const properties = schema.properties;
      if (properties === null || typeof properties !== "object" || Array.isArray(properties)) return undefined;
      const named = Object.keys(properties).filter(namesByPattern);
      const open = schema.additionalProperties === undefined || schema.additionalProperties === true;
      if (named.length !== 1 || !open) return undefined;
      const [name = ""] = named;
      schema.additionalProperties = (properties as Json)[name];
      delete (properties as Json)[name];
      if (Array.isArray(schema.required)) schema.required = schema.required.filter((r) => r !== name);
      return `property ${JSON.stringify(name)} ${NAMED_BY_PATTERN}: read as additionalProperties`;
    },
    (key) => DATA_KEYS.has(key) || key.startsWith("x-"),
  );
}
