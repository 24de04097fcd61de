// A `type` given as a list (`roomId: {type: [number, string]}`) in an OpenAPI 3.0 document: 3.1's way (JSON Schema
// 2020-12) of saying "any of these types", which 3.0 does not allow, so generate refused add's own draft (BW2019) and
// the user had to edit the document before anything ran. Forum software's published write API writes its ids so,
// under `openapi: 3.0.0`. add writes each such schema in the cut as 3.0 says the same thing: `null` in the list as
// `nullable: true`, one type left as that type, several as `anyOf` of one schema a type (with the other keywords
// kept beside it, each of which applies to the values of its own type, as before), and says so. A 3.1 document's
// type lists are its own, and stay as written.
//
// A `type: null` is YAML's null, not the type's name: an author writing the null type unquoted (`oneOf: [{type:
// string}, {type: null}]`, a nullable text). Read as no type, it was left out, and the member took any value, so every
// text met both members of the oneOf and the mocks refused their own answers. add writes it as the type "null".
//
// An `additionalProperties` written as the text "true" or "false" (PHP's swagger-php writes an annotation's
// `additionalProperties="true"` so) is a schema that is no mapping: add left out every operation reaching one, "the
// document does not have OpenAPI's structure" (a workflow engine's saved searches, 12 of its 170 operations). add
// writes it as the boolean it spells, and says so.
import type { ReviewNote } from "../manifest-yaml.js";
import { ESCAPED_TWICE } from "../pattern-escapes.js";
import { NAMED_BY_PATTERN } from "../pattern-named-properties.js";
import { aliasedType } from "../../load/schemas/type-aliases.js";
import { BOOLEAN_TEXTS } from "../../load/structure/document-structure.js";
import { eachSchema } from "../shapes/unreadable-schemas.js";

type Json = Record<string, unknown>;

/** How an entry of a `type: null` written as the type "null" says so (withNullTypesNamed). */
const YAML_NULL = "YAML's null";

/** Writes one schema's type list as OpenAPI 3.0 does (in place); what it wrote, for the cut's header. */
function asThree0(schema: Json, types: string[]): string {
  const named = [...new Set(types)];
  const rest = named.filter((type) => type !== "null");
  delete schema.type;
  if (rest.length < named.length) schema.nullable = true;
  if (rest.length === 1) schema.type = rest[0];
  else if (rest.length > 1) {
    const each = rest.map((type) => ({ type }));
    // A schema already holding an anyOf keeps it: both must hold, as allOf says.
    if (!Array.isArray(schema.anyOf)) schema.anyOf = each;
    else schema.allOf = [...(Array.isArray(schema.allOf) ? schema.allOf : []), { anyOf: each }];
  }
  const written = rest.length === 1 ? `type ${rest[0]}` : rest.length ? `anyOf of ${rest.join(", ")}` : "no type";
  return `type ${JSON.stringify(types)}: ${written}${rest.length < named.length ? ", nullable" : ""}`;
}

/**
 * The cut of a 3.0 document with each schema's `type` list written as 3.0 says it (changed in place); each place
 * changed, as `components.schemas.Zq.properties.roomId (type ["number","string"]: anyOf of number, string)`.
 */
export function withTypeListsAsThree0(cut: Json): string[] {
  if (typeof cut.openapi !== "string" || !cut.openapi.startsWith("3.0")) return [];
  const changed: string[] = [];
  eachSchema(cut, (schema, at) => {
    const { type } = schema;
    if (!Array.isArray(type) || !type.every((name) => typeof name === "string")) return;
    changed.push(`${at.join(".")} (${asThree0(schema, type as string[])})`);
  });
  return changed;
}

/**
 * The cut with each schema's `type: null` (YAML's null), alone or in a list, written as the type "null" (changed in
 * place); each place, as
 * `components.schemas.Zq.properties.groupid.oneOf.1 (type null, YAML's null: the type "null")`.
 */
export function withNullTypesNamed(cut: Json): string[] {
  const changed: string[] = [];
  eachSchema(cut, (schema, at) => {
    const { type } = schema;
    if (type === null) schema.type = "null";
    // In a list too (`type: [string, null]`, a nullable text's commonest slip): the list names its types then.
    else if (Array.isArray(type) && type.includes(null)) schema.type = type.map((t) => (t === null ? "null" : t));
    else return;
    changed.push(`${at.join(".")} (type ${JSON.stringify(type)}, ${YAML_NULL}: the type "null")`);
  });
  return changed;
}

/** How an entry of a type written as a common name of one says so (withTypeAliasesRead). */
const ALIAS = "a common name of";
/** How an entry of a tuple's `items` list says so (withTupleItemsRead). */
const TUPLE = "a tuple's items";
/** How an entry of a boolean written as text says so (withBooleanTextsRead). */
const BOOLEAN_TEXT = "a boolean written as text";
const isTypeList = (c: string) =>
  [YAML_NULL, ALIAS, TUPLE, BOOLEAN_TEXT, ESCAPED_TWICE, NAMED_BY_PATTERN].every((other) => !c.includes(other));

/**
 * The cut with each schema's `additionalProperties` of the text "true" or "false" written as that boolean (changed in
 * place); each place, as `components.schemas.Zq.properties.meta.additionalProperties ("true", a boolean written as
 * text)`.
 */
export function withBooleanTextsRead(cut: Json): string[] {
  const changed: string[] = [];
  eachSchema(cut, (schema, at) => {
    const meant = BOOLEAN_TEXTS.get(schema.additionalProperties);
    if (meant === undefined) return;
    changed.push(
      `${at.join(".")}.additionalProperties (${JSON.stringify(schema.additionalProperties)}, ${BOOLEAN_TEXT})`,
    );
    schema.additionalProperties = meant;
  });
  return changed;
}

/**
 * The cut with each `items` given as a list (JSON Schema draft 4's tuple, `items: [{type: integer}, {type: string}]`
 * for a pair, as Rust's schema generators write one into an OpenAPI 3.0 document) written as the document's version
 * allows (changed in place): 3.1's `prefixItems` (its `additionalItems` as `items`); in 3.0, which has no tuple,
 * `items` of the `anyOf` of the members, each item then one of them (the length rules kept). Left as written,
 * generate refused add's own draft (BW2019, "items is a list"). Each place, as
 * `components.schemas.Zq.additionalProperties (a tuple's items, 2: items anyOf of them)`.
 */
export function withTupleItemsRead(cut: Json): string[] {
  const three0 = typeof cut.openapi === "string" && cut.openapi.startsWith("3.0");
  const changed: string[] = [];
  eachSchema(cut, (schema, at) => {
    const { items } = schema;
    if (!Array.isArray(items) || !items.every((m) => m !== null && typeof m === "object")) return;
    if (!three0) {
      delete schema.items;
      schema.prefixItems = items;
      if (schema.additionalItems !== undefined) schema.items = schema.additionalItems;
      delete schema.additionalItems;
      changed.push(`${at.join(".")} (${TUPLE}, ${items.length}: prefixItems)`);
      return;
    }
    schema.items = items.length === 1 ? items[0] : items.length ? { anyOf: items } : {};
    changed.push(`${at.join(".")} (${TUPLE}, ${items.length}: items anyOf of them)`);
  });
  return changed;
}

/**
 * The cut with each schema's `type` written as a common name of a JSON type (`int`, `bool`, `String`) written as that
 * type (changed in place: load/schemas/type-aliases.ts); each place, as
 * `components.parameters.PageSize.schema (type "int", a common name of integer)`.
 */
export function withTypeAliasesRead(cut: Json): string[] {
  const changed: string[] = [];
  eachSchema(cut, (schema, at) => {
    const meant = aliasedType(schema.type);
    if (meant === undefined) return;
    changed.push(`${at.join(".")} (type ${JSON.stringify(schema.type)}, ${ALIAS} ${meant})`);
    schema.type = meant;
  });
  return changed;
}

/** Why the cut's header says the types were rewritten: a 3.0 document's type lists, and YAML's null for a type. */
export function typeListsWhy(changed: readonly string[]): string {
  const lists = changed.some(isTypeList) ? ["a type list is OpenAPI 3.1's, not this document's"] : [];
  const nulls = changed.some((c) => c.includes(YAML_NULL))
    ? ['a type null unquoted is YAML\'s null, the type "null" meant']
    : [];
  const aliases = changed.some((c) => c.includes(ALIAS)) ? ["a type's common name, JSON Schema's name meant"] : [];
  const tuples = changed.some((c) => c.includes(TUPLE)) ? ["a list of items is draft 4's tuple, no OpenAPI 3's"] : [];
  const texts = changed.some((c) => c.includes(BOOLEAN_TEXT)) ? ["a schema's boolean written as text"] : [];
  const escapes = changed.some((c) => c.includes(ESCAPED_TWICE)) ? ["a pattern's backslashes each doubled"] : [];
  const named = changed.some((c) => c.includes(NAMED_BY_PATTERN)) ? ["a pattern as a property's name"] : [];
  return [...lists, ...nulls, ...aliases, ...tuples, ...texts, ...escapes, ...named].join("; ");
}

/** The review note on the type lists rewritten, if add rewrote some. */
export function typeListNotes(changed: readonly string[]): ReviewNote[] {
  if (!changed.length) return [];
  return [
    {
      at: ["openapi"],
      note:
        `openapi.yaml changes ${changed.join(", ")}: ` +
        [
          ...(changed.some(isTypeList)
            ? [
                "a type list is OpenAPI 3.1's, which this 3.0 document may not use; written as 3.0 says the same " +
                  "(nullable for null, anyOf for several)",
              ]
            : []),
          ...(changed.some((c) => c.includes(YAML_NULL))
            ? ['a type null unquoted is YAML\'s null, written as the type "null"']
            : []),
          ...(changed.some((c) => c.includes(ALIAS))
            ? ["a type's common name (int, bool, String) is no JSON Schema type, written as the type it names"]
            : []),
          ...(changed.some((c) => c.includes(TUPLE))
            ? [
                "a list of items is JSON Schema draft 4's tuple, which OpenAPI 3 does not take; written as 3.1's " +
                  "prefixItems, or in 3.0, which has no tuple, as items any of the members (their order unchecked)",
              ]
            : []),
          ...(changed.some((c) => c.includes(BOOLEAN_TEXT))
            ? ['additionalProperties "true" or "false" is a text where a schema goes, written as the boolean it spells']
            : []),
          ...(changed.some((c) => c.includes(ESCAPED_TWICE))
            ? [
                "a pattern whose every backslash is doubled takes a backslash and a letter where a class (\\w, \\d, " +
                  "\\s) is meant, and no value the document gives meets it: read with each doubled backslash as one " +
                  "(if the API means the backslash, write the pattern back as published)",
              ]
            : []),
          ...(changed.some((c) => c.includes(NAMED_BY_PATTERN))
            ? [
                "a property named by a regular expression means the keys that match it (JSON Schema's " +
                  "patternProperties, which OpenAPI 3.0 lacks), no field of that name: read as the object's other keys",
              ]
            : []),
        ].join("; ") +
        ": check them",
    },
  ];
}
