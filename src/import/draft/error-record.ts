// The record an error answer declared under no JSON type carries, read from the type it is declared under: the
// record a mock serves as JSON and a client reads as one.
import { valueAt } from "../../load/json-ref.js";
import { isStructuredSchema } from "../../load/media-types.js";
import type { OpenApiDocument, OpenApiOperation, Schema } from "../../load/openapi-document.js";

type Json = Record<string, unknown>;
type Response = OpenApiOperation["responses"][number];

/** An XML media type, parameters aside: `application/xml; charset=utf-8`, `application/atom+xml`. */
const XML_TYPE = /^[^/;]+\/([^;]*\+)?xml\s*(;|$)/i;

/**
 * An error answer with no JSON type, read by the schema and examples of the type it is declared under: its XML type
 * (`application/xml; charset=utf-8`, `<status code="…"><summary>`), else the first type whose schema is a structure
 * (a vendor type, `application/vnd.zq.error`, of a problem record `{code, detail}`). A mock serves either as JSON, and
 * the runtime reads it so; read by its JSON type alone such an answer showed no place, and the places drafted from
 * the other answers (or the common ones) found no message in it.
 */
export function recordOfErrorAnswer(doc: OpenApiDocument, op: OpenApiOperation, response: Response): Response {
  if (response.mediaType !== undefined) return response;
  const raw = valueAt(doc.source.data, [...op.location, "responses", response.status]);
  const content = raw && typeof raw === "object" ? (doc.resolve(raw as Schema).content as Json | undefined) : undefined;
  const typed = (type: string) => doc.resolve((content as Json)[type] as Schema);
  const types = Object.keys(content ?? {});
  const type =
    types.find((t) => XML_TYPE.test(t.trim())) ??
    types.find((t) => {
      const schema = typed(t)?.schema;
      return schema !== undefined && isStructuredSchema(doc.resolve(schema as Schema));
    });
  const media = type ? typed(type) : undefined;
  if (!media) return response;
  const examples: Json = media.example !== undefined ? { default: media.example } : {};
  for (const [name, example] of Object.entries((media.examples ?? {}) as Json))
    examples[name] = doc.resolve(example as Schema).value;
  return { ...response, ...(media.schema ? { schema: doc.resolve(media.schema as Schema) } : {}), examples };
}

/**
 * The shapes of an error answer that is a union of them and nothing else (`oneOf: [Error, {type: array, items:
 * Error}]`: one error, or a list of them), each flattened; none where it is one shape. Read as one, the union showed
 * no place, and the common places drafted found no message in either shape.
 */
export function errorShapes(doc: OpenApiDocument, flat: Schema): Schema[] | undefined {
  const union = (flat.oneOf ?? flat.anyOf) as Schema[] | undefined;
  if (!Array.isArray(union) || flat.properties !== undefined || flat.items !== undefined) return undefined;
  const shapes = union.flatMap((branch) => {
    try {
      return [doc.flatten(branch)];
    } catch {
      return [];
    }
  });
  return shapes.length ? shapes : undefined;
}
