// Random inputs for the property cases (kinds/property.ts), drawn with fast-check from each tool's IR: valid ones (each
// parameter from its own rules, then the cross-field rules made to hold: what the runtime accepts; a whole XML
// document's text, xml-values.ts), and invalid ones that break exactly one rule, saying which (invalid-inputs.ts). The
// texts drawn are text-draws.ts', the filters that always end bounded-filters.ts'.
import fc from "fast-check";
import { joinsSlash, textBefore } from "@blockwright/runtime/internal/generate";
import {
  type FormFieldEncoding,
  multipleNear,
  wayParams,
  oauthParams,
  parsePointer,
  type NestedLimits,
  type ParamSpec,
  setOwn,
  type ToolSpec,
  validateParams,
} from "@blockwright/runtime/internal";
import { admitted } from "../../model/number-bounds.js";
import { madeStrings, regexTexts } from "../../model/string-values.js";
import { withAddress } from "../call.js";
import { drawableForms, sampleFile } from "./rule-values.js";
import { withoutBracketKeys, writtenWithBrackets } from "../../judge/bracket-form.js";
import { filterOrFail } from "./bounded-filters.js";
import { headerText, jsonKey, stringValue, textBounds, textUnit } from "./text-draws.js";
import { isAddressParam } from "./address-params.js";
import { isSigningKey } from "../jwt-keys.js";
import { specSchema } from "./document-places.js";
import type { Input, ToolValues } from "./values.js";
import { isXmlDocumentText, xmlDocumentDraws } from "./xml-values.js";

/** A draw of the invalid property: an input breaking one rule, and what the refusal must name. */
export interface InvalidDraw {
  input: Input;
  broken: string;
  param: string;
  rule: string[];
  value?: unknown;
}

// ---- valid inputs -------------------------------------------------------------

/** Inputs the runtime accepts: each parameter drawn from its own rules, then the cross-field rules made to hold. */
export function validInput(tool: ToolSpec, values: ToolValues, address: string): fc.Arbitrary<Input> {
  // A required parameter no value passes stops here, saying which (the draws below would be filtered for ever).
  values.minimal();
  const members: Record<string, fc.Arbitrary<unknown>> = {};
  const flowParams = oauthParams(tool);
  for (const p of tool.params) {
    // The credential is always given, a flow's parameters never (a complete flow would send a token request).
    if (isAddressParam(tool, p) || flowParams.has(p.name)) continue;
    // A server variable keeps its one value: the suite names the mock's address, where it has no place.
    // So does a private key signing each request's JWT: the test's (jwt-keys.ts).
    const fixed = p.wire.in === "server" || isSigningKey(tool, p.name);
    const arb = fixed ? fc.constant(values.example(p.name)?.value) : validValue(p, values);
    members[p.name] =
      p.required || wayParams(tool.auth).includes(p.name) ? arb : fc.option(arb, { nil: undefined, freq: 2 });
  }
  const drawn = fc.record(members).map((drawn) => {
    const input = Object.fromEntries(Object.entries(drawn).filter(([, v]) => v !== undefined));
    return values.satisfy(input, []) ?? input;
  });
  return filterOrFail(
    drawn,
    (input) => validateParams(tool, withAddress(tool, input, address)).ok,
    `valid input of ${tool.id}`,
  );
}

/** Values of one parameter that pass its own rules (most of the time: the record is filtered). */
function validValue(p: ParamSpec, values: ToolValues): fc.Arbitrary<unknown> {
  // A value of several forms (anyOf): drawn from any of them that can be drawn, each as a parameter of its type.
  if (p.anyOf)
    return fc.oneof(
      ...drawableForms(p.anyOf.map((form) => () => validValue({ ...p, ...form, anyOf: undefined }, values))),
    );
  const example = values.example(p.name)?.value;
  const fromExample = example === undefined ? [] : [fc.constant(example)];
  // A media type header (Accept, Content-Type) declared as a plain string: any other string is not a media type.
  if (example !== undefined && p.wire.in === "header" && MEDIA_TYPE_HEADERS.has((p.wire.name ?? p.name).toLowerCase()))
    return fc.constant(example);
  const made = (() => {
    switch (p.type) {
      case "boolean":
        return fc.oneof(fc.boolean(), fc.constantFrom("true", "false"));
      case "number": {
        const { least, greatest } = admitted(p);
        const min = least ?? -1_000_000;
        const max = greatest ?? 1_000_000;
        const n =
          p.multipleOf !== undefined
            ? multiplesIn(min, max, p.multipleOf)
            : p.integer
              ? integerIn(min, max)
              : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
        return p.enum
          ? fc.constantFrom(...(p.enum as number[]))
          : fc.oneof({ arbitrary: n, weight: 3 }, { arbitrary: n.map(String), weight: 1 });
      }
      case "json":
        // Items or values the spec makes objects and the manifest leaves unlimited: only the example is known to be
        // valid.
        if (!(p.jsonType === "array" ? p.items : p.values) && values.structuredInside(p))
          return fc.constant(example ?? (p.jsonType === "array" ? [] : {}));
        return p.jsonType === "array"
          ? fc.array(nestedValue(p.items), { maxLength: 4 })
          : fc.dictionary(
              p.keys ? (nestedValue({ type: "string", ...p.keys }) as fc.Arbitrary<string>) : jsonKey,
              nestedValue(p.values),
              { maxKeys: 4 },
            );
      case "string":
        if (isXmlDocumentText(values.tool, p)) return xmlDocumentDraws(p);
        return regexFormat(p, values) ? regexTexts(...textBounds(p)) : stringValue(p, headerText(values.tool, p));
      case "file":
        // A list of files (`multiple`): one or two, a fresh file each, each unlike the other (`uniqueItems`).
        return p.multiple
          ? fc
              .integer({ min: 1, max: 2 })
              .map((n) => Array.from({ length: n }, (_, i) => sampleFile(p.contentType, i + 1)))
          : fc.constant(sampleFile(p.contentType));
    }
  })();
  const bracketed = writtenWithBrackets(p, values.tool);
  const delimiter = listDelimiter(p, values.tool);
  const own =
    p.type === "json" ? made.map((v) => withoutDelimiter(p, delimiter, bracketed ? withoutBracketKeys(v) : v)) : made;
  // A JSON value the document gives fields inside (required ones, closed objects): a draw its schema refuses becomes
  // the known valid one, or is left out when none is known (filtering for it would draw forever).
  const inPath = p.wire.in === "path" || values.tool.routes.some((r) => r.wire[p.name]?.in === "path");
  // A link's (multiSegment reserved, as-given) percent-encoded triples go as they are: what one means is the
  // service's, and one the value holds reads as one the runtime wrote (`%3F` for its own query's `?`). Its own query
  // is its pairs among the operation's, which an open object exploded in the query takes for its own (a draw's
  // `? ` for a pair of it without "="): the examples and request cases send a link's query. Drawn without both.
  const link = p.wire.in === "path" && (p.wire.multiSegment === "reserved" || p.wire.multiSegment === "as-given");
  const reserved = triplesPass(p, values.tool);
  // A body field's list written as one text (a form's or multipart's field, not exploded): one empty item writes the
  // empty text, as no item does, and the mock (Prism) reads the field as missing.
  const joinsEmpty = (v: unknown) => p.wire.in === "body" && delimiter !== undefined && writesNoItem(v);
  const sendable = (v: unknown) =>
    !joinsEmpty(v) &&
    meetsLimitsJoined(p, values, v) &&
    (!inPath || !(writesNoText(v) || (typeof v === "string" && LINE_TERMINATOR.test(v)))) &&
    !(link && typeof v === "string" && /[%?]/.test(v)) &&
    !(reserved && typeof v === "string" && /%[0-9a-f]{2}/i.test(v));
  if (p.type === "json" && values.checksInside(p)) {
    const kept = own.map((v) => (values.accepts(p, v) && sendable(v) ? v : example));
    return example === undefined
      ? kept
      : fc.oneof({ arbitrary: kept, weight: 4 }, { arbitrary: fc.constant(example), weight: 1 });
  }
  const mixed = fc.oneof({ arbitrary: own, weight: 4 }, ...fromExample.map((arbitrary) => ({ arbitrary, weight: 1 })));
  return filterOrFail(mixed, (v) => values.accepts(p, v) && sendable(v), `value of ${p.name}`);
}

/**
 * Whether a value meets the parameter's limits as the service reads it: an as-given link's own leading "/" after the
 * template's is joined with it (runtime/http/path-link.ts), and the service reads the rest ("/_" of a name of two
 * characters or more reads "_"). Any other value is read as it is.
 */
function meetsLimitsJoined(p: ParamSpec, values: ToolValues, v: unknown): boolean {
  if (p.wire.in !== "path" || typeof v !== "string") return true;
  return (
    !joinsSlash(v, p.wire.multiSegment, textBefore(values.tool.path, p.wire.name)) || values.accepts(p, v.slice(1))
  );
}

/**
 * Whether a value writes no text in a path (an empty text, list or object: RFC 6570 reads the last two as undefined):
 * its segment is then empty, the address names no value of the parameter and a service (Prism too) finds it missing.
 */
function writesNoText(value: unknown): boolean {
  if (value === "" || (Array.isArray(value) && value.length === 0)) return true;
  return value !== null && typeof value === "object" && !Array.isArray(value) && Object.keys(value).length === 0;
}

/**
 * The text between a list's items when it is written as one value (a header, a query value not exploded, a form's or
 * multipart body's top-level field whose encoding does not explode it), if it is.
 */
function listDelimiter(p: ParamSpec, tool: ToolSpec): string | undefined {
  if (p.wire.in === "header") return ",";
  if (p.wire.in === "body") return bodyFieldDelimiter(p.wire.pointer, tool);
  // A cookie list exploded (form's default) goes one pair per item: no text between items.
  if (p.wire.in === "cookie") return p.wire.encoding?.explode ? undefined : ",";
  if (p.wire.in !== "query" || !p.wire.encoding || p.wire.encoding.explode) return undefined;
  return { form: ",", spaceDelimited: " ", pipeDelimited: "|", deepObject: undefined }[p.wire.encoding.style];
}

/**
 * A list's text items without the delimiter it is joined with (`[","]` written `,` reads back as two items); so a query
 * object's keys and values (`k,v,k,v`): the mock (Prism) decodes a comma the runtime encodes in one before splitting.
 */
function withoutDelimiter(p: ParamSpec, delimiter: string | undefined, value: unknown): unknown {
  if (p.wire.in === "header" && p.wire.encoding && !p.wire.encoding.json) return headerStyled(value);
  if (delimiter === undefined) return value;
  const text = <T>(v: T) => (typeof v === "string" ? v.split(delimiter).join("") : v);
  if (Array.isArray(value)) return value.map(text);
  if (p.wire.in !== "query" || value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [text(k), text(v)]));
}

/** A form's or multipart body's top-level field written as one text of its items (encoding not exploded). */
function bodyFieldDelimiter(pointer: string, tool: ToolSpec): string | undefined {
  const field = bodyFieldOf({ wire: { in: "body", pointer } }, tool);
  if (!field || field.json || field.explode) return undefined;
  return { form: ",", spaceDelimited: " ", pipeDelimited: "|", deepObject: undefined }[field.style];
}

/**
 * Whether a query value or a form's field of `allowReserved` passes its percent-encoded triples through as they are
 * (RFC 6570's reserved expansion): a draw's `%f3` reached the service as the byte it encodes, no text (the judge
 * refused it).
 */
function triplesPass(p: ParamSpec, tool: ToolSpec): boolean {
  return p.wire.in === "query" ? p.wire.encoding?.reserved === true : bodyFieldOf(p, tool)?.reserved === true;
}

/** The encoding of a form's or multipart body's top-level field a parameter is sent as, if it has one. */
function bodyFieldOf(p: Pick<ParamSpec, "wire">, tool: ToolSpec): FormFieldEncoding | undefined {
  const body = tool.body;
  if (p.wire.in !== "body" || !body || (body.encoding !== "form" && body.encoding !== "multipart")) return undefined;
  const segments = parsePointer(p.wire.pointer);
  const name = segments.length === 1 ? segments[0] : undefined;
  return name !== undefined && body.fields && Object.hasOwn(body.fields, name) ? body.fields[name] : undefined;
}

/** A list of one empty text: joined, the empty text, as a list of none writes. */
const writesNoItem = (v: unknown): boolean => Array.isArray(v) && v.length === 1 && v[0] === "";

/**
 * A list or object a header in style simple can carry (the runtime refuses the others): items, keys and values of text
 * without a comma (a key without `=` either), none a list or object itself.
 */
function headerStyled(value: unknown): unknown {
  const plain = (v: unknown) => v === null || typeof v !== "object";
  const text = (v: unknown) => (typeof v === "string" ? v.replace(/,/g, "") : v);
  if (Array.isArray(value)) return value.filter(plain).map(text);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => plain(v))
      .map(([k, v]) => [k.replace(/[,=]/g, ""), text(v)]),
  );
}

const MEDIA_TYPE_HEADERS = new Set(["accept", "content-type"]);

/**
 * Whole numbers in [min, max], kept to the safe integers: a spec's int64 bounds (±2^63) made fast-check draw forever
 * (its draw over a range wider than 2^53 retried without end), and past 2^53 neighbours are equal numbers.
 */
export function integerIn(min: number, max: number): fc.Arbitrary<number> {
  const lo = Math.min(Math.max(Math.ceil(min), Number.MIN_SAFE_INTEGER), Number.MAX_SAFE_INTEGER);
  const hi = Math.max(Math.min(Math.floor(max), Number.MAX_SAFE_INTEGER), lo);
  return fc.integer({ min: lo, max: hi });
}

// Prism's router cannot match a line terminator inside a path segment that has text around the
// parameter (`users('{key}')` answers 404): a limit of the mock, not of the contract.
const LINE_TERMINATOR = /[\n\r\u2028\u2029]/;

/** Multiples of `step` from `min` to `max` (none: a single `step` when `orStep`, else undefined). */
export function multiplesIn(min: number, max: number, step: number): fc.Arbitrary<number>;
export function multiplesIn(min: number, max: number, step: number, orStep: false): fc.Arbitrary<number> | undefined;
export function multiplesIn(min: number, max: number, step: number, orStep = true): fc.Arbitrary<number> | undefined {
  // The multiples' indices: the k of each k × step between the bounds.
  const from = Math.max(Math.round(multipleNear(min, step, true) / step), -(2 ** 31));
  const to = Math.min(Math.round(multipleNear(max, step, false) / step), 2 ** 31);
  if (to < from || !Number.isSafeInteger(from) || !Number.isSafeInteger(to))
    return orStep ? fc.constant(multipleNear(min, step, true)) : undefined;
  return fc.integer({ min: from, max: to }).map((k) => multipleNear(k * step, step, true));
}

/** Values inside a JSON parameter, from their limits where it has some (any JSON value where not). */
function nestedValue(n: NestedLimits | undefined): fc.Arbitrary<unknown> {
  if (!n) return fc.jsonValue({ maxDepth: 2 });
  if (n.enum) return fc.constantFrom(...n.enum);
  // A value of several scalar kinds: one of any kind, within its limits; beside shapes (an id or the object), or one of
  // each shape.
  if (n.kinds) return fc.oneof(...n.kinds.map(nestedValue), ...(n.shapes ?? []).map(shapeValue));
  if (n.type === "boolean") return fc.boolean();
  if (n.type === "number" || n.type === "integer") {
    const { least, greatest } = admitted(n);
    const min = least ?? -1_000_000;
    const max = greatest ?? 1_000_000;
    return n.type === "integer" ? integerIn(min, max) : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  }
  if (
    n.type === "string" ||
    n.format !== undefined ||
    n.pattern !== undefined ||
    n.maxLength !== undefined ||
    n.minLength !== undefined
  ) {
    if (n.format !== undefined || n.pattern !== undefined) return fc.constantFrom(...madeStrings(n).slice(0, 20));
    return fc.string({
      unit: textUnit,
      minLength: n.minLength ?? 0,
      maxLength: Math.min(n.maxLength ?? 32, (n.minLength ?? 0) + 32),
    });
  }
  return fc.jsonValue({ maxDepth: 2 });
}

/**
 * An object of a shape: its required fields, each within its limits (an object's or a list's drawn as one too), the
 * others left out (a field the shape lists and does not require is the service's to default).
 */
function shapeValue(shape: Pick<NestedLimits, "fields" | "required">): fc.Arbitrary<unknown> {
  const inside = (n: NestedLimits | undefined): fc.Arbitrary<unknown> =>
    n?.type === "object" && !n.enum && (n.fields || n.required)
      ? shapeValue(n)
      : n?.type === "array" && n.items && !n.prefix
        ? fc.array(inside(n.items), { maxLength: 3 })
        : nestedValue(n);
  const required = (shape.required ?? []).map((f) => [f, inside(shape.fields?.[f])] as const);
  return fc.tuple(...required.map(([, value]) => value)).map((values) => {
    const out: Record<string, unknown> = {};
    for (const [i, [field]] of required.entries()) setOwn(out, field, values[i]);
    return out;
  });
}

/**
 * Whether the text is a regular expression (the manifest's `format: regex`, or the document's where the manifest
 * states no format), and the manifest gives no other rule a draw must follow (an enum, a pattern): drawn as simple
 * patterns and words, of many more values than the format's few made ones.
 */
function regexFormat(p: ParamSpec, values: ToolValues): boolean {
  if (p.enum || p.pattern !== undefined || (p.format !== undefined && p.format !== "regex")) return false;
  return p.format === "regex" || specSchema(values.doc, values.op, p)?.format === "regex";
}
