// The parameters of a drafted operation: every path, query and header
// parameter the document declares, and the top-level fields of its request
// body (JSON or form), each with its type, whether it is required, its
// description and the limits its schema states. What the runtime cannot
// send yet, or the linker cannot reach, is left out with a review note
// rather than drafted wrongly; guesses (a maxLength the project requires
// and the spec does not give) are drafted with one.
import { fileParam, isFileField } from "./files.js";
import { checkValue, fieldOf, isAbsent, isValueFormat, type ParamSpec } from "@blockwright/runtime/internal";
import type { ManifestParam, ManifestRule } from "../../load/precompiled/manifest-types.js";
import { bodyFieldRule, branchEnums, branchFields, loneBranch, shapeTag, shapesRule } from "./body-rules.js";
import { operatorOf, paramName } from "./param-names.js";
import {
  typeOf,
  valuesType,
  type OpenApiDocument,
  type OpenApiOperation,
  type Schema,
} from "../../load/openapi-document.js";
import { isLonePart, LONE_FILE_PART } from "../../load/media-types.js";
import { repeatsCredential, type CredentialDraft } from "../auth/credential.js";
import { exampleOfFirstShape } from "./example.js";
import { patternLengths } from "../../link/param-limits/pattern-length.js";
import type { ReviewNote } from "../manifest-yaml.js";
import { shortText } from "../plain-text.js";
import { FILLED_BY_FETCH, isIgnoredHeader } from "../../load/ignored-headers.js";
import { formsOf, numberLimits, stringLimits } from "./limits.js";
import { answersEvents, isStreamFlag, streamNote } from "../shapes/event-streams.js";
import { explodedQueryObjects, requiredObjectRules } from "../shapes/query-object.js";
import { unwritableBody } from "../shapes/unwritable-body.js";
import { wholeBodyNote } from "../shapes/union-items.js";

/** The query styles the runtime writes (build-request.ts). */
/** The styles the runtime writes a list or an object in, by place. */
const STYLES_SENT: Record<string, readonly string[]> = {
  query: ["form", "spaceDelimited", "pipeDelimited", "deepObject"],
  path: ["simple", "label", "matrix"],
  header: ["simple"],
  cookie: ["form"],
};

type Path = (string | number)[];

/**
 * The maxLength drafted for a string sent in the address or a header when
 * the spec gives none (the project requires one there: an unbounded value
 * can make the upstream answer 414 or 431). A path segment is an id; a
 * query value or header may be a search. Each is marked for review.
 */
export const DEFAULT_MAX_LENGTH = { path: 256, query: 1000, header: 1000, cookie: 1000 } as const;

/** The maxLength drafted for the credential: long enough for a JWT or an OAuth token. */
export const CREDENTIAL_MAX_LENGTH = 2048;

/** Descriptions are kept to this many characters (the spec has the whole text). */
const DESCRIPTION_LENGTH = 600;

/** Formats that say no more than the type does. */
const PLAIN_FORMATS = new Set(["int32", "int64", "float", "double"]);
const BASE64 = "^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$";

/**
 * Formats that validators name otherwise, as the manifest's formats that admit only their values (an absolute http(s)
 * address is a uri).
 */
const FORMAT_ALIASES: Record<string, NonNullable<ManifestParam["format"]>> = { url: "uri" };

export interface ParamsDraft {
  params: Record<string, ManifestParam>;
  /** Wire name (`query:cursor`, `body:/limit`) → the manifest parameter drafted for it. */
  byWire: Map<string, string>;
  /** What the body requires across its fields (body-rules.ts). */
  rules?: ManifestRule[];
}

/**
 * Every parameter and top-level body field of `op`, drafted; notes go to `notes` under `at` (the operation's place).
 */
export function draftParams(
  doc: OpenApiDocument,
  op: OpenApiOperation,
  rawOp: Schema,
  credential: CredentialDraft,
  at: Path,
  notes: ReviewNote[],
): ParamsDraft {
  const params: Record<string, ManifestParam> = {};
  const byWire = new Map<string, string>();
  const taken = new Set<string>(credential.ways.flat().flatMap((c) => [c.param, ...(c.user ? [c.user] : [])]));
  const note = (where: Path, text: string) => notes.push({ at: where, note: text });
  const order = { path: 0, query: 1, header: 2, cookie: 3 } as const;
  const events = answersEvents(doc, rawOp);
  const parameters = explodedQueryObjects(doc, op.parameters, (text) => note(at, text));
  for (const declared of [...parameters].sort((a, b) => order[a.in] - order[b.in])) {
    const raw = declared as unknown as Schema;
    const of = "of" in declared ? declared.of : undefined;
    if (events && isStreamFlag(doc, declared.name, declared.schema)) {
      note(at, streamNote(declared.name));
      continue;
    }
    const repeated = repeatsCredential(credential, {
      in: declared.in,
      name: declared.name,
      description: raw.description,
    });
    if (repeated) {
      note(at, repeated);
      continue;
    }
    // OpenAPI ignores an Accept, Content-Type or Authorization header parameter: the media types and the security
    // schemes say them.
    if (isIgnoredHeader(declared)) {
      note(
        at,
        `header parameter ${declared.name} not drafted: OpenAPI ignores it (the media types and the security ` +
          "schemes say it), and the runtime writes it itself",
      );
      continue;
    }
    const name = paramName(declared.name, taken);
    const where = [...at, "params", name];
    // Notes about the parameter itself count only if it is drafted.
    const own: ReviewNote[] = [];
    const draft = fromSchema(
      doc,
      declared.schema,
      {
        name,
        sentAs: declared.name,
        place: declared.in,
        required: declared.in === "path" || declared.required,
        description: raw.description,
        example: raw.example ?? firstExample(raw.examples),
        deprecated: raw.deprecated,
        at: where,
      },
      own,
    );
    if (!draft) {
      notes.push(...own.map((n) => ({ ...n, at })));
      continue;
    }
    // `DateSent<` and `DateSent>` share one description in published documents: say which bound each one is.
    const operator = operatorOf(declared.name);
    if (operator)
      draft.description = shortText(
        `${operator.bound} (sent as ${declared.name}). ${draft.description}`,
        DESCRIPTION_LENGTH,
      );
    const style =
      typeof raw.style === "string"
        ? raw.style
        : declared.in === "query" || declared.in === "cookie"
          ? "form"
          : "simple";
    const explode = typeof raw.explode === "boolean" ? raw.explode : style === "form";
    // Forms of scalars alone (an id or a name) go anywhere a scalar goes.
    const scalars = draft.anyOf?.every((f) => f.type !== "json") === true;
    if (
      draft.type === "json" &&
      !scalars &&
      declared.content === undefined &&
      !(STYLES_SENT[declared.in] ?? []).includes(style)
    ) {
      // The runtime writes a list or an object as its style says: in the query (form, spaceDelimited, pipeDelimited,
      // deepObject), the path (simple, label, matrix), a header (simple) and a cookie (form); one described by
      // `content` as its JSON.
      const what =
        `${declared.in} parameter ${declared.name} is ` +
        `${draft.jsonType ?? "structured"}${raw.style ? ` (style ${style}${explode ? ", exploded" : ""})` : ""}, ` +
        "which the runtime does not send yet";
      if (!draft.required) {
        note(at, `${what}: not drafted`);
        continue;
      }
      note(where, `${what}: drafted, but its wire form is not the spec's`);
    }
    notes.push(...own);
    // A value format bounds the length itself (FORMAT_MAX_LENGTH): a default longer than any such value admits none of
    // its length. So does a pattern anchored at both ends (`^[A-Z0-9]{26}$`): a default longer than it admits no value
    // of its own length.
    const place = declared.in as keyof typeof DEFAULT_MAX_LENGTH;
    for (const text of [draft, ...(draft.anyOf ?? [])]) {
      if (
        text.type !== "string" ||
        text.enum !== undefined ||
        text.maxLength !== undefined ||
        isValueFormat(text.format) ||
        boundedPattern(text.pattern)
      )
        continue;
      text.maxLength = DEFAULT_MAX_LENGTH[place];
      note(
        where,
        `maxLength ${text.maxLength} is blockwright add's default for a ${place} value the spec leaves unbounded; ` +
          "set the upstream's real limit",
      );
    }
    // A field of an object query parameter goes as the object's style writes it (shapes/query-object.ts); a path
    // value spanning segments (a file path) as the document marks it: its `/` go as they are.
    const spans =
      declared.in === "path" &&
      (raw["x-multi-segment"] === true || raw.allowReserved === true || op.path.includes(`{+${declared.name}}`));
    draft.wire =
      of !== undefined
        ? { in: "query", name: of, field: declared.name }
        : {
            in: declared.in,
            ...(name !== declared.name ? { name: declared.name } : {}),
            ...(spans ? { multiSegment: true } : {}),
          };
    params[name] = draft;
    taken.add(name);
    byWire.set(of !== undefined ? `query:${of}/${declared.name}` : `${declared.in}:${declared.name}`, name);
  }
  const rule = draftBody(doc, op, rawOp, credential, at, notes, { params, byWire, taken });
  const rules = [...(rule ? [rule] : []), ...requiredObjectRules(parameters, byWire)];
  return { params, byWire, ...(rules.length ? { rules } : {}) };
}

/** A form as a note names it: `string`, `integer`, `array`. */
function formWords(form: NonNullable<ManifestParam["anyOf"]>[number]): string {
  return form.type === "json"
    ? (form.jsonType ?? "json")
    : form.type === "number" && form.integer
      ? "integer"
      : form.type;
}

/** Whether a pattern bounds the length of what it matches (generate then implies maxLength from it). */
function boundedPattern(pattern: string | undefined): boolean {
  const lengths = pattern === undefined ? undefined : patternLengths(pattern);
  return lengths !== undefined && lengths.max !== Infinity;
}

/**
 * The request body's top-level fields as parameters (or the whole body as one, when it is not an object of fields); the
 * rule it states across them.
 */
function draftBody(
  doc: OpenApiDocument,
  op: OpenApiOperation,
  rawOp: Schema,
  credential: CredentialDraft,
  at: Path,
  notes: ReviewNote[],
  into: { params: Record<string, ManifestParam>; byWire: Map<string, string>; taken: Set<string> },
): ManifestRule | undefined {
  const body = op.requestBody;
  const unwritable = unwritableBody(doc, op);
  if (unwritable) return void notes.push({ at, note: unwritable });
  if (!body) {
    const declared = rawOp.requestBody ? doc.resolve(rawOp.requestBody as Schema) : undefined;
    const types = Object.keys((declared?.content ?? {}) as object);
    if (types.length)
      notes.push({
        at,
        note:
          `the request body is ${types.join(", ")}, which the runtime does not write (JSON, ` +
          "application/x-www-form-urlencoded or multipart/form-data): not drafted",
      });
    return;
  }
  if (body.encoding === "binary") {
    // Raw bytes: the whole body is one file parameter.
    const name = paramName("file", into.taken);
    const draft = fileParam(
      { description: `The file sent as the request body (${body.mediaType}).`, ...body.schema },
      name,
      body.required,
    );
    draft.wire = { in: "body", pointer: "" };
    into.params[name] = draft;
    into.taken.add(name);
    into.byWire.set("body:", name);
    return;
  }
  const flat = loneBranch(doc, safeFlatten(doc, body.schema));
  const fields = (flat?.properties ?? {}) as Record<string, Schema>;
  // A required field that is readOnly is the server's: not required of a request (OpenAPI 3).
  const required = new Set(
    (Array.isArray(flat?.required) ? (flat.required as string[]) : []).filter(
      (f) => !Object.hasOwn(fields, f) || safeFlatten(doc, fieldOf(fields, f))?.readOnly !== true,
    ),
  );
  const sent = Object.keys(fields).filter((f) => safeFlatten(doc, fieldOf(fields, f))?.readOnly !== true);
  if (body.required && required.size === 0 && sent.length === 1 && !(flat && shapeTag(doc, flat))) {
    // A required body of one field (an envelope such as `{data: {…}}`) that the schema does not list as required:
    // without it the body is empty, and the upstream refuses the call.
    required.add(sent[0] ?? "");
    notes.push({
      at: [...at, "params"],
      note:
        `the request body is required and has one field, ${sent[0]}, which its schema does not list as required: ` +
        "drafted required",
    });
  }
  if (!flat || typeOf(flat) !== "object" || !Object.keys(fields).length) {
    // An object that is one of several shapes (oneOf/anyOf beside `type: object`) has its fields in the shapes.
    const shapes = (Array.isArray(flat?.oneOf) ? flat.oneOf : Array.isArray(flat?.anyOf) ? flat.anyOf : undefined) as
      | unknown[]
      | undefined;
    // An empty form (`properties: {}`, or no other properties allowed): nothing to send. An object that names no
    // properties at all is any object (JSON Schema's default): one parameter holding it; so is a required one of
    // `properties: {}` (any object too, and the upstream wants one).
    const freeForm = flat && (flat.properties === undefined || body.required) && flat.additionalProperties !== false;
    if (flat && typeOf(flat) === "object" && !flat.additionalProperties && !shapes && !freeForm) return;
    const name = paramName("body", into.taken);
    const where = [...at, "params", name];
    const draft = fromSchema(
      doc,
      body.schema,
      { name, place: "body", required: body.required, description: "The request body.", at: where },
      notes,
    );
    if (!draft) return;
    draft.wire = { in: "body", pointer: "" };
    // A union's minimal call needs one whole shape: an example of the first (the contract suite's minimal input sends
    // it).
    const example = shapes && draft.example === undefined ? exampleOfFirstShape(doc, body.schema) : undefined;
    if (example !== undefined) draft.example = example;
    notes.push({ at: where, note: wholeBodyNote(doc, flat, shapes) });
    into.params[name] = draft;
    into.byWire.set("body:", name);
    return;
  }
  if (body.encoding === "multipart" && loneFileBody(doc, rawOp, body.mediaType)) {
    notes.push({
      at: [...at, "params"],
      note:
        `the multipart body is one value and names no part: sent as the part "${LONE_FILE_PART}", the usual name ` +
        "for a file; if the upstream reads another, write it in the spec",
    });
  }
  const events = answersEvents(doc, rawOp);
  // A field the schema requires but does not list among its properties is still required of every request (any value).
  const unlisted = [...required].filter((f) => f && !Object.hasOwn(fields, f) && flat.additionalProperties !== false);
  for (const f of unlisted)
    notes.push({
      at: [...at, "params"],
      note:
        `the request body requires ${f}, which its schema does not list among its properties: drafted with no type ` +
        "(json)",
    });
  const narrowedValues = branchEnums(doc, flat);
  // Fields of the body's shapes beside its common ones (allOf with oneOf): each drafted, required where every shape
  // requires it.
  const shaped = branchFields(doc, flat);
  if (shaped) notes.push({ at: [...at, "params"], note: shaped.note });
  for (const f of shaped?.required ?? []) required.add(f);
  const tag = shapeTag(doc, flat); // the field that alone tells the shapes apart: required, its enum their values
  if (tag)
    [
      required.add(tag.field),
      narrowedValues.set(tag.field, tag.values),
      notes.push({ at: [...at, "params"], note: tag.note }),
    ];
  for (const [field, schema] of [
    ...Object.entries(fields),
    ...Object.entries(shaped?.fields ?? {}),
    ...unlisted.map((f): [string, Schema] => [f, {}]),
  ]) {
    const flatField = safeFlatten(doc, schema);
    if (flatField?.readOnly === true) continue; // a field only the reply carries
    if (events && isStreamFlag(doc, field, schema)) {
      notes.push({ at, note: streamNote(field) });
      continue;
    }
    const repeated =
      !(body.required && sent.length === 1) &&
      repeatsCredential(credential, { in: "body", name: field, description: flatField?.description });
    if (repeated) {
      notes.push({ at, note: repeated });
      continue;
    }
    const name = paramName(field, into.taken);
    const where = [...at, "params", name];
    // Notes about the field itself count only if it is drafted; else they are the operation's.
    const own: ReviewNote[] = [];
    // A field the body's union branches narrow to values (branchEnums) takes any of them: drafted as its enum.
    const narrowed =
      flatField && (flatField.enum === undefined || field === tag?.field) ? narrowedValues.get(field) : undefined;
    if (narrowed)
      own.push({
        at: where,
        note:
          `the request body's ${flat.anyOf ? "anyOf" : "oneOf"} branches each allow some values of ${field}: ` +
          "drafted as its enum, all of them",
      });
    const fieldSchema = narrowed
      ? { ...flatField, enum: narrowed, ...(field === tag?.field ? { description: tag.description } : {}) }
      : schema;
    const draft =
      body.encoding === "multipart" && isFileField(flatField)
        ? fileParam(flatField, name, required.has(field))
        : fromSchema(doc, fieldSchema, { name, place: "body", required: required.has(field), at: where }, own);
    notes.push(...(draft ? own : own.map((n) => ({ ...n, at }))));
    if (!draft) continue;
    draft.wire = {
      in: "body",
      ...(name !== field ? { pointer: `/${field.replace(/~/g, "~0").replace(/\//g, "~1")}` } : {}),
    };
    into.params[name] = draft;
    into.taken.add(name);
    into.byWire.set(`body:/${field}`, name);
  }
  const stated = flat ? (bodyFieldRule(flat, into.byWire) ?? shapesRule(doc, flat, into.byWire)) : undefined;
  if (stated) notes.push({ at: [...at, "rules"], note: stated.note });
  else if (body.required && required.size === 0 && sent.length > 1) {
    notes.push({
      at: [...at, "params"],
      note:
        "the request body is required, but its schema requires none of its fields: a call that gives none of them " +
        "sends an empty body ({})",
    });
  }
  return stated?.rule;
}

interface FieldInput {
  name: string;
  place: "path" | "query" | "header" | "cookie" | "body";
  /** The name it is sent under, where that is not `name` (a header's). */
  sentAs?: string;
  required: boolean;
  /** The parameter's own description and example (a field's are its schema's). */
  description?: unknown;
  example?: unknown;
  deprecated?: unknown;
  at: Path;
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
  const described =
    typeof input.description === "string" && input.description.trim()
      ? input.description
      : typeof flat.description === "string" && flat.description.trim()
        ? flat.description
        : typeof flat.title === "string"
          ? flat.title
          : "";
  const param: ManifestParam = {
    type: "string",
    description: described
      ? shortText(described, DESCRIPTION_LENGTH)
      : `The ${input.name} ${input.place === "body" ? "field" : "parameter"}.`,
  };
  if (!described) note(`the spec describes ${input.name} nowhere: write what it means`);
  if (input.required) param.required = true;
  const t = typeOf(flat);
  const alternatives = (Array.isArray(flat.anyOf) ? flat.anyOf : Array.isArray(flat.oneOf) ? flat.oneOf : undefined) as
    | Schema[]
    | undefined;
  // Forms of different kinds, or told apart by their limits (an id or a name): each kept, with its own (limits.ts).
  const forms = t === undefined && alternatives ? formsOf(doc, alternatives, note) : undefined;
  if (forms) {
    Object.assign(param, { type: "json", anyOf: forms });
    note(
      `the spec allows ${forms.map(formWords).join(" or ")} (${flat.anyOf ? "anyOf" : "oneOf"}): drafted as its ` +
        `${forms.length} forms (anyOf), each with its limits; a value meeting one is sent as it is`,
    );
  } else if (t === undefined && alternatives) {
    // The richest shape the alternatives allow: an object, a list, else text (which also carries a number), a number, a
    // boolean.
    const kinds = alternatives.map((a) => typeOf(safeFlatten(doc, a) ?? {}) ?? "any");
    if (kinds.includes("object")) Object.assign(param, { type: "json", jsonType: "object" });
    else if (kinds.includes("array")) Object.assign(param, { type: "json", jsonType: "array" });
    else if (kinds.includes("string") || kinds.includes("any")) param.type = "string";
    else if (kinds.includes("number") || kinds.includes("integer"))
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
    const limits = !first
      ? "without the limits of any one of them"
      : strings.length === 1
        ? "with the limits of the string one"
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
  } else if (t === "integer" || t === "number") {
    param.type = "number";
    // A number of an integer format (`type: number, format: int64`): validators (the mocks') take whole numbers only.
    if (t === "integer" || flat.format === "int32" || flat.format === "int64") param.integer = true;
    numberLimits(flat, param, note);
  } else if (t === "boolean") {
    param.type = "boolean";
    if (Array.isArray(flat.enum))
      note(
        `the spec allows only ${JSON.stringify(flat.enum)}, which a boolean parameter cannot state: generate will ` +
          "ask for an enum",
      );
  } else if (
    (t === "object" || t === "array") &&
    Array.isArray(flat.enum) &&
    !flat.enum.some((v) => valuesType([v]) === t)
  ) {
    // `type: array` beside an enum of strings (meant for its items): no list is one of those values, so no value
    // passes.
    note(
      `the spec's enum of ${input.name} (${shortText(JSON.stringify(flat.enum), 80)}) holds no ` +
        `${t === "array" ? "list" : "object"}, which its type says it is: no value can be sent, not drafted (the ` +
        `spec may mean its ${t === "array" ? "items'" : "fields'"} values)`,
    );
    return undefined;
  } else if (t === "object" || t === "array") {
    Object.assign(param, { type: "json", jsonType: t });
    if (t === "array" && typeof flat.minItems === "number") param.minItems = flat.minItems;
    if (t === "array" && typeof flat.maxItems === "number") param.maxItems = flat.maxItems;
  } else if (t === "string") {
    stringLimits(flat, param, note);
  } else if (input.place === "body") {
    param.type = "json";
    note(`${input.name} has no type in the spec: drafted as json`);
  } else note(`${input.name} has no type in the spec: drafted as a string`);
  // The formats a manifest states (and the link would take from the spec anyway) are drafted; others said.
  if (t === "string" && isValueFormat(flat.format as string)) param.format = flat.format as ManifestParam["format"];
  else if (t === "string" && typeof flat.format === "string" && Object.hasOwn(FORMAT_ALIASES, flat.format)) {
    // A format JSON Schema validators know by another name (ajv-formats' `url`, which mocks check): the manifest's
    // name for it, or every value a call sends is one the mock may refuse for a format the parameter never said.
    param.format = FORMAT_ALIASES[flat.format];
    note(
      `the spec gives format ${flat.format}: drafted as format ${param.format}, which every ${flat.format} value is`,
    );
  } else if (t === "string" && flat.format === undefined && alternatives) {
    // A string of one of several formats (anyOf: date-time, date): the first, which every value drafted then meets.
    const formats = alternatives
      .map((a) => safeFlatten(doc, a)?.format)
      .filter((f): f is string => typeof f === "string");
    if (formats.length && isValueFormat(formats[0])) {
      param.format = formats[0] as ManifestParam["format"];
      note(
        `the spec allows format ${formats.join(" or ")} (${flat.anyOf ? "anyOf" : "oneOf"}): drafted as ` +
          `${formats[0]}, the first`,
      );
    }
  } else if (t === "string" && flat.format === "byte" && param.pattern === undefined && !param.enum) {
    // Base64 (OpenAPI's byte): validators and mocks check it, so a value must be base64 text; a pattern says so.
    param.pattern = BASE64;
    note("the spec gives format byte (base64 text): drafted as a pattern base64 text matches");
  } else if (typeof flat.format === "string" && !PLAIN_FORMATS.has(flat.format))
    note(`the spec gives format ${flat.format}, which a manifest cannot state yet`);
  if (flat.deprecated === true || input.deprecated === true) note(`${input.name} is deprecated in the spec`);
  const spec = asSpec(input.name, param, input.place);
  const fits = (value: unknown) =>
    (param.type === "json" || typeof value === param.type) && "value" in checkValue(spec, value) && !isAbsent(value);
  // A header fetch fills in when a request leaves it out (Accept-Language: *) never reaches the upstream absent.
  const sentAs = input.sentAs ?? input.name;
  const filled =
    input.place === "header" && Object.hasOwn(FILLED_BY_FETCH, sentAs.toLowerCase())
      ? FILLED_BY_FETCH[sentAs.toLowerCase()]
      : undefined;
  if (flat.default !== undefined) {
    // The upstream's own default goes unsent; a value the upstream requires (an API version header) is sent, default
    // or not, and so is the default of a header fetch would otherwise send with a value of its own.
    if (fits(flat.default))
      Object.assign(
        param,
        { default: flat.default },
        input.required || filled !== undefined ? {} : { sendDefault: false },
      );
    else note(`the spec's default ${JSON.stringify(flat.default)} does not pass the drafted limits: left out`);
  } else if (filled !== undefined && !input.required && param.enum?.length && !param.enum.includes(filled)) {
    // Left out, it would go as fetch's value, which the spec's values do not include: the first of them is sent
    // instead.
    param.default = param.enum[0] as string;
    note(
      `fetch sends ${sentAs}: ${filled} when a call leaves it out, which is not one of the spec's values: drafted ` +
        `default ${JSON.stringify(param.default)} (the first), sent; set the one the upstream assumes`,
    );
  }
  const example = input.example ?? flat.example;
  if (example !== undefined && fits(example)) param.example = example;
  else if (example !== undefined)
    note(
      `the spec's example ${shortText(JSON.stringify(example) ?? String(example), 80)} does not pass the drafted ` +
        "limits: left out",
    );
  return param;
}

/**
 * The manifest parameter as the runtime checks values against it, where it is sent: a header's (or a cookie's,
 * sent in one) value takes no line break, a path segment is never "." or ".." (an example the runtime would refuse
 * there is no example; generate names it as a problem).
 */
function asSpec(name: string, p: ManifestParam, place: FieldInput["place"]): ParamSpec {
  const { wire: _wire, limitsFromSpec: _limits, ...rest } = p;
  const sent = place === "cookie" ? "header" : place === "body" ? "query" : place;
  return {
    ...rest,
    name,
    title: name,
    required: Boolean(p.required),
    secret: false,
    visibility: "user-or-llm",
    wire: { in: sent, name },
  } as ParamSpec;
}

function firstExample(examples: unknown): unknown {
  if (examples === null || typeof examples !== "object") return undefined;
  const first = Object.values(examples as Schema)[0] as Schema | undefined;
  return first && typeof first === "object" ? first.value : undefined;
}

/**
 * Whether the document's multipart body is a lone value, which the loader reads as one part (media-types.ts,
 * multipartParts).
 */
function loneFileBody(doc: OpenApiDocument, rawOp: Schema, mediaType: string): boolean {
  try {
    const content = (doc.resolve(rawOp.requestBody as Schema).content ?? {}) as Record<string, Schema>;
    const media = content[mediaType] ? doc.resolve(content[mediaType]) : undefined;
    const schema = media?.schema ? safeFlatten(doc, media.schema as Schema) : undefined;
    return schema !== undefined && isLonePart(schema);
  } catch {
    return false;
  }
}

/**
 * "S or null" (`anyOf: [S, {type: null}]`, OpenAPI 3.1's nullable) as S, the union's own keywords (its description,
 * default) kept: a parameter's absence stands for null, and S's type and limits are the parameter's.
 */
function withoutNullBranch(doc: OpenApiDocument, flat: Schema | undefined): Schema | undefined {
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
 * A branch whose one value is "" (`enum: [""]`, `const: ""`): in some APIs, how a value is cleared, which the runtime
 * never sends.
 */
function onlyEmptyText(branch: Schema | undefined): boolean {
  if (!branch) return false;
  if (branch.const === "") return true;
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
