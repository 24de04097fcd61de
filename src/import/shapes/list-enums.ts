// A list whose `enum` lists values that are no lists (`type: array, enum: [authorization_code, …], items: {type:
// string, enum: [authorization_code, …]}`, as generators write a list of an enum type; 14 documents of the public
// directory). JSON Schema holds the whole list to be one of those values, which no list is: the draft left the field
// out (a required one, and generate refused add's own draft, BW2010), and the mocks and the request judge would refuse
// every list sent. The document means its items' values: add moves such an enum to the items where they have none,
// leaves it out where they list their own, and says so.
import type { ReviewNote } from "../manifest-yaml.js";
import { isJson, resolved, rewriteEachObject } from "./cut-walk.js";

type Json = Record<string, unknown>;

/** Keys whose values are data (examples, defaults, enums) or extensions: their `enum` is no keyword. */
const DATA_KEYS = new Set(["default", "enum", "const", "example", "examples"]);

function isListEnumOfNoList(schema: Json): boolean {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return (
    types.includes("array") &&
    Array.isArray(schema.enum) &&
    schema.enum.length > 0 &&
    schema.enum.every((v) => !Array.isArray(v) && v !== null)
  );
}

/**
 * The cut with each list's enum of no list on its items (changed in place); each place changed, as
 * `components.schemas.Zq.properties.zqKinds (enum of no list: its items' values now)`.
 */
export function withListEnumsOnItems(cut: Json): string[] {
  return rewriteEachObject(
    cut,
    (schema) => {
      if (!isListEnumOfNoList(schema)) return undefined;
      const values = schema.enum as unknown[];
      delete schema.enum;
      const items = resolved(cut, schema.items);
      if (isJson(items) && Array.isArray(items.enum)) return "enum of no list: left out, its items list their own";
      // Items the document shares ($ref) are not written to: they are met together with the values instead.
      if (isJson(schema.items) && schema.items.$ref === undefined) schema.items.enum = values;
      else schema.items = isJson(schema.items) ? { allOf: [schema.items], enum: values } : { enum: values };
      return "enum of no list: its items' values now";
    },
    (key) => DATA_KEYS.has(key) || key.startsWith("x-"),
  );
}

/** The review note on the lists' enums moved, if add moved some. */
export function listEnumNotes(changed: readonly string[]): ReviewNote[] {
  if (!changed.length) return [];
  return [
    {
      at: ["openapi"],
      note:
        `openapi.yaml changes ${changed.join(", ")}: a list's enum listed values that are no lists, which no list ` +
        "meets, so no value could be sent; read as its items' values, as the document means them: check it",
    },
  ];
}
