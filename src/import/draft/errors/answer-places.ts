// The places one error answer keeps its message, code and request id in, read from its schema (schema-message.ts) and
// its examples (example-message.ts), an RFC 9457 problem's by its members (error-record.ts), each counted over the
// answers draft-errors.ts reads; and whether the API answers 2xx with `{ok: false}`.
import { type OpenApiDocument, type OpenApiOperation, type Schema, typeOf } from "../../../load/openapi-document.js";
import { namedCodeMembers, schemaMembers } from "../../../load/schemas/code-members.js";
import { safeFlatten } from "../param-schema.js";
import { fieldsExample } from "./deep-message.js";
import { errorShapes, problemPlaces } from "./error-record.js";
import { exampleMessage, isRecord, nestedPlace } from "./example-message.js";
import { messageListBeside, messagePlace } from "./schema-message.js";

/** The places the error answers keep their code, message and request id in, each counted over the answers. */
export interface ErrorPlaces {
  code: Map<string, number>;
  message: Map<string, number>;
  requestId: Map<string, number>;
  /** What a place that reads the errors of one field only says. */
  fieldNotes: Set<string>;
  /** Whether the API answers 2xx with `{ok: false}` when a call fails. */
  okFlag: boolean;
}

const count = (map: Map<string, number>, expression: string) => map.set(expression, (map.get(expression) ?? 0) + 1);

/** The places one error answer keeps its message, code and request id in, by its schema and its examples. */
export function countPlaces(
  doc: OpenApiDocument,
  response: OpenApiOperation["responses"][number],
  successFlat: Schema | undefined,
  places: ErrorPlaces,
): void {
  const flat = response.schema ? safeFlatten(doc, response.schema) : undefined;
  // An answer of several shapes (one error, or a list of them): the place in each, the first shape's first.
  const shapes = flat ? (errorShapes(doc, flat) ?? [flat]) : [];
  // Each shape's place, then a list of messages beside it (schema-message.ts messageListBeside).
  const placed = shapes.flatMap((shape) => {
    const place = messagePlace(doc, shape);
    const list = place && messageListBeside(doc, shape, place);
    return place ? [{ place, list }] : [];
  });
  const found = placed[0]?.place;
  const read = placed.flatMap(({ place, list }) => (list ? [place, list] : [place]));
  for (const place of new Set(read.map((p) => p.join("/")))) count(places.message, `$response.body#/${place}`);
  // Where the answer's own examples (its schema's too) keep it, when that is elsewhere (iQualify's schema says
  // error.details, its examples details), or when only an example shows the answer (no schema).
  // Where nothing else shows it, an example made of its fields' own (`error_messages: {example: {email: "…"}}`).
  const ofFields = found === undefined && flat?.example === undefined ? fieldsExample(flat) : undefined;
  const examples = [...Object.values(response.examples), ...(flat?.example !== undefined ? [flat.example] : [])];
  for (const example of [...examples, ...(ofFields && !examples.length ? [ofFields] : [])]) {
    // An example of another shape than its schema's (a list where the schema says an object) shows no place in the
    // answer.
    if (flat && !sameShape(typeOf(flat), example)) continue;
    const shown = exampleMessage(example) ?? nestedPlace(example, found);
    if (shown && shown.at.join("/") !== found?.join("/"))
      count(places.message, `$response.body#/${shown.at.join("/")}`);
    // A place under a field of the example's own data (errors by field: `{amount: […]}`, `{errors: {base: […]}}`)
    // holds only that field's errors.
    if (shown?.field)
      places.fieldNotes.add(
        `$response.body#/${shown.at.join("/")} reads the errors of ${shown.field} only, the field the example ` +
          "shows errors of: an error about another field is not read there (add a place for it, or keep the " +
          "message of the status)",
      );
  }
  // An RFC 9457 problem (error-record.ts): its detail, else title, the message; its type URI, else title, the code,
  // after a member named as a code (an extension's `code` says more than a type of about:blank) where it has a schema.
  const problem = problemPlaces(doc, response.mediaType, flat);
  for (const [kind, place] of problem) if (kind === "message" || !flat) count(places[kind], place);
  if (!flat) return;
  const field = (pointer: string[], type = "string") => typeOf(doc.schemaAt(flat, pointer) ?? {}) === type;
  // A member named as a code of its own kind, a text or a whole number (`error_code`, `grpc_code`): code-members.ts.
  const named = namedCodeMembers(schemaMembers(doc, flat));
  for (const pointer of [
    ["error", "code"],
    ["error", "type"],
    ["code"],
    ...named.map((n) => [n]),
    ["errors", "0", "code"],
    ["error"],
  ]) {
    if (pointer.length === 1 && pointer[0] === "error" && readsAsSentence(doc.schemaAt(flat, pointer), examples))
      continue;
    if (field(pointer) || named.includes(pointer.join("/"))) count(places.code, `$response.body#/${pointer.join("/")}`);
  }
  for (const [kind, place] of problem) if (kind === "code") count(places.code, place);
  for (const pointer of [["request_id"], ["requestId"], ["error", "request_id"]])
    if (field(pointer)) count(places.requestId, `$response.body#/${pointer.join("/")}`);
  // An API that answers 200 with {ok: false, error}: a success reply with a boolean `ok`, an error reply with one
  // too.
  if (successFlat && field(["ok"], "boolean") && typeOf(doc.schemaAt(successFlat, ["ok"]) ?? {}) === "boolean")
    places.okFlag = true;
}

/**
 * Whether a value is of the shape a schema's type says (an object, a list); any value fits a schema of another or no
 * type.
 */
function sameShape(type: string | undefined, value: unknown): boolean {
  if (type === "object") return isRecord(value);
  if (type === "array") return Array.isArray(value);
  return true;
}

/**
 * Whether a reply's `error` text is a message, not a code: its description calls it a message, or a value shown for it
 * (its schema's example, the answer's examples) is words apart (`"Failed to fetch: 404 Not Found"`); a code such as
 * `channel_not_found` is one word.
 */
function readsAsSentence(schema: Schema | undefined, answerExamples: unknown[]): boolean {
  if (typeof schema?.description === "string" && /\bmessage\b/i.test(schema.description)) return true;
  const shown = [
    schema?.example,
    ...(Array.isArray(schema?.examples) ? schema.examples : []),
    ...answerExamples.map((e) => (isRecord(e) ? (e as Record<string, unknown>).error : undefined)),
  ];
  return shown.some((v) => typeof v === "string" && /\S\s+\S/.test(v.trim()));
}
