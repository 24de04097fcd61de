// A schema of the mock's copy read as meant and written once beside the document's own (open-all-of.ts, `.meant`),
// as Prism reads it where it is written in place: Prism merges a body's `allOf`s and then reads a request without the
// fields its schema declares readOnly, an answer without those it declares writeOnly, through the schema's properties
// and items as written, never through a `$ref`. A closed object reached through a `$ref` to a schema read as meant thus
// kept a readOnly field a request may then send, where the same schema written out refused it (a notice's recipients,
// user details whose `active` is readOnly): each such schema is written without them, at every depth it holds in place.
import { markedOnly } from "../../load/read-only.js";
import { followLocalRefs } from "../../load/json-ref.js";

type Json = Record<string, unknown>;

/** A request's schemas leave out the fields read only, an answer's those written only. */
export type Reading = "request" | "answer";

/**
 * `schema` (written in `document`, whose `$ref`s it follows to read a field's mark) without the fields its reading
 * leaves out: its own properties so marked and those its `allOf` members declare so (their closing parent may name
 * them), left out of its `properties` and `required`, then each field, its items and its members the same way.
 * A `$ref` is left as it is (a schema of its own, so written where it is one read as meant); the schema itself where
 * nothing changes.
 */
export function withoutMarkedFields(schema: unknown, reading: Reading, document: Json): unknown {
  const flag = reading === "request" ? "readOnly" : "writeOnly";
  const strip = (value: unknown, depth: number): unknown => {
    if (!isObject(value) || typeof value.$ref === "string" || depth > 64) return value;
    const marked = markedFields(value, flag, document, new Set());
    let out: Json | undefined;
    const edit = () => (out ??= { ...value });
    if (isObject(value.properties)) {
      const properties: Json = {};
      let changed = false;
      for (const [name, field] of Object.entries(value.properties)) {
        if (marked.has(name)) {
          changed = true;
          continue;
        }
        properties[name] = strip(field, depth + 1);
        changed ||= properties[name] !== field;
      }
      if (changed) edit().properties = properties;
    }
    if (Array.isArray(value.required) && value.required.some((name) => marked.has(String(name)))) {
      const kept = value.required.filter((name) => !marked.has(String(name)));
      if (kept.length) edit().required = kept;
      else delete edit().required;
    }
    if (value.items !== undefined) {
      const items = strip(value.items, depth + 1);
      if (items !== value.items) edit().items = items;
    }
    if (Array.isArray(value.allOf)) {
      const members = value.allOf.map((m) => strip(m, depth + 1));
      if (members.some((m, i) => m !== (value.allOf as unknown[])[i])) edit().allOf = members;
    }
    return out ?? value;
  };
  return strip(schema, 0);
}

/** The fields `schema` or its `allOf` members (through `$ref`s, each once: `seen`) declare marked with `flag`. */
function markedFields(schema: unknown, flag: "readOnly" | "writeOnly", document: Json, seen: Set<object>): Set<string> {
  const names = new Set<string>();
  const s = followLocalRefs(document, schema);
  if (!isObject(s) || seen.has(s)) return names;
  seen.add(s);
  if (isObject(s.properties))
    for (const [name, field] of Object.entries(s.properties)) if (markedOnly(document, field, flag)) names.add(name);
  if (Array.isArray(s.allOf))
    for (const member of s.allOf) for (const name of markedFields(member, flag, document, seen)) names.add(name);
  return names;
}

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
