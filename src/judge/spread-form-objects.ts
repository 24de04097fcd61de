// A form body's object field written in form style, exploded (OpenAPI's default for a form field, and what the
// runtime sends for an object of plain values): its own fields travel as the body's pairs under no name of its own
// (`recording: {url: "u"}` is `url=u`), and an empty object as no pair at all (RFC 6570: an empty object is
// undefined). Read back: the pairs whose names no field of the body declares are that field's (its declared fields',
// else the one open object's), and a required one that got no pair is the empty object, which a form cannot tell
// from none. The mock's Prism reads none of them (mock-form-bodies.ts).
import type { RawPair } from "./query-read.js";
import { itemSchema, objectOf, propertySchema, resolved, shapesOf } from "./text-values.js";
import { decoded } from "./uri-text.js";
import type { Node } from "./operations.js";

interface Encoding {
  contentType?: string;
  style?: string;
  explode?: boolean;
  allowReserved?: boolean;
}

/** Whether a form field is written as its fields' own pairs: form style, exploded, and objects only. */
export function spreadsAsPairs(e: Encoding | undefined, data: unknown, fieldSchema: unknown): boolean {
  if (!formExploded(e)) return false;
  const shapes = shapesOf(data, fieldSchema);
  return shapes.length === 1 && shapes[0] === "object";
}

/**
 * Whether a form field in form style, exploded (OpenAPI's default), is a list whose items are objects or lists: form
 * style has no form for such an item (RFC 6570 defines one level), and the one way servers read one (PHP's $_POST,
 * Rack, qs) is bracket form with indexes, `widgets[0][id]=1&widgets[0][position]=2`, which the runtime sends. The
 * judge reads it so (form-fields.ts); the mock's Prism, which reads no brackets, is not asked for it
 * (mock-form-bodies.ts).
 */
export function listInBrackets(e: Encoding | undefined, data: unknown, fieldSchema: unknown): boolean {
  if (!formExploded(e) || !shapesOf(data, fieldSchema).includes("array")) return false;
  const items = shapesOf(data, itemSchema(data, fieldSchema));
  return !items.includes("primitive");
}

/**
 * Whether a form field is written in form style, exploded: no content-based encoding (a `contentType` alone), no other
 * style, explode not false. Its pairs named `name[…]` are then bracket form (a list of objects, an object holding one).
 */
export function formExploded(e: Encoding | undefined): boolean {
  const byContent =
    typeof e?.contentType === "string" &&
    e.style === undefined &&
    e.explode === undefined &&
    e.allowReserved === undefined;
  return !byContent && (e?.style ?? "form") === "form" && e?.explode !== false;
}

/**
 * The values of the body's spread object fields (spreadsAsPairs) that no pair names: each with the pairs of
 * `byName` (the body's pairs by field name) it takes, which are taken out of `byName`; a required one without any, the
 * empty object.
 */
export function spreadObjects(
  byName: Map<string, RawPair[]>,
  encoding: (name: string) => Encoding | undefined,
  data: unknown,
  schema: Node,
): [string, unknown][] {
  const properties = (schema.properties ?? {}) as Node;
  const fields = Object.keys(properties).filter(
    (name) => !byName.has(name) && spreadsAsPairs(encoding(name), data, properties[name]),
  );
  if (!fields.length) return [];
  const taken = new Map<string, RawPair[]>(fields.map((f) => [f, []]));
  const open = fields.filter((f) => {
    const s = resolved(data, properties[f]);
    return s.properties === undefined && s.additionalProperties !== false;
  });
  for (const [name, pairs] of [...byName]) {
    if (propertySchema(data, schema, name, true) !== undefined || pairs.some((p) => p.name !== name)) continue;
    const owner =
      fields.find((f) => propertySchema(data, properties[f], name, true) !== undefined) ??
      (open.length === 1 ? open[0] : undefined);
    if (owner === undefined) continue;
    taken.get(owner)?.push(...pairs);
    byName.delete(name);
  }
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  return fields
    .filter((f) => (taken.get(f) ?? []).length > 0 || required.has(f))
    .map((f) => [
      f,
      objectOf(
        data,
        properties[f],
        (taken.get(f) ?? []).map((p) => [p.name, decoded(p.raw ?? "", true) ?? p.raw ?? ""]),
      ),
    ]);
}
