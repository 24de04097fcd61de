// Where a drafted provider's error replies keep their code, message and request id (errors.code, errors.message,
// errors.requestId), and whether the API answers 2xx with `{ok: false}` (errors.failureWhen): read from the schemas and
// examples of the chosen operations' error answers (an RFC 9457 problem's by its members), most shared first.
import type { Manifest } from "../../load/precompiled/manifest-types.js";
import { type OpenApiDocument, type OpenApiOperation, type Schema, typeOf } from "../../load/openapi-document.js";
import { namedCodeMembers, schemaMembers } from "../../load/schemas/code-members.js";
import { operationRef } from "../../load/operation-index.js";
import { MESSAGE_KEY, MESSAGE_NAMES } from "../../model/message-fields.js";
import type { SelectedOperation } from "../cut/select-operations.js";
import type { ReviewNote } from "../manifest-yaml.js";
import {
  deepMessage,
  type ExampleMessage,
  fieldListsText,
  fieldsExample,
  isText,
  messageName,
  NOT_A_MESSAGE,
  onlyText,
} from "./deep-message.js";
import { errorShapes, problemPlaces, recordOfErrorAnswer } from "./error-record.js";
import { safeFlatten } from "./param-schema.js";

type Json = Record<string, unknown>;

/** The places the error answers keep their code, message and request id in, each counted over the answers. */
interface ErrorPlaces {
  code: Map<string, number>;
  message: Map<string, number>;
  requestId: Map<string, number>;
  /** What a place that reads the errors of one field only says. */
  fieldNotes: Set<string>;
  /** Whether the API answers 2xx with `{ok: false}` when a call fails. */
  okFlag: boolean;
}

const count = (map: Map<string, number>, expression: string) => map.set(expression, (map.get(expression) ?? 0) + 1);

/** Where the error replies keep their code and message, read from the error responses of the chosen operations. */
export function draftErrors(
  doc: OpenApiDocument,
  operations: readonly SelectedOperation[],
  notes: ReviewNote[],
): Manifest["errors"] {
  const places: ErrorPlaces = {
    code: new Map(),
    message: new Map(),
    requestId: new Map(),
    fieldNotes: new Set(),
    okFlag: false,
  };
  for (const chosen of operations) {
    const op = doc.operations.get(operationRef(chosen.method, chosen.path, chosen.operationId));
    if (!op) continue;
    const success = doc.bodyResponse(op);
    const successFlat = success ? safeFlatten(doc, success.schema) : undefined;
    for (const response of op.responses) {
      if (!/^([45]\d\d|[45]XX|default)$/.test(response.status)) continue;
      countPlaces(doc, recordOfErrorAnswer(doc, op, response), successFlat, places);
    }
  }
  const ranked = (map: Map<string, number>) => [...map.entries()].sort((a, b) => b[1] - a[1]).map(([e]) => e);
  let messages = ranked(places.message);
  if (!messages.length) {
    messages = ["$response.body#/message", "$response.body#/error/message", "$response.body#/error"];
    notes.push({
      at: ["errors", "message"],
      note: "the error replies of these operations have no schema saying where their message is: common places drafted",
    });
  } else
    notes.push({
      at: ["errors"],
      note: "read from the error replies' schemas and examples: check them against a real error",
    });
  for (const note of places.fieldNotes)
    if (messages.some((m) => note.startsWith(m))) notes.push({ at: ["errors", "message"], note });
  const codes = ranked(places.code).slice(0, 2);
  const out: Manifest["errors"] = {
    ...(codes.length ? { code: codes } : {}),
    message: messages,
    ...(places.requestId.size ? { requestId: ranked(places.requestId) } : {}),
  };
  if (places.okFlag) {
    out.failureWhen = [{ from: "$response.body#/ok", equals: false }];
    notes.push({
      at: ["errors", "failureWhen"],
      note:
        "the replies carry a boolean ok, and the error replies one too: the API answers 2xx with ok: false when a " +
        "call fails",
    });
  }
  return out;
}

/** The places one error answer keeps its message, code and request id in, by its schema and its examples. */
function countPlaces(
  doc: OpenApiDocument,
  response: OpenApiOperation["responses"][number],
  successFlat: Schema | undefined,
  places: ErrorPlaces,
): void {
  const flat = response.schema ? safeFlatten(doc, response.schema) : undefined;
  // An answer of several shapes (one error, or a list of them): the place in each, the first shape's first.
  const shapes = flat ? (errorShapes(doc, flat) ?? [flat]) : [];
  const inShapes = shapes.map((shape) => messagePlace(doc, shape)).filter((p): p is string[] => p !== undefined);
  const found = inShapes[0];
  for (const place of new Set(inShapes.map((p) => p.join("/")))) count(places.message, `$response.body#/${place}`);
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

/** Where one shape of error answer keeps its message, by its schema. */
function messagePlace(doc: OpenApiDocument, flat: Schema): string[] | undefined {
  // An answer that is a list of errors keeps the message where one error does, in its first item: [{error:
  // {message}}].
  return (
    usualPlace([], schemaTexts(doc, flat)) ??
    (typeOf(flat) === "array" ? usualPlace(["0"], schemaTexts(doc, flat)) : undefined) ??
    // A list of texts (`["Task not found"]`): its first.
    (typeOf(flat) === "array" && isText(doc.schemaAt(flat, ["0"])) ? ["0"] : undefined) ??
    namedMessage(doc, flat) ??
    firstItemPlace(doc, flat)
  );
}

/** A list of errors each keeping its message in a list of its own (`[{errors: [{error_message}]}]`): the first's. */
function firstItemPlace(doc: OpenApiDocument, flat: Schema): string[] | undefined {
  const item = typeOf(flat) === "array" ? doc.schemaAt(flat, ["0"]) : undefined;
  const inner = item && typeOf(item) === "object" ? safeFlatten(doc, item) : undefined;
  const place = inner && messagePlace(doc, inner);
  return place && ["0", ...place];
}

/**
 * Where error answers usually keep their message, best first: an errors list's first item's, or one errors object's
 * (SendGrid answers either).
 */
const MESSAGE_PLACES = [
  ["error", "message"],
  ["message"],
  // Beside a code in `error` (`{error: "invalid_format", errorDescription}`, OAuth's pair in any spelling): the text.
  ...[["error_description"], ["errorDescription"], ["error_message"], ["errorMessage"]],
  ["detail"],
  ["errors", "0", "message"],
  ["errors", "message"],
  ["errors", "0", "detail"],
  ["errors", "0", "reason"],
  ["errors", "0", "title"],
  ["title"],
  ["error"],
  ["errors"],
];

/**
 * A string field, at the top of the error reply, in its `error` object or in its first item (a list of errors),
 * whose name says it is the message (messageName), where none of the usual
 * places is one (`error_message`, `error-code-label`); else a list's first message or the one text
 * field; then such a field of another object the reply wraps the error in (`{data: {code, message}, success: false}`);
 * last, a message nested deeper in lists and objects (deepMessage).
 */
function namedMessage(doc: OpenApiDocument, flat: Schema): string[] | undefined {
  const named = (bases: string[][]) => {
    for (const base of bases) {
      const holder = doc.schemaAt(flat, base);
      const best = messageName(
        Object.keys((holder?.properties ?? {}) as Json).filter((name) => isText(doc.schemaAt(flat, [...base, name]))),
      );
      if (best !== undefined) return [...base, best];
    }
    return undefined;
  };
  const envelopes = Object.keys((flat.properties ?? {}) as Json).filter(
    (name) => name !== "error" && typeOf(doc.schemaAt(flat, [name])) === "object",
  );
  const wrapped = envelopes.map((name) => [name]);
  return (
    named([[], ["error"], ["0"]]) ??
    listedMessage(doc, flat) ??
    loneText(doc, flat) ??
    named(wrapped) ??
    usualWithin(wrapped, schemaTexts(doc, flat)) ??
    listedWithin(doc, flat, envelopes) ??
    loneWithinErrorEnvelope(doc, flat, envelopes) ??
    deepMessage(doc, flat)
  );
}

/**
 * The one text field of an object the reply wraps the error in, named as an error (`{fault: {faultString, detail:
 * {errorcode}}}`): a fault's text is its message whatever its name.
 */
function loneWithinErrorEnvelope(
  doc: OpenApiDocument,
  flat: Schema,
  envelopes: readonly string[],
): string[] | undefined {
  for (const name of envelopes.filter((e) => MESSAGE_KEY.test(e))) {
    const texts = Object.keys((doc.schemaAt(flat, [name])?.properties ?? {}) as Json).filter((field) =>
      isText(doc.schemaAt(flat, [name, field]) ?? {}),
    );
    if (texts.length === 1) return [name, texts[0] as string];
  }
  return undefined;
}

/** What a place of an error answer's schema holds, as usualPlace reads it: text, or a list of texts. */
function schemaTexts(doc: OpenApiDocument, flat: Schema): Texts {
  return {
    text: (pointer) => isText(doc.schemaAt(flat, pointer) ?? {}),
    lone: (pointer) => {
      const held = doc.schemaAt(flat, pointer);
      if (!held || typeOf(held) !== "object") return undefined;
      const texts = Object.keys((held.properties ?? {}) as Json).filter((field) =>
        isText(doc.schemaAt(flat, [...pointer, field]) ?? {}),
      );
      return texts.length === 1 ? texts[0] : undefined;
    },
    list: (pointer) =>
      typeOf(doc.schemaAt(flat, pointer) ?? {}) === "array" && isText(doc.schemaAt(flat, [...pointer, "0"]) ?? {}),
  };
}

/** Whether a place of an error answer holds text, or a list of texts. */
interface Texts {
  text(pointer: string[]): boolean;
  list(pointer: string[]): boolean;
  /** The one text field of an object there (`message: {lang, value}`), if that is what it holds. */
  lone?(pointer: string[]): string | undefined;
}

/**
 * The first usual place (MESSAGE_PLACES) under `base` that holds text, or a list of texts, whose first it is then
 * (`{errors: [{field, message: ["…"]}]}`).
 */
function usualPlace(base: readonly string[], texts: Texts): string[] | undefined {
  for (const pointer of MESSAGE_PLACES) {
    const at = [...base, ...pointer];
    if (texts.text(at)) return at;
    if (texts.list(at)) return [...at, "0"];
    // A message that is an object of one text (`message: {lang, value}`): that text.
    const lone = MESSAGE_NAMES[0]?.test(at.at(-1) ?? "") ? texts.lone?.(at) : undefined;
    if (lone !== undefined) return [...at, lone];
  }
  return undefined;
}

/** A usual place (MESSAGE_PLACES) inside an object the reply wraps the error in: `{header: {error: "…"}, body: {}}`. */
function usualWithin(envelopes: readonly string[][], texts: Texts): string[] | undefined {
  for (const base of envelopes) {
    const usual = usualPlace(base, texts);
    if (usual) return usual;
  }
  return undefined;
}

/**
 * A list's first message (listedMessage) inside an object the reply wraps the error in: `{fault: {errors:
 * [{description}], traceId}}`.
 */
function listedWithin(doc: OpenApiDocument, flat: Schema, envelopes: readonly string[]): string[] | undefined {
  for (const name of envelopes) {
    const inner = safeFlatten(doc, doc.schemaAt(flat, [name]) ?? {});
    const listed = inner && listedMessage(doc, inner);
    if (listed) return [name, ...listed];
    // An envelope named for errors with one list of texts, named for what they are about (`errors: {body: ["…"]}`).
    const [only, ...more] = /errors?$/i.test(name)
      ? Object.keys((inner?.properties ?? {}) as Json).filter((field) => schemaTexts(doc, flat).list([name, field]))
      : [];
    if (only !== undefined && !more.length) return [name, only, "0"];
  }
  return undefined;
}

/**
 * Where an error answer's example keeps its message: a usual place, else a text field named as one (at the top, in
 * `error`, in a list's first item, in another object it wraps the error in, or in the first item of a list of
 * objects it holds: `{amount: [{detail, summary}]}`, errors by field), else a list of texts, in the answer or in its
 * first item where the answer is a list (`[{errors: ["…"], status}]`, an answer per item of a batch), or its first
 * field's where the answer is all lists of texts by field (`{email: ["…"]}`), else its only text at any depth.
 */
function exampleMessage(example: unknown): ShownMessage | undefined {
  const at = (pointer: string[]) =>
    pointer.reduce<unknown>((v, k) => (v !== null && typeof v === "object" ? (v as Json)[k] : undefined), example);
  const texts: Texts = {
    text: (pointer) => typeof at(pointer) === "string",
    list: (pointer) => typeof at([...pointer, "0"]) === "string" && Array.isArray(at(pointer)),
  };
  const usual = usualPlace([], texts);
  if (usual) return { at: usual };
  const envelopes =
    example !== null && typeof example === "object" && !Array.isArray(example)
      ? Object.keys(example).filter((name) => name !== "error" && isRecord((example as Json)[name]))
      : [];
  const lists = isRecord(example)
    ? Object.keys(example as Json).filter(
        (name) => Array.isArray((example as Json)[name]) && isRecord(((example as Json)[name] as unknown[])[0]),
      )
    : [];
  for (const base of [[], ["error"], ["0"], ...envelopes.map((name) => [name]), ...lists.map((name) => [name, "0"])]) {
    const holder = at(base);
    if (holder === null || typeof holder !== "object" || Array.isArray(holder)) continue;
    const best = messageName(
      Object.keys(holder).filter((name) => typeof (holder as Json)[name] === "string" && !NOT_A_MESSAGE.test(name)),
    );
    // Under a list named for a field of the data (`{amount: [{detail}]}`), not one of errors: that field's errors only.
    const field = lists.includes(base[0] ?? "") && !/message|error/i.test(base[0] ?? "") ? base[0] : undefined;
    if (best !== undefined) return { at: [...base, best], ...(field ? { field } : {}) };
  }
  // A usual place in an object the answer wraps the error in, or in the first item of a list of them (an answer per
  // item of a batch: `{items: [{errors: [{detail}], status}]}`).
  const wrapped = usualWithin([...envelopes.map((name) => [name]), ...lists.map((name) => [name, "0"])], texts);
  if (wrapped) return { at: wrapped };
  const listed = listedText(example) ?? fieldListsText(example) ?? onlyText(example);
  if (listed) return listed;
  // The answer a list (an answer per item of a batch): its first item's.
  const first = Array.isArray(example) ? listedText(example[0]) : undefined;
  return first && { ...first, at: ["0", ...first.at] };
}

/**
 * The schema's place of the message in the first item of a list the example holds, where the example has no text at
 * that place itself: problems nested in a problem (`{name, problems: [{name, title}]}`, RFC 9457's `title` in each).
 */
function nestedPlace(example: unknown, found: readonly string[] | undefined): ShownMessage | undefined {
  const textAt = (value: unknown, pointer: readonly string[]) =>
    typeof pointer.reduce<unknown>((v, k) => (isRecord(v) ? (v as Json)[k] : undefined), value) === "string";
  if (!found?.length || !isRecord(example) || textAt(example, found)) return undefined;
  const list = Object.entries(example as Json).find(([, v]) => Array.isArray(v) && textAt(v[0], found));
  return list && { at: [list[0], "0", ...found] };
}

type ShownMessage = ExampleMessage;

/**
 * The first text of a list of texts where the answer keeps its messages as lists: at the top, a list whose name says
 * messages or errors (`{errors: ["…"]}`); or in an object of such lists by field, named so (`{errors: {base: ["…"]}}`,
 * as Rails answers), its first list's; or of texts by field, named so, its first text.
 */
function listedText(example: unknown): ShownMessage | undefined {
  if (!isRecord(example)) return undefined;
  const saysMessages = (name: string) => /message|error/i.test(name);
  const texts = (value: unknown) => Array.isArray(value) && typeof value[0] === "string";
  for (const [name, value] of Object.entries(example as Json)) {
    if (!saysMessages(name)) continue;
    if (texts(value)) return { at: [name, "0"] };
    if (!isRecord(value)) continue;
    const list = Object.entries(value as Json).find(([, items]) => texts(items));
    if (list) return { at: [name, list[0], "0"], field: list[0] };
    // Texts by field (`{error_messages: {email: "…"}}`): the first field's, none of them named as a code or a kind.
    const byField = Object.entries(value as Json);
    const [first] = byField;
    if (first && byField.every(([field, text]) => typeof text === "string" && !NOT_A_MESSAGE.test(field)))
      return { at: [name, first[0]], field: first[0] };
  }
  return undefined;
}

const isRecord = (value: unknown) => value !== null && typeof value === "object" && !Array.isArray(value);

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
 * The one text field at the top of the error reply, where nothing names the message: `{status, err}` (the rest say they
 * are no message, or are no text).
 */
function loneText(doc: OpenApiDocument, flat: Schema): string[] | undefined {
  const texts = Object.keys((flat.properties ?? {}) as Json).filter(
    (name) => isText(doc.schemaAt(flat, [name])) && !NOT_A_MESSAGE.test(name),
  );
  return texts.length === 1 ? texts : undefined;
}

/**
 * The first message of a list at the top of the error reply, where no text
 * field is one: a list of texts whose name says messages or errors
 * (`errorMessages/0`), or a list of objects whose items name their message
 * (`detail/0/msg`, a validation error's list).
 */
function listedMessage(doc: OpenApiDocument, flat: Schema): string[] | undefined {
  for (const name of Object.keys((flat.properties ?? {}) as Json)) {
    if (typeOf(doc.schemaAt(flat, [name])) !== "array") continue;
    const item = doc.schemaAt(flat, [name, "0"]);
    if (isText(item) && /message|error/i.test(name)) return [name, "0"];
    if (typeOf(item) !== "object") continue;
    const texts = Object.keys((item?.properties ?? {}) as Json).filter((field) =>
      isText(doc.schemaAt(flat, [name, "0", field])),
    );
    // In a list named as messages or errors (`tppMessages: [{category, code, text}]`, `errors: [{errorCode,
    // description}]`), its items' text field of any message name, else a code that says it is the reason
    // (`Errors: {Error: [{ReasonCode, Source}]}`: what went wrong, better than the status line); else one named
    // message.
    const field = /message|error/i.test(name)
      ? (messageName(texts.filter((f) => !NOT_A_MESSAGE.test(f))) ?? texts.find((f) => /reason/i.test(f)))
      : texts.find((f) => MESSAGE_NAMES[0]?.test(f));
    if (field !== undefined) return [name, "0", field];
  }
  return undefined;
}
