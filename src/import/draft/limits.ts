// The limits of a drafted string or number parameter, read from its schema:
// lengths, a pattern ECMAScript can compile, bounds (a number's exclusive one
// as it is, an integer's as the whole number inside it), and the enum values of the parameter's type; and the
// forms of a value the document allows several of (`anyOf`), each with its own.
import type { ManifestParam } from "../../load/precompiled/manifest-types.js";
import { type OpenApiDocument, type Schema, typeOf } from "../../load/openapi-document.js";
import { bracesReadAsText, readPattern } from "../../load/load-rewrites.js";
import { writesInlineFlags } from "../../common/case-insensitive-pattern.js";
import { isEnumOfLabels, withTextEnum, withValueEnum } from "../../load/text-enum.js";
import { knownValuesOf } from "../../load/schemas/known-values.js";
import { valueFormatOf } from "../../model/format-aliases.js";
import { specBounds } from "../../link/param-limits/spec-bounds.js";

/** Why a pattern does not compile as JSON Schema's patterns do (Unicode). */
function unicodeProblem(pattern: string): string {
  try {
    new RegExp(pattern, "u");
    return "unknown";
  } catch (e) {
    return (e as Error).message;
  }
}

export function stringLimits(s: Schema, param: ManifestParam, note: (text: string) => void): void {
  if (typeof s.minLength === "number") param.minLength = s.minLength;
  if (typeof s.maxLength === "number") param.maxLength = s.maxLength;
  if (typeof s.pattern === "string") {
    // As the link reads it (load-rewrites.ts): between its slashes, without identity escapes.
    const read = readPattern(s.pattern);
    if (read !== undefined) param.pattern = read;
    const braces = read === undefined ? [] : bracesReadAsText(s.pattern);
    // `{,2}` is a count of 0 to 2 in other dialects (Python's).
    const counts = braces.filter((b) => /^\{,\d+\}$/.test(b)).map((b) => `{0${b.slice(1)}`);
    if (braces.length)
      note(
        `the spec's pattern holds ${braces.join(", ")}, which ECMAScript (the runtime, the mocks, the request judge) ` +
          `reads as text, not as a count: drafted so, as ${JSON.stringify(read)}; if the API means a count` +
          `${counts.length ? ` (${counts.join(", ")})` : ""}, write it as one here and in openapi.yaml`,
      );
    if (read !== undefined && writesInlineFlags(s.pattern))
      note(
        `the spec's pattern ${JSON.stringify(s.pattern)} is written with an inline case-insensitive flag, which ` +
          "ECMAScript (JSON Schema's dialect; Node 20 and 22 refuse even its `(?i:…)` groups) does not take: drafted " +
          "as the same rule in plain ECMAScript, each letter, class and set with its other cases, as the request " +
          "judge, the mocks and the runtime read it",
      );
    if (read === undefined)
      note(
        `the spec's pattern ${JSON.stringify(s.pattern)} is not an ECMAScript regular expression ` +
          `(${unicodeProblem(s.pattern)}): left out, and generate will ask for it`,
      );
  }
  // A string's enum of numbers or booleans (`type: string, enum: [true, false]`) allows their texts, as the judge and
  // the mocks read it (load/text-enum.ts), in a body as in the address.
  // A text of one value (3.1's `const`, a shape's tag: `kind: {type: string, const: cat}`) is an enum of that value:
  // drafted as any text, it was sent texts the upstream refuses.
  const one = typeof s.const === "string" && !Array.isArray(s.enum);
  const listed = withTextEnum(one ? { ...s, enum: [s.const] } : s).enum;
  if (Array.isArray(listed)) {
    const values = [...new Set(listed.filter((v) => typeof v === "string"))];
    // An empty string (which some APIs take to mean "unset") is no value to the runtime: it never sends one.
    if (values.includes(""))
      note(
        'the spec\'s enum allows "" (to clear the value, in some APIs), which the runtime treats as no value and ' +
          "never sends: left out of enum",
      );
    const sent = values.filter((v) => v !== "");
    if (sent.length) param.enum = sent;
  }
  const known = Array.isArray(listed) ? undefined : knownValuesOf(s);
  if (known?.length) param.knownValues = known;
}

export function numberLimits(s: Schema, param: ManifestParam): void {
  const integer = param.integer === true;
  // The spec's bounds as the IR reads them (link/param-limits/spec-bounds.ts): a number's exclusive bound stays one
  // (`exclusiveMinimum: 0`, refused at 0), an integer's is the whole number inside it (`minimum: 1`).
  const b = specBounds(s, integer);
  // int32 bounds a whole number as the spec's validators (the mocks') hold it: a value past them is refused before any
  // request.
  const int32 = integer && s.format === "int32" && !Array.isArray(s.enum); // an enum bounds it already
  if (b.minimum !== undefined || int32)
    param.minimum = Math.max(b.minimum ?? -(2 ** 31), int32 ? -(2 ** 31) : -Infinity);
  if (b.maximum !== undefined || int32)
    param.maximum = Math.min(b.maximum ?? 2 ** 31 - 1, int32 ? 2 ** 31 - 1 : Infinity);
  if (b.exclusiveMinimum !== undefined) param.exclusiveMinimum = b.exclusiveMinimum;
  if (b.exclusiveMaximum !== undefined) param.exclusiveMaximum = b.exclusiveMaximum;
  if (typeof s.multipleOf === "number" && s.multipleOf > 0) param.multipleOf = s.multipleOf;
  // A number's enum of texts (`type: number, enum: ["2", "3"]`, JSON's quotes) allows their values, as the link reads
  // it (load/text-enum.ts); an enum of labels (`"0 (Unknown)"`) states none.
  if (Array.isArray(s.enum) && !isEnumOfLabels(s)) {
    const values = [...new Set((withValueEnum(s).enum as unknown[]).filter((v) => typeof v === "number"))];
    if (values.length) param.enum = values;
  } else if (typeof s.const === "number") param.enum = [s.const]; // a number of one value (3.1's `const`)
}

type Form = NonNullable<ManifestParam["anyOf"]>[number];

/**
 * The forms of a body field the document gives no type (`{}`, any JSON value): each kind, so that a text or a number
 * goes as well as an object or a list. A json parameter of no form takes an object or a list only, and refused the
 * text id a published payroll document's field took.
 */
export const ANY_VALUE_FORMS: readonly Form[] = [
  { type: "string" },
  { type: "number" },
  { type: "boolean" },
  { type: "json", jsonType: "object" },
  { type: "json", jsonType: "array" },
];

/**
 * ANY_VALUE_FORMS with the limits an untyped schema states of each kind (`{format: double, minimum: 0, maximum:
 * 99999999.99, pattern: "^(\\d{1,8})(\\.\\d{1,2})?$"}`, a published payroll document's amount): JSON Schema holds a
 * text to the pattern and lengths, a number to the bounds, a list to its counts, as the link holds the forms (without
 * them each form was looser than the document's, and generate refused the draft). Its enum is no form's here.
 */
export function anyValueFormsOf(s: Schema, note: (text: string) => void): Form[] {
  const { enum: _enum, const: _const, ...limits } = s;
  return ANY_VALUE_FORMS.map((f) => {
    const form = { ...f } as ManifestParam;
    if (form.type === "string") {
      stringLimits(limits, form, note);
      // No form takes known values (an open enum's, which stringLimits reads by knownValuesOf): the enum is no form's.
      delete form.knownValues;
      const format = valueFormatOf(limits.format);
      if (format) form.format = format;
    } else if (form.type === "number") numberLimits(limits, form);
    else if (form.jsonType === "array") {
      if (typeof limits.minItems === "number") form.minItems = limits.minItems;
      if (typeof limits.maxItems === "number") form.maxItems = limits.maxItems;
    }
    return form as Form;
  });
}

/**
 * The forms of a value whose document allows several (`oneOf`/`anyOf`: an id or a name, a string or an object,
 * one value or a list), each its type and limits, in the document's order; undefined when they are of one kind
 * and no limit tells them apart (a json object drafts such a union whole), or when one cannot be read.
 */
export function formsOf(
  doc: OpenApiDocument,
  alternatives: readonly Schema[],
  note: (text: string) => void,
): Form[] | undefined {
  const flat = alternatives.map((a) => {
    try {
      return doc.flatten(a);
    } catch {
      return undefined;
    }
  });
  if (flat.some((f) => f === undefined)) return undefined;
  const forms: Form[] = [];
  for (const f of flat as Schema[]) {
    const t = typeOf(f);
    // A form whose one value is "" (how some APIs clear a value) is never sent, as null is not: the others are the
    // forms.
    if (t === "null" || f.const === "" || (Array.isArray(f.enum) && f.enum.length === 1 && f.enum[0] === "")) continue;
    // A text of one value (3.1's `const`) is a form of that value: read as any text, it was sent texts none takes.
    const one = t === "string" && typeof f.const === "string" && !Array.isArray(f.enum);
    const form = formOf(one ? { ...f, enum: [f.const] } : f, t, note);
    if (!form) return undefined;
    if (!forms.some((other) => JSON.stringify(other) === JSON.stringify(form))) forms.push(form);
  }
  const kinds = new Set(forms.map((f) => (f.type === "json" ? (f.jsonType ?? "json") : f.type)));
  // Objects only: the whole union is one json object (its fields are the body's or a record's, drafted elsewhere).
  if (forms.length < 2 || (kinds.size === 1 && kinds.has("object"))) return undefined;
  return forms;
}

/** One form: a scalar's limits, or a list's or an object's kind and bounds. */
function formOf(s: Schema, type: string | undefined, note: (text: string) => void): Form | undefined {
  if (type === "string") {
    const param = { type: "string", description: "" } as ManifestParam;
    stringLimits(s, param, note);
    const { description: _d, ...limits } = param;
    return {
      ...(limits as Form),
      ...(valueFormatOf(s.format) ? { format: valueFormatOf(s.format) as Form["format"] } : {}),
    };
  }
  if (type === "integer" || type === "number") {
    const param = {
      type: "number",
      description: "",
      ...(type === "integer" ? { integer: true } : {}),
    } as ManifestParam;
    numberLimits(s, param);
    const { description: _d, ...limits } = param;
    return limits as Form;
  }
  if (type === "boolean") return { type: "boolean" };
  if (type === "array") {
    // Scalar items: their type and limits (the runtime checks each item; the suite draws them so).
    const items =
      s.items !== null && typeof s.items === "object" && !("$ref" in (s.items as object))
        ? (s.items as Schema)
        : undefined;
    const itemType = items ? typeOf(items) : undefined;
    // A text item's limits as a text form's (its lengths, pattern and format too: a list of ids of a format dropped
    // it, and items the upstream refuses were sent).
    const nested =
      items && itemType === "string"
        ? formOf(items, itemType, note)
        : itemType === "integer" || itemType === "number" || itemType === "boolean"
          ? {
              type: itemType,
              ...(Array.isArray(items?.enum) ? { enum: items.enum } : {}),
              ...itemBounds(items, itemType),
            }
          : undefined;
    return {
      type: "json",
      jsonType: "array",
      ...(typeof s.minItems === "number" ? { minItems: s.minItems } : {}),
      ...(typeof s.maxItems === "number" ? { maxItems: s.maxItems } : {}),
      ...(nested ? { items: nested as Form["items"] } : {}),
    };
  }
  if (type === "object") return { type: "json", jsonType: "object" };
  // A union of objects inside the union (an inline object of several shapes): an object.
  const inner = (Array.isArray(s.oneOf) ? s.oneOf : Array.isArray(s.anyOf) ? s.anyOf : []) as Schema[];
  if (
    type === undefined &&
    inner.length &&
    inner.every((b) => b.type === "object" || (b.type === undefined && b.properties !== undefined))
  )
    return { type: "json", jsonType: "object" };
  return undefined;
}

/**
 * A number item's bounds as a number parameter's (numberLimits, by the link's reading, spec-bounds.ts): a number's
 * exclusive bound as one (3.0's `minimum: 0, exclusiveMinimum: true` too), an integer's as the whole number inside.
 * Copied as `minimum`/`maximum` alone, 3.0's exclusive bound was drafted inclusive (0 for "greater than 0", which
 * the link refused as looser than the document) and 3.1's not at all.
 */
function itemBounds(items: Schema | undefined, type: string): Record<string, number> {
  return items && type !== "boolean" ? { ...specBounds(items, type === "integer") } : {};
}

/**
 * An enum of one-item lists (`type: array, enum: [["open"], ["click"]]`, meant as the items' values): the lists it
 * admits, stated as the items' enum with exactly one item, the manifest language having no enum of lists; undefined
 * when an entry is not a one-item list of a scalar (such an enum the manifest cannot state).
 */
export function oneItemListsEnum(s: Schema): { items: NonNullable<ManifestParam["items"]>; note: string } | undefined {
  const entries = Array.isArray(s.enum) ? (s.enum as unknown[]) : [];
  const scalar = (v: unknown) => typeof v === "string" || typeof v === "number" || typeof v === "boolean";
  if (!entries.length || !entries.every((e) => Array.isArray(e) && e.length === 1 && scalar(e[0]))) return undefined;
  const values = [...new Set(entries.map((e) => (e as unknown[])[0]))];
  const kinds = new Set(values.map((v) => (typeof v === "number" && Number.isInteger(v) ? "integer" : typeof v)));
  const itemsType = typeOf((s.items ?? {}) as Schema);
  const type = kinds.size === 1 && !kinds.has("number") ? [...kinds][0] : undefined;
  return {
    items: { ...(itemsType === undefined && type ? { type: type as "string" } : {}), enum: values },
    note:
      `the spec's enum lists one-item lists (${values.length} of them): drafted as a list of one item ` +
      "(minItems and maxItems 1) of those values; if the API takes several at once, as its description may say, " +
      "raise maxItems here and write the items' enum in openapi.yaml",
  };
}

/**
 * A union's branches, a branch that is only a union of its own given as its branches (OpenSearch's
 * `wait_for_active_shards`: `oneOf: [StringifiedInteger, WaitForActiveShardOptions]`, each a `oneOf`): a value of the
 * union is one of theirs, so their types, limits and values are the forms. Read as "a string", the union was sent any
 * text, which no inner branch took.
 */
export function innerBranches(doc: OpenApiDocument, branches: Schema[] | undefined, depth = 0): Schema[] | undefined {
  if (!branches || depth > 3) return branches;
  return branches.flatMap((branch) => {
    let flat: Schema | undefined;
    try {
      flat = doc.flatten(branch);
    } catch {
      return [branch];
    }
    const own = typeOf(flat) === undefined && flat.properties === undefined ? (flat.oneOf ?? flat.anyOf) : undefined;
    return Array.isArray(own) ? (innerBranches(doc, own as Schema[], depth + 1) ?? [branch]) : [branch];
  });
}
