// What a draft says of a form body's field that form style, exploded (OpenAPI's
// default for a form field), has no form for: a list of objects or of lists, or
// an object holding a list or an object. RFC 6570's form style defines one
// level; the runtime sends such a value in bracket form with indexes
// (`widgets[0][id]=1&widgets[0][position]=2`, `meta[tags][0]=a`), the way PHP's
// $_POST, Rails (Rack) and qs read a nested form, which the request judge and
// the mock read back (judge/spread-form-objects.ts). The note says so, and how
// to send the field otherwise where the upstream reads another form.
import { formExploded, listInBrackets } from "../../../judge/spread-form-objects.js";
import { itemSchema, propertySchema, resolved, shapesOf } from "../../../judge/text-values.js";
import type { OpenApiDocument, OpenApiRequestBody, Schema } from "../../../load/openapi-document.js";

/** The review note of a form body's field sent in bracket form, or undefined (another field, another body). */
export function bracketFormNote(
  doc: OpenApiDocument,
  body: OpenApiRequestBody,
  field: string,
  schema: Schema,
): string | undefined {
  if (body.encoding !== "form") return undefined;
  const e = Object.hasOwn(body.fields, field) ? body.fields[field] : undefined;
  if (!formExploded(e)) return undefined;
  const data = doc.source.data;
  const inner = listInBrackets(e, data, schema)
    ? `[0][${firstKey(data, itemSchema(data, schema)) ?? "0"}]`
    : objectHoldingStructure(data, schema);
  if (inner === undefined) return undefined;
  const shown = `${field}${inner}=…`;
  return (
    `${field} nests deeper than form style (OpenAPI's default for a form field) defines: it is sent in bracket ` +
    `form with indexes (${shown}), as PHP, Rails and qs read a nested form; if the upstream reads another form, ` +
    "give the field an encoding in openapi.yaml (contentType application/json: one JSON text; style deepObject)"
  );
}

/** For an object holding a list or an object: the brackets of the first such field (`[tags][0]`), else undefined. */
function objectHoldingStructure(data: unknown, schema: Schema): string | undefined {
  const own = shapesOf(data, schema);
  if (!own.includes("object") || own.includes("array")) return undefined;
  for (const key of Object.keys(resolvedProperties(data, schema) ?? {})) {
    const fieldSchema = propertySchema(data, schema, key);
    const shapes = shapesOf(data, fieldSchema);
    if (shapes.includes("primitive")) continue;
    if (shapes.includes("array")) return `[${key}][0]`;
    return `[${key}][${firstKey(data, fieldSchema) ?? "…"}]`;
  }
  return undefined;
}

/** The first field an object's schema lists, when it lists one. */
function firstKey(data: unknown, schema: unknown): string | undefined {
  const properties = resolvedProperties(data, schema);
  return properties ? Object.keys(properties)[0] : undefined;
}

function resolvedProperties(data: unknown, schema: unknown): Record<string, unknown> | undefined {
  const node = resolved(data, schema);
  return node.properties !== null && typeof node.properties === "object"
    ? (node.properties as Record<string, unknown>)
    : undefined;
}
