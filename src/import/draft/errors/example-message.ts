// Where an error answer's example keeps its message: a usual place (usual-places.ts), a text field named as one, a
// list of texts, or the one text at any depth (deep-message.ts); and the schema's place inside a list the example
// holds (problems nested in a problem).
import { type ExampleMessage, fieldListsText, messageName, NOT_A_MESSAGE, onlyText } from "./deep-message.js";
import { type Texts, usualPlace, usualWithin } from "./usual-places.js";

type Json = Record<string, unknown>;

/**
 * Where an error answer's example keeps its message: a usual place, else a text field named as one (at the top, in
 * `error`, in a list's first item, in another object it wraps the error in, in the first item of a list of
 * objects it holds: `{amount: [{detail, summary}]}`, errors by field, or in a record inside `error`), else a list of
 * texts, in the answer or in its first item where the answer is a list (`[{errors: ["…"], status}]`, an answer per
 * item of a batch), or its first field's where the answer is all lists of texts by field (`{email: ["…"]}`), else its
 * only text at any depth.
 */
export function exampleMessage(example: unknown): ShownMessage | undefined {
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
  // The records inside `error` too (`{error: {code, dependencyError: {errorMessage}}}`: a failure passed on from a
  // service behind the API), after the answer's own.
  const error = at(["error"]);
  const inError = isRecord(error)
    ? Object.keys(error as Json)
        .filter((name) => isRecord((error as Json)[name]))
        .map((name) => ["error", name])
    : [];
  const bases = [[], ["error"], ["0"], ...envelopes.map((name) => [name]), ...lists.map((name) => [name, "0"])];
  for (const base of [...bases, ...inError]) {
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
export function nestedPlace(example: unknown, found: readonly string[] | undefined): ShownMessage | undefined {
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

export const isRecord = (value: unknown) => value !== null && typeof value === "object" && !Array.isArray(value);
