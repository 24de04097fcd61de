// Where one shape of error answer keeps its message, by its schema: a usual place (usual-places.ts), a text field named
// as a message, a list's first message, the one text field, or the same inside an object the reply wraps the error
// in; last, a message nested deeper (deep-message.ts).
import { type OpenApiDocument, type Schema, typeOf } from "../../../load/openapi-document.js";
import { MESSAGE_KEY, MESSAGE_NAMES } from "../../../model/message-fields.js";
import { safeFlatten } from "../param-schema.js";
import { deepMessage, isText, messageName, NOT_A_MESSAGE } from "./deep-message.js";
import { type Texts, usualPlace, usualWithin } from "./usual-places.js";

type Json = Record<string, unknown>;

/** Where one shape of error answer keeps its message, by its schema. */
export function messagePlace(doc: OpenApiDocument, flat: Schema): string[] | undefined {
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

/**
 * A list of texts named as messages beside the message place found at the record's top (`{reason, error_messages:
 * [...]}`): a second place, read where the first is absent. A document's record may name both while an answer fills
 * one (a payment API's 400 carries `error_messages` alone): the message was then the status line's.
 */
export function messageListBeside(doc: OpenApiDocument, flat: Schema, place: readonly string[]): string[] | undefined {
  if (place.length !== 1 || typeOf(flat) !== "object") return undefined;
  for (const name of Object.keys((flat.properties ?? {}) as Json)) {
    if (name === place[0] || !/messages$|errors$/i.test(name) || typeOf(doc.schemaAt(flat, [name])) !== "array")
      continue;
    if (isText(doc.schemaAt(flat, [name, "0"]))) return [name, "0"];
  }
  return undefined;
}

/** A list of errors each keeping its message in a list of its own (`[{errors: [{error_message}]}]`): the first's. */
function firstItemPlace(doc: OpenApiDocument, flat: Schema): string[] | undefined {
  const item = typeOf(flat) === "array" ? doc.schemaAt(flat, ["0"]) : undefined;
  const inner = item && typeOf(item) === "object" ? safeFlatten(doc, item) : undefined;
  const place = inner && messagePlace(doc, inner);
  return place && ["0", ...place];
}

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
