// A body field whose name is a pattern of names, not a name (`$ANY_BODY_PARAMS`: any field the caller sends is passed
// on): the body is an object open to other fields, which is what the document means. It was drafted as a field of
// that literal name, sent as written. Before the cut (a document step, document-steps.ts), such a field of a chosen
// operation's JSON or form body is taken out of `properties` (and `required`), and the object opened to other fields
// with its schema (`additionalProperties`), so that the draft's open body (draft/open-body/) carries them; said in the
// cut's header and a review note.
import type { SelectedOperation } from "./select-operations.js";

type Json = Record<string, unknown>;

/** A placeholder standing for any name: `$ANY_BODY_PARAMS`, `{field}`, `<field>`, `*`. */
const FIELD_PLACEHOLDER = /^(\$[A-Z][A-Z0-9_]*|\{[^{}]+\}|<[^<>]+>|\*)$/;
const object = (v: unknown): Json => (v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {});

/** The schema opened to other fields in place of its pattern-named ones; undefined where it names none. */
function opened(schema: Json): { schema: Json; fields: string[] } | undefined {
  const properties = object(schema.properties);
  const fields = Object.keys(properties).filter((n) => FIELD_PLACEHOLDER.test(n));
  if (!fields.length) return undefined;
  const schemas = fields.map((f) => JSON.stringify(properties[f] ?? {}));
  // One schema for the other fields: theirs where the pattern-named fields agree, any value where they differ.
  const others = new Set(schemas).size === 1 ? object(properties[fields[0] as string]) : {};
  const rest = Object.fromEntries(Object.entries(properties).filter(([n]) => !fields.includes(n)));
  const required = Array.isArray(schema.required) ? schema.required.filter((r) => !fields.includes(String(r))) : [];
  const { required: _was, ...kept } = schema;
  return {
    schema: { ...kept, properties: rest, ...(required.length ? { required } : {}), additionalProperties: others },
    fields,
  };
}

/**
 * The document with the chosen operations' pattern-named body fields read as the body's other fields (inline body
 * schemas and the component schemas they `$ref`; a shallow copy where anything changes), the note and what changed.
 */
export function withPatternNamedFieldsOpen(
  doc: Json,
  chosen: readonly SelectedOperation[],
): { document: Json; notes: string[]; added: string[] } {
  const paths: Record<string, unknown> = { ...object(doc.paths) };
  const schemas: Json = { ...object(object(doc.components).schemas) };
  const changed: string[] = [];
  const fieldsSeen = new Set<string>();
  let touchedSchemas = false;
  for (const c of chosen) {
    const item = object(paths[c.path]);
    const op = object(item[c.method]);
    const content = object(object(op.requestBody).content);
    let next: Json | undefined;
    for (const [media, entry] of Object.entries(content)) {
      const schema = object(object(entry).schema);
      const ref = typeof schema.$ref === "string" ? schema.$ref : "";
      const name = ref.startsWith("#/components/schemas/") ? ref.slice("#/components/schemas/".length) : undefined;
      const made = opened(name === undefined ? schema : object(schemas[name]));
      if (!made) continue;
      for (const f of made.fields) fieldsSeen.add(f);
      if (name !== undefined) {
        schemas[name] = made.schema;
        touchedSchemas = true;
        changed.push(`components.schemas.${name} (the body of ${c.method.toUpperCase()} ${c.path})`);
        continue;
      }
      next ??= { ...content };
      next[media] = { ...object(entry), schema: made.schema };
      changed.push(`the ${media} body of ${c.method.toUpperCase()} ${c.path}`);
    }
    if (next)
      paths[c.path] = { ...item, [c.method]: { ...op, requestBody: { ...object(op.requestBody), content: next } } };
  }
  if (!changed.length) return { document: doc, notes: [], added: [] };
  const fields = [...fieldsSeen].join(", ");
  return {
    document: {
      ...doc,
      paths,
      ...(touchedSchemas ? { components: { ...object(doc.components), schemas } } : {}),
    },
    added: [
      `${[...new Set(changed)].join(", ")}: field ${fields} read as the body's other fields (additionalProperties; ` +
        "a name that is a pattern: no request carries it as written)",
    ],
    notes: [
      `openapi.yaml's body field ${fields} is a name that is a pattern (a placeholder standing for any field), not ` +
        "one a request carries: drafted as the body's other fields (otherFields, sent beside the named ones; the " +
        "whole body as one object where it names no other)",
    ],
  };
}
