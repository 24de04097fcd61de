// The record an error answer declared under no JSON type carries, read from the type it is declared under: the
// record a mock serves as JSON and a client reads as one; the shapes of a union of errors; an RFC 9457 problem's
// places.
import { valueAt } from "../../../load/json-ref.js";
import { isStructuredSchema } from "../../../load/media-types.js";
import { type OpenApiDocument, type OpenApiOperation, type Schema, typeOf } from "../../../load/openapi-document.js";

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

// Where an RFC 9457 problem keeps its code and message, for errors.ts: an error answer declared as
// `application/problem+json` (or a vendor's `…+problem+json`), or a JSON one whose schema holds the problem's members
// alone. Read by the usual places only, its message was drafted from `detail` and its code from nowhere: the problem's
// `type` URI, its primary identifier (RFC 9457 §3.1.1), was lost, and `title`, which says what went wrong where there
// is no detail (the runtime gives the first of either list that the answer holds).

/** An RFC 9457 problem's media type (as link/operation/operation.ts reads it). */
const PROBLEM_JSON = /\bproblem\+json\b/i;
/** The members RFC 9457 defines (§3.1). */
const PROBLEM_MEMBERS = new Set(["type", "title", "status", "detail", "instance"]);
const places = (kind: "code" | "message", list: readonly string[]) =>
  list.map((p) => [kind, p] as [typeof kind, string]);
const [TYPE, TITLE, DETAIL] = ["$response.body#/type", "$response.body#/title", "$response.body#/detail"] as const;

/** The places of a problem's message and code, each best first; none for an answer that is no problem. */
export function problemPlaces(
  doc: OpenApiDocument,
  mediaType: string | undefined,
  flat: Schema | undefined,
): ["code" | "message", string][] {
  const typed = PROBLEM_JSON.test(mediaType ?? "");
  if (typeOf(flat ?? {}) === "array") return [];
  const members = Object.keys((flat?.properties ?? {}) as Record<string, unknown>);
  // A problem type whose schema names no member (or none at all): the members RFC 9457 gives every problem.
  if (typed && !members.length) return [...places("message", [DETAIL, TITLE]), ...places("code", [TYPE, TITLE])];
  const text = (name: string) =>
    members.includes(name) && flat !== undefined && typeOf(doc.schemaAt(flat, [name]) ?? {}) === "string";
  // Under the problem type, its extension members aside; under plain JSON, the problem's members only, its type and
  // a text saying what went wrong among them (`{type, message}` is some other error's).
  const problem = typed
    ? text("type") || text("title") || text("detail")
    : members.every((m) => PROBLEM_MEMBERS.has(m)) && text("type") && (text("title") || text("detail"));
  if (!problem) return [];
  const at = (names: string[]) => names.filter(text).map((name) => `$response.body#/${name}`);
  return [...places("message", at(["detail", "title"])), ...places("code", at(["type", "title"]))];
}
