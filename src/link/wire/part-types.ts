// A multipart body's text parts the document gives a type of their own (OpenAPI's Encoding Object `contentType` on a
// field that is no file and no JSON: `text/markdown`, `text/csv`). RFC 7578 reads a part without a Content-Type as
// text/plain, so such a part must say its type: the request judge holds it to the document's.
import type { OpenApiRequestBody, Schema } from "../../load/openapi-document.js";
import { isJsonMediaType } from "../../load/openapi-document.js";
import { resolved, typesOf } from "../../load/schemas/json-types.js";
import { defaultPartType, partContentTypes } from "../../load/schemas/part-content-type.js";

/**
 * By field, the Content-Type of each part of a multipart body's text field whose encoding names one: a field of text
 * (a scalar, or a list of them: a part per item) with no style, explode or allowReserved (those make it a form's pairs,
 * OpenAPI 3.0.4/3.1.1 then ignoring contentType) and no JSON type (encodedFields writes those). Files take their type
 * from their parameter (files.ts); an object keeps its JSON part.
 */
export function multipartPartTypes(
  data: unknown,
  body: Pick<OpenApiRequestBody, "fields">,
  field: (name: string) => { schema: Schema | undefined; files: boolean },
): Record<string, string> {
  const types: Record<string, string> = {};
  for (const [name, encoding] of Object.entries(body.fields)) {
    if (encoding.style !== undefined || encoding.explode !== undefined || encoding.allowReserved !== undefined)
      continue;
    const { schema, files } = field(name);
    if (files || !schema) continue;
    // The record the request judge and the changes read too (load/schemas/part-content-type.ts): a type the encoding
    // names (the first that is no range: a range such as `text/*` names no type to send) for a part of text.
    const node = resolved(data, schema);
    const admitted = typesOf(data, node);
    const part = partContentTypes(encoding, node, admitted, (s) => resolved(data, s));
    const type = part.explicit ? part.types.find((t) => !t.includes("*")) : undefined;
    if (type === undefined || isJsonMediaType(type)) continue;
    const items =
      part.default.kind === "list" ? defaultPartType(resolved(data, node.items), typesOf(data, node.items)) : undefined;
    if (!admitted.size || part.default.kind === "json" || items?.kind === "json" || items?.kind === "list") continue;
    types[name] = type;
  }
  return types;
}
