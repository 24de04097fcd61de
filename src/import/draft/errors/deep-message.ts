// Which fields of an error answer's schema hold its message, by their names and types, and the message found deeper
// than the usual places: an answer that nests it in lists and objects of its own (a batch's answer, one error per
// failed item, each holding an error collection: `{errors: [{elementErrors: {errorMessages: ["…"]}}]}`).
import { type OpenApiDocument, type Schema, typeOf } from "../../../load/openapi-document.js";
import { MESSAGE_NAMES } from "../../../model/message-fields.js";

type Json = Record<string, unknown>;

/** Whether a field of an error answer's schema holds text: typed so, or untyped with a text example. */
export const isText = (schema: Schema | undefined) =>
  typeOf(schema) === "string" || (typeOf(schema) === undefined && typeof schema?.example === "string");

/** Names of fields that say what they hold is not the message: a code, a kind, an id, a time, an address. */
export const NOT_A_MESSAGE =
  /code|type|kind|status|(^|_|-)id$|Id$|request|trace|time|date|url|uri|link|href|documentation/i;

/**
 * Among text fields' names, the one that best says it is the message: of the best kind (MESSAGE_NAMES), one that also
 * says `error` first.
 */
export function messageName(names: readonly string[]): string | undefined {
  for (const kind of MESSAGE_NAMES) {
    const matching = names.filter((name) => kind.test(name));
    const best = matching.find((name) => /error/i.test(name)) ?? matching[0];
    if (best !== undefined) return best;
  }
  return undefined;
}

/**
 * A name that says the place holds errors or messages (`errors`, `elementErrors`, `errorMessages`, `fault`), or the
 * inputs refused (RFC 9457's `invalid-params`, `invalid`: a list of `{name, reason}`).
 */
const SAYS_ERROR = /err|message|msg|fault|problem|invalid/i;

/** How deep (segments) and how many objects the walk reads: an answer's schema may nest itself without end. */
const MOST_SEGMENTS = 8;
const MOST_HOLDERS = 200;

/**
 * The message of an error answer nested in lists and objects at any depth, where no usual place holds it. The rule:
 * breadth first (the shallowest message wins), each object's fields that say errors or messages walked before the
 * others, a list's first item standing for the list; in each object, a text field named as a message (messageName),
 * else a list of texts named as messages or errors (its first text). Only a place whose path says errors or messages
 * somewhere counts, so that a record the answer also carries (the items a batch did create) never gives its
 * `description` as the message.
 */
export function deepMessage(doc: OpenApiDocument, flat: Schema): string[] | undefined {
  let level: string[][] = [[]];
  let read = 0;
  while (level.length && read < MOST_HOLDERS) {
    const next: string[][] = [];
    for (const base of level) {
      if (++read > MOST_HOLDERS) break;
      const fields = Object.keys((doc.schemaAt(flat, base)?.properties ?? {}) as Json).sort(
        (a, b) => Number(SAYS_ERROR.test(b)) - Number(SAYS_ERROR.test(a)),
      );
      const saysError = (name: string) => [...base, name].some((segment) => SAYS_ERROR.test(segment));
      const at = (name: string, ...rest: string[]) => doc.schemaAt(flat, [...base, name, ...rest]);
      const named = messageName(fields.filter((f) => !NOT_A_MESSAGE.test(f) && saysError(f) && isText(at(f))));
      if (named !== undefined) return [...base, named];
      const listed = fields.find((f) => SAYS_ERROR.test(f) && typeOf(at(f)) === "array" && isText(at(f, "0")));
      if (listed !== undefined) return [...base, listed, "0"];
      if (base.length + 2 > MOST_SEGMENTS) continue;
      for (const f of fields) {
        const type = typeOf(at(f));
        if (type === "object") next.push([...base, f]);
        else if (type === "array" && typeOf(at(f, "0")) === "object") next.push([...base, f, "0"]);
      }
    }
    level = next;
  }
  return undefined;
}

/** Where an error answer's example keeps its message, and the field of its data whose errors alone are there. */
export interface ExampleMessage {
  at: string[];
  field?: string;
}

const isRecord = (value: unknown) => value !== null && typeof value === "object" && !Array.isArray(value);

/** The answer its top-level fields' examples make, where some have one (none: undefined). */
export function fieldsExample(flat: Schema | undefined): Json | undefined {
  const shown = Object.entries((flat?.properties ?? {}) as Record<string, Schema>).filter(
    ([, field]) => field?.example !== undefined,
  );
  return shown.length ? Object.fromEntries(shown.map(([name, field]) => [name, field.example])) : undefined;
}

/**
 * The first text of an answer that is errors by field and nothing else (`{email: ["…"]}`, each field of it a list
 * of texts, as validation errors are often keyed): its first field's, which holds that field's errors only.
 */
export function fieldListsText(example: unknown): ExampleMessage | undefined {
  if (!isRecord(example)) return undefined;
  const fields = Object.entries(example as Json);
  const texts = (value: unknown) =>
    Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === "string");
  const [first] = fields;
  return first && fields.every(([, value]) => texts(value)) ? { at: [first[0], "0"], field: first[0] } : undefined;
}

/**
 * The one text of an answer that holds one text and no other, at any depth through objects and lists, where no
 * name says it is the message: errors by field under the record they are of (`{document: {name: ["This field is
 * required."]}}`, as Django REST framework nests a serializer's), or a text nested in records named for what failed
 * (`{member: {exists: "…"}}`). Not one under a name saying a code, kind or id (NOT_A_MESSAGE). The field whose
 * errors alone are there: the list's name, or the record's the text is in.
 */
export function onlyText(example: unknown): ExampleMessage | undefined {
  const found: string[][] = [];
  const walk = (value: unknown, at: string[]) => {
    if (found.length > 1 || at.length > MOST_SEGMENTS) return;
    if (typeof value === "string") found.push(at);
    else if (Array.isArray(value)) for (const [i, item] of value.entries()) walk(item, [...at, String(i)]);
    else if (isRecord(value)) for (const [k, v] of Object.entries(value as Json)) walk(v, [...at, k]);
  };
  walk(example, []);
  const [at] = found;
  if (found.length !== 1 || !at?.length || at.some((k) => NOT_A_MESSAGE.test(k))) return undefined;
  const names = at.filter((k) => !/^\d+$/.test(k));
  const field = /^\d+$/.test(at.at(-1) ?? "") ? names.at(-1) : names.at(-2);
  return { at, ...(field ? { field } : {}) };
}
