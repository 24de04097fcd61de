// A manifest parameter for a value of a schema: its type, description, limits, format, default and example as the
// spec gives them (and limits its words state: prose/), each guess and each thing a manifest cannot
// state said in a review note (params.ts and request-body.ts place it on the wire).
import { checkValue, isAbsent, isValueFormat, type ParamSpec } from "@blockwright/runtime/internal";
import type { ManifestParam } from "../../load/precompiled/manifest-types.js";
import { FILLED_BY_FETCH } from "../../load/ignored-headers.js";
import { wholeNumberRange } from "../../load/examples/schema-lookup.js";
import { schemaPlace, sentName, unionShapes } from "../../link/param-limits/schema-place.js";
import { typeOf, valuesType, type OpenApiDocument, type Schema } from "../../load/openapi-document.js";
import { booleanEnum } from "../../load/text-enum.js";
import type { ReviewNote } from "../manifest-yaml.js";
import { plainText, shortText } from "../plain-text.js";
import { unsafeIntegerAt } from "../../model/safe-integers.js";
import { heldTo, loneBranch } from "./body-rules.js";
import { anyValueFormsOf, formsOf, innerBranches, numberLimits, oneItemListsEnum, stringLimits } from "./limits.js";
import { listedValues } from "../../load/schemas/listed-values.js";
import { exampleDefault } from "./required-defaults/example-default.js";
import { withProseLimits } from "./prose/limit-words.js";
import { withWordedValues } from "./prose/value-words.js";
import { withFormat } from "./formats/draft-format.js";
import { noteTextItems } from "./secrets/text-lists.js";
import { namesSecret } from "../../load/schemas/secrets/secret-names.js";
import { readAsWritten, type WrittenPlace } from "./written-values/written-values.js";
import { notTemplateVariable } from "./written-values/template-variable.js";

type Path = (string | number)[];

/** Descriptions are kept to this many characters (the spec has the whole text). */
export const DESCRIPTION_LENGTH = 600;

/** A value to draft as a parameter: its name, where it goes, whether it is required, what the spec says of it. */
export interface FieldInput {
  name: string;
  place: "path" | "query" | "header" | "cookie" | "body";
  /** The name it is sent under, where that is not `name` (a header's). */
  sentAs?: string;
  /** A field of a form or multipart body, whose value goes as text: one the spec gives no type is a string. */
  text?: boolean;
  required: boolean;
  /** The parameter's own description and example (a field's are its schema's). */
  description?: unknown;
  example?: unknown;
  deprecated?: unknown;
  at: Path;
  /** A parameter's `style` and `explode`, by which a default or example written as its text is read. */
  written?: WrittenPlace["written"];
}

/** A manifest parameter (without its wire placement) for a value of `schema`. */
export function fromSchema(
  doc: OpenApiDocument,
  schema: Schema,
  input: FieldInput,
  notes: ReviewNote[],
): ManifestParam | undefined {
  const note = (text: string) => notes.push({ at: input.at, note: text });
  const whole = safeFlatten(doc, schema);
  // A union of one branch (`oneOf: [$ref X]`) is X, whose limits then hold.
  const flat = loneBranch(doc, withoutNullBranch(doc, whole));
  const union = (whole?.anyOf ?? whole?.oneOf) as Schema[] | undefined;
  if (flat !== whole && Array.isArray(union) && union.some((b) => onlyEmptyText(safeFlatten(doc, b)))) {
    note(
      'the spec also allows "" (to clear the value, in some APIs), which the runtime treats as no value and never ' +
        "sends: drafted as the other form",
    );
  }
  if (!flat) {
    note(`the schema of ${input.name} names a $ref the document does not have: not drafted`);
    return undefined;
  }
  // Markup alone (`<p/>`) says nothing: plain, it is empty, which a manifest refuses.
  const says = (text: unknown): text is string => typeof text === "string" && plainText(text).trim() !== "";
  // A reference's own words (`{$ref: BankAccount, description: "The owner's account"}`: 3.1 reads them, and 3.0
  // documents write them as much) tell of this use of the schema, before the schema's own.
  const referenceWords = typeof schema.$ref === "string" ? schema.description : undefined;
  const described = says(input.description)
    ? input.description
    : says(referenceWords)
      ? referenceWords
      : says(flat.description)
        ? flat.description
        : says(flat.title)
          ? flat.title
          : "";
  // As the document names it (a body's `shipSymbol` drafted `bodyShipSymbol`).
  const documented = input.sentAs ?? input.name;
  const param: ManifestParam = {
    type: "string",
    description: described
      ? shortText(described, DESCRIPTION_LENGTH)
      : `The ${documented} ${input.place === "body" ? "field" : "parameter"}.`,
  };
  if (!described) note(`the spec describes ${documented} nowhere: write what it means`);
  if (input.required) param.required = true;
  if (!withType(doc, flat, input, param, note)) return undefined;
  withFormat(doc, flat, param, alternativesOf(flat), note, input, described);
  if (flat.deprecated === true || input.deprecated === true) note(`${input.name} is deprecated in the spec`);
  withDefaultAndExample(doc, flat, input, param, note);
  return withProseLimits(withWordedValues(param, described, input.name, note), described, input.name, note);
}

/** The branches of the schema's union (anyOf, else oneOf), if it is one. */
function alternativesOf(flat: Schema): Schema[] | undefined {
  return (Array.isArray(flat.anyOf) ? flat.anyOf : Array.isArray(flat.oneOf) ? flat.oneOf : undefined) as
    | Schema[]
    | undefined;
}

/**
 * The parameter's type and limits, from the schema's; false when no value of that type can be sent. A body field of no
 * type named as a secret is a text (a secret's form: keep-secret.ts then drafts it secret), not a value of any form.
 */
function withType(
  doc: OpenApiDocument,
  flat: Schema,
  input: FieldInput,
  param: ManifestParam,
  note: (text: string) => void,
): boolean {
  const t = typeOf(flat);
  // A branch that is a union of its own, read as its branches (limits.ts).
  const alternatives = innerBranches(doc, alternativesOf(flat));
  // Branches each of listed texts or numbers (3.1's `const` per value): their values, an enum (listed-values.ts).
  // Beside `type: string` too (kinds of place, each an enum of its own), their texts: read as a string, any was sent.
  const branches = t === undefined || t === "string" ? alternatives?.map((a) => safeFlatten(doc, a) ?? {}) : undefined;
  const listed = branches ? listedValues(branches, !flat.anyOf, t === "string") : undefined;
  // Forms of different kinds, or told apart by their limits (an id or a name): each kept, with its own (limits.ts).
  const forms = t === undefined && alternatives && !listed ? formsOf(doc, alternatives, note) : undefined;
  // An optional value whose one value is "" can never be sent (the runtime sends no empty text); a required one in
  // the query is an operation constant (one-value-constants.ts).
  if (!input.required && onlyEmptyText(flat)) {
    note(`the spec allows ${input.name} only "", which the runtime treats as no value and never sends: not drafted`);
    return false;
  }
  if (listed) {
    Object.assign(param, listed);
    const key = flat.anyOf ? "anyOf" : "oneOf";
    note(`the spec allows ${listed.enum.length} values, a branch each (${key}): drafted as an enum`);
  } else if (forms) {
    Object.assign(param, { type: "json", anyOf: forms });
    note(
      `the spec allows ${forms.map(formWords).join(" or ")} (${flat.anyOf ? "anyOf" : "oneOf"}): drafted as its ` +
        `${forms.length} forms (anyOf), each with its limits; a value meeting one is sent as it is`,
    );
  } else if (t === undefined && alternatives) {
    withUnionType(doc, flat, alternatives, param, note);
  } else if (t === "integer" || t === "number") {
    param.type = "number";
    // A number of an integer format (`type: number, format: int64`): validators (the mocks') take whole numbers only.
    if (t === "integer" || flat.format === "int32" || flat.format === "int64") param.integer = true;
    numberLimits(flat, param);
  } else if (t === "boolean") {
    param.type = "boolean";
    // The one value of the two its enum allows (`[true]`: a confirmation), stated as the link reads it; 3.1's
    // `const: false` too (an option the API offers only off), else random inputs sent the other, which it refuses.
    const allowed = booleanEnum(flat) ?? (typeof flat.const === "boolean" ? [flat.const] : undefined);
    if (allowed) param.enum = allowed;
  } else if (t === "array" && Array.isArray(flat.enum) && flat.enum.some(Array.isArray)) {
    // An enum of lists: stated as its items' when each is a list of one value, else not drafted (no manifest enum
    // holds a list).
    const lists = oneItemListsEnum(flat);
    if (!lists) {
      note(
        `the spec's enum of ${input.name} (${shortText(JSON.stringify(flat.enum), 80)}) lists lists, which a ` +
          "manifest cannot state (it states an enum of the items' values): not drafted",
      );
      return false;
    }
    Object.assign(param, { type: "json", jsonType: "array", minItems: 1, maxItems: 1, items: lists.items });
    note(lists.note);
  } else if ((t === "object" || t === "array") && Array.isArray(flat.enum)) {
    // `type: array` beside an enum of strings (meant for its items): no list is one of those values, so no value
    // passes. An enum of objects (`enum: [{}]`): no manifest enum holds one, and a json one without it links as looser.
    const noun = t === "array" ? "list" : "object";
    note(
      `the spec's enum of ${input.name} (${shortText(JSON.stringify(flat.enum), 80)}) ` +
        (flat.enum.some((v) => valuesType([v]) === t)
          ? "lists objects, which a manifest cannot state (it states an enum of texts, numbers or booleans): not " +
            "drafted"
          : `holds no ${noun}, which its type says it is: no value can be sent, not drafted (the spec may mean its ` +
            `${t === "array" ? "items'" : "fields'"} values)`),
    );
    return false;
  } else if (t === "object" || t === "array") {
    Object.assign(param, { type: "json", jsonType: t });
    if (t === "array" && flat.items) noteTextItems(safeFlatten(doc, flat.items as Schema), param);
    if (t === "array" && typeof flat.minItems === "number") param.minItems = flat.minItems;
    if (t === "array" && typeof flat.maxItems === "number") param.maxItems = flat.maxItems;
  } else if (t === "string") {
    stringLimits(flat, param, note);
  } else if (input.place === "body" && !input.text && namesSecret(input.name, flat.description)) {
    note(`${input.name} has no type in the spec, and its name says a secret: drafted as a string, a secret's form`);
  } else if (input.place === "body" && !input.text) {
    Object.assign(param, { type: "json", anyOf: anyValueFormsOf(flat, note) });
    note(`${input.name} has no type in the spec: drafted as json of any form (text, number, boolean, object, list)`);
  } else if (
    Array.isArray(flat.enum) &&
    flat.enum.some(isScalar) &&
    flat.enum.every((v) => v === null || isScalar(v))
  ) {
    // Values of several kinds (`[true, false, 0, 1]`) in text: the texts they are sent as, each one of them (a null
    // is no text: the field left out).
    param.enum = [...new Set(flat.enum.filter(isScalar).map(String))];
    note(
      `${input.name} has no type in the spec and its enum mixes kinds (${shortText(JSON.stringify(flat.enum), 60)}): ` +
        "drafted as a string of their texts, as they are sent",
    );
  } else
    note(
      `${input.name} has no type in the spec: drafted as a string` +
        (input.text ? " (a form field's value is text)" : ""),
    );
  return true;
}

/**
 * The type of a parameter the schema's alternatives (anyOf/oneOf) give no type of their own, the richest they allow,
 * and the limits of a string among them.
 */
function withUnionType(
  doc: OpenApiDocument,
  flat: Schema,
  alternatives: Schema[],
  param: ManifestParam,
  note: (text: string) => void,
): void {
  // The richest shape the alternatives allow (KINDS' order): an object, a list, else text (which also carries a
  // number), a number, a boolean.
  const kinds = alternatives.map((a) => kindOf(doc, a));
  const richest = richestKind(kinds);
  if (richest === "object" || richest === "array") Object.assign(param, { type: "json", jsonType: richest });
  else if (richest === "string" || richest === "any") param.type = "string";
  else if (richest === "number" || richest === "integer")
    Object.assign(param, { type: "number", ...(kinds.every((k) => k === "integer") ? { integer: true } : {}) });
  else param.type = "boolean";
  // A string among them (an id beside an inline object; the first of several forms): its limits, which every value
  // the parameter then takes meets; without them a value may meet none of the forms.
  const strings = alternatives.map((a) => safeFlatten(doc, a) ?? {}).filter((a) => typeOf(a) === "string");
  const first = param.type === "string" ? strings[0] : undefined;
  if (first) {
    stringLimits(first, param, note);
    if (isValueFormat(first.format as string)) param.format = first.format as ManifestParam["format"];
  }
  // Objects of shapes the link records (schema-place.ts): a value is held to one, or to the one its tag names.
  const held = !first && param.jsonType === "object" ? unionShapes(doc, flat) : undefined;
  const limits = !first
    ? held
      ? `each value held before any request to ${heldTo(held)}`
      : "without the limits of any one of them"
    : strings.length === 1 || strings.every((s) => JSON.stringify(s) === JSON.stringify(first))
      ? `with the limits of ${strings.length === 1 ? "the string one" : `its ${strings.length} string forms, alike`}`
      : `with the limits of the first string form (the other ${strings.length - 1} need a wider pattern)`;
  // Each named where the spec names it (a component, a title): "object or object" tells a reviewer nothing.
  const named = alternatives.map((a, i) =>
    [kinds[i], typeof a.$ref === "string" ? a.$ref.slice(a.$ref.lastIndexOf("/") + 1) : safeFlatten(doc, a)?.title]
      .filter((w) => typeof w === "string" && w)
      .join(" "),
  );
  const listed = named.length > 6 ? [...named.slice(0, 5), `${named.length - 5} more`] : named;
  note(
    `the spec allows ${listed.join(" or ")} (${flat.anyOf ? "anyOf" : "oneOf"}): drafted as ` +
      `${param.jsonType ?? param.type}, ${limits}`,
  );
}

/** The kinds of value a union's branches take, richest first: what withUnionType drafts a union as. */
const KINDS = ["object", "array", "string", "any", "number", "integer", "boolean"];

/** The richest of the kinds, by KINDS' order; undefined when none is one of them (`null` alone). */
const richestKind = (kinds: readonly string[]) => KINDS.find((k) => kinds.includes(k));

/**
 * The kind of value a union's branch takes: its type; else, a union itself (`oneOf: [{oneOf: [...]}, ...]`, a
 * document's channels each a union of its messages), the richest of its own branches'; else an object where it names
 * fields, a list where it names items. A nested union read as no type drafted a body of objects as text.
 */
function kindOf(doc: OpenApiDocument, schema: Schema, depth = 0): string {
  const flat = safeFlatten(doc, schema) ?? {};
  const t = typeOf(flat);
  if (t !== undefined) return t;
  const inner = depth < 4 ? alternativesOf(flat) : undefined;
  if (inner?.length) return richestKind(inner.map((b) => kindOf(doc, b, depth + 1))) ?? "any";
  if (flat.properties !== undefined) return "object";
  if (flat.items !== undefined) return "array";
  return "any";
}

/** The spec's default and example, where they pass the drafted limits; the default a header fetch fills in. */
function withDefaultAndExample(
  doc: OpenApiDocument,
  flat: Schema,
  input: FieldInput,
  param: ManifestParam,
  note: (text: string) => void,
): void {
  const spec = withHeldLimits(doc, flat, asSpec(input.name, param, input.place));
  // A value past its whole-number format's range as the mocks read it (an int64 past 2^53) is no value a call sends.
  const range = wholeNumberRange(flat.format);
  const inRange = (value: unknown) => !range || typeof value !== "number" || (value >= range[0] && value <= range[1]);
  const fits = (value: unknown) =>
    (param.type === "json" || typeof value === param.type) &&
    "value" in checkValue(spec, value) &&
    !isAbsent(value) &&
    inRange(value);
  // A header fetch fills in when a request leaves it out (Accept-Language: *) never reaches the upstream absent.
  const sentAs = input.sentAs ?? input.name;
  const filled =
    input.place === "header" && Object.hasOwn(FILLED_BY_FETCH, sentAs.toLowerCase())
      ? FILLED_BY_FETCH[sentAs.toLowerCase()]
      : undefined;
  const items = flat.items && typeof flat.items === "object" ? safeFlatten(doc, flat.items as Schema) : undefined;
  const place = { ...input, enumItems: Array.isArray(items?.enum) };
  const read = (v: unknown, what: "default" | "example") =>
    readAsWritten(notTemplateVariable(v, what, note), place, param, fits, note, what);
  const given = read(flat.default, "default");
  const asked = input.required && fits(given) && exampleDefault(given, input, param, note);
  if (given !== undefined && !asked) {
    // The upstream's own default goes unsent; a value the upstream requires (an API version header) is sent, default
    // or not, and so is the default of a header fetch would otherwise send with a value of its own.
    if (fits(given))
      Object.assign(param, { default: given }, input.required || filled !== undefined ? {} : { sendDefault: false });
    else note(leftOut("default", given, "limits: left out"));
  } else if (filled !== undefined && !input.required && param.enum?.length && !param.enum.includes(filled)) {
    // Left out, it would go as fetch's value, which the spec's values do not include: the first of them is sent
    // instead.
    param.default = param.enum[0] as string;
    note(
      `fetch sends ${sentAs}: ${filled} when a call leaves it out, which is not one of the spec's values: drafted ` +
        `default ${JSON.stringify(param.default)} (the first), sent; set the one the upstream assumes`,
    );
  }
  const example = read(input.example ?? flat.example ?? (asked ? given : undefined), "example");
  const unsafe = example === undefined ? undefined : unsafeIntegerAt(example);
  if (unsafe !== undefined) note(unsafeIntegerNote(example, unsafe));
  else if (example !== undefined && fits(example)) param.example = example;
  else if (example !== undefined)
    note(
      leftOut(
        "example",
        example,
        inRange(example) ? "limits: left out" : `limits (${flat.format}: ${range?.join(" to ")}): left out`,
      ),
    );
}

/**
 * Why a spec's default or example is left out. Empty text (or spaces) is no value at all: a call giving it sends
 * nothing, as one leaving the parameter out does (the runtime's isAbsent), which the note says rather than blame
 * limits (a Swashbuckle document's `tags: {type: string, default: ""}`).
 */
function leftOut(what: "default" | "example", value: unknown, limits: string): string {
  const written = shortText(JSON.stringify(value) ?? String(value), 80);
  if (typeof value === "string" && isAbsent(value))
    return `the spec's ${what} ${written} is empty text, which a call sends as no value (as left out): left out`;
  return `the spec's ${what} ${written} does not pass the drafted ${limits}`;
}

/** Why an example holding a whole number beyond ±(2^53−1) (at `at`, a pointer into it) is left out. */
export function unsafeIntegerNote(example: unknown, at: string): string {
  return (
    `the spec's example ${shortText(JSON.stringify(example) ?? String(example), 80)} holds an integer beyond ` +
    `±(2^53−1)${at ? ` at ${at}` : ""}, which a JavaScript client holds rounded and cannot send exactly: no usable ` +
    "example, left out"
  );
}

/** A form as a note names it: `string`, `integer`, `array`. */
function formWords(form: NonNullable<ManifestParam["anyOf"]>[number]): string {
  if (form.type === "json") return form.jsonType ?? "json";
  return form.type === "number" && form.integer ? "integer" : form.type;
}

/**
 * A JSON parameter's spec with what the link reads of the document there (schema-place.ts): its items' or values'
 * limits, an object's own fields (those it must have too). Checked against the drafted parameter alone, a value (`[""]`
 * for a list of uuids, an example lacking a required field) passed here, and the link refused the draft (BW2009).
 */
function withHeldLimits(doc: OpenApiDocument, flat: Schema, spec: ParamSpec): ParamSpec {
  if (spec.type !== "json") return spec;
  const place = schemaPlace(doc, flat, flat);
  const { nested } = place.held(spec.jsonType, sentName(spec.wire, spec.name));
  const key = spec.jsonType === "array" ? "items" : "values";
  const object = spec.jsonType === "object" && !spec.anyOf ? place.object(sentName(spec.wire, spec.name)) : undefined;
  const held = { ...(nested ? { [key]: { ...nested, ...spec[key] } } : {}), ...(object ? { object } : {}) };
  return { ...spec, ...held } as ParamSpec;
}

/**
 * The manifest parameter as the runtime checks values against it, where it is sent: a header's (or a cookie's,
 * sent in one) value takes no line break, a path segment is never "." or ".." (an example the runtime would refuse
 * there is no example; generate names it as a problem); a body field as a body's (`[]` is a value there).
 */
function asSpec(name: string, p: ManifestParam, place: FieldInput["place"]): ParamSpec {
  const { wire: _wire, limitsFromSpec: _limits, ...rest } = p;
  const sent = place === "cookie" ? "header" : place;
  return {
    ...rest,
    name,
    title: name,
    required: Boolean(p.required),
    secret: false,
    visibility: "user-or-llm",
    wire: sent === "body" ? { in: sent } : { in: sent, name },
  } as ParamSpec;
}

/**
 * "S or null" (`anyOf: [S, {type: null}]`, OpenAPI 3.1's nullable) as S, the union's own keywords (its description,
 * default) kept: a parameter's absence stands for null, and S's type and limits are the parameter's.
 */
export function withoutNullBranch(doc: OpenApiDocument, flat: Schema | undefined): Schema | undefined {
  const key = Array.isArray(flat?.anyOf) ? "anyOf" : Array.isArray(flat?.oneOf) ? "oneOf" : undefined;
  if (!flat || !key) return flat;
  const branches = flat[key] as Schema[];
  const kept = branches.filter(
    (b) => typeOf(safeFlatten(doc, b) ?? {}) !== "null" && !onlyEmptyText(safeFlatten(doc, b)),
  );
  const only = kept.length === 1 && kept.length < branches.length ? safeFlatten(doc, kept[0] as Schema) : undefined;
  if (!only) return flat;
  const { [key]: _union, ...siblings } = flat;
  return { ...only, ...Object.fromEntries(Object.entries(siblings).filter(([, v]) => v !== undefined)) };
}

/**
 * A branch whose one value is "" (`enum: [""]`, `const: ""`, a text of `maxLength: 0`: an empty page token): in some
 * APIs, how a value is cleared, which the runtime never sends.
 */
function onlyEmptyText(branch: Schema | undefined): boolean {
  if (!branch) return false;
  if (branch.const === "" || (branch.maxLength === 0 && (branch.type ?? "string") === "string")) return true;
  return Array.isArray(branch.enum) && branch.enum.length === 1 && branch.enum[0] === "";
}

/** The schema with `$ref`s and allOf resolved, or undefined when a `$ref` names nothing. */
export function safeFlatten(doc: OpenApiDocument, schema: Schema): Schema | undefined {
  try {
    return doc.flatten(schema);
  } catch {
    return undefined;
  }
}

/** A value a text can spell: a string, a number or a boolean. */
function isScalar(value: unknown): boolean {
  return typeof value === "string" || typeof value === "number" || typeof value === "boolean";
}
