// The request body of a drafted operation as parameters: its top-level fields (JSON, form or multipart), each
// required as the schema and its shapes say (each drafted by body-fields/body-field.ts), and the others it allows as
// one (open-body/other-fields.ts); or the whole body as one parameter when it is no object of fields (a list, a union
// of shapes, raw bytes); and the rule the body states across its fields.
import { mergePatchNote } from "../../load/schemas/merge-patch.js";
import { fieldOf } from "@blockwright/runtime/internal";
import { isBase64String, isLonePart, isMediaType, LONE_FILE_PART } from "../../load/media-types.js";
import { typeOf, type OpenApiDocument, type OpenApiOperation, type Schema } from "../../load/openapi-document.js";
import type { ManifestRule } from "../../load/precompiled/manifest-types.js";
import type { CredentialDraft } from "../auth/credential-draft.js";
import type { ReviewNote } from "../manifest-yaml.js";
import { answersEvents, answersItemsBesideJson } from "../shapes/event-streams.js";
import { wholeBodyNote } from "../shapes/union-items.js";
import { fieldsOnly, unwritableBody } from "../shapes/unwritable-body.js";
import { bodyFieldRule, branchEnums, branchFields, loneBranch, shapeTag, shapesApart } from "./body-rules.js";
import { unionShapesRule } from "./shape-rules/shared-field-shapes.js";
import { valueRequiredRules } from "./value-required.js";
import { dependentRequiredRules } from "./dependent-required.js";
import { fileParam } from "./files.js";
import { NULLABLE_UNREAD_NOTE } from "../shapes/null-only.js";
import { paramName } from "./param-names.js";
import { fromSchema, safeFlatten, unsafeIntegerNote } from "./param-schema.js";
import { unsafeIntegerAt } from "../../model/safe-integers.js";
import { unionBodyExample } from "./union-example.js";
import { draftOtherFields } from "./open-body/other-fields.js";
import { rawBesideFields, rawBesideJson } from "./body-forms/raw-beside-json.js";
import { type BodyFields, draftBodyField, type ParamsInto } from "./body-fields/body-field.js";
import { nestedKeys } from "./body-fields/nested-key-draft.js";
import { draftPartHeaders } from "./body-forms/part-headers.js";

type Path = (string | number)[];

type RequestBody = NonNullable<OpenApiOperation["requestBody"]>;

/**
 * The request body's top-level fields as parameters (or the whole body as one, when it is not an object of fields); the
 * rule it states across them.
 */
export function draftBody(
  doc: OpenApiDocument,
  op: OpenApiOperation,
  rawOp: Schema,
  credential: CredentialDraft,
  at: Path,
  notes: ReviewNote[],
  into: ParamsInto,
): ManifestRule[] {
  const body = op.requestBody;
  const unwritable = unwritableBody(doc, op);
  if (unwritable) {
    notes.push({ at, note: unwritable });
    return [];
  }
  if (!body) {
    unwrittenBody(doc, rawOp, at, notes);
    return [];
  }
  if (body.encoding === "binary") {
    // A content key that is no media type (`PDF`): the file goes as its own type (link/wire/body.ts).
    if (!isMediaType(body.mediaType))
      notes.push({
        at: [...at, "params"],
        note:
          `the request body's media type ${JSON.stringify(body.mediaType)} is no media type (type/subtype): the file ` +
          "is sent as its own type (application/octet-stream when it has none); write the type in openapi.yaml if " +
          "you know it",
      });
    draftFileBody(body, into);
    if (isBase64String(body.schema))
      notes.push({
        at: [...at, "params"],
        note:
          "the spec gives format byte (base64 text) for the request body's bytes: the file is sent base64-encoded; " +
          "if the upstream reads the bytes as they are, write format binary in openapi.yaml",
      });
    return [];
  }
  const flat = loneBranch(doc, safeFlatten(doc, body.schema));
  const fields = (flat?.properties ?? {}) as Record<string, Schema>;
  if (body.mergePatch) notes.push({ at: [...at, "params"], note: mergePatchNote(body.mediaType) });
  // A required field that is readOnly is the server's: not required of a request (OpenAPI 3).
  const required = new Set(
    (Array.isArray(flat?.required) ? (flat.required as string[]) : []).filter(
      (f) => !Object.hasOwn(fields, f) || safeFlatten(doc, fieldOf(fields, f))?.readOnly !== true,
    ),
  );
  const sent = Object.keys(fields).filter((f) => safeFlatten(doc, fieldOf(fields, f))?.readOnly !== true);
  // A required body of one field (an envelope such as `{data: {…}}`) that the schema does not list as required:
  // without it the body is empty, and the upstream refuses the call. Not one beside the fields of shapes (oneOf), which
  // a body of one shape sends.
  // Nor one of a merge patch, every field of which is optional (its note says so: load/schemas/merge-patch.ts).
  if (
    body.required &&
    !body.mergePatch &&
    required.size === 0 &&
    sent.length === 1 &&
    !(flat && (shapeTag(doc, flat) || branchFields(doc, flat)))
  ) {
    required.add(sent[0] ?? "");
    notes.push({
      at: [...at, "params"],
      note:
        `the request body is required and has one field, ${sent[0]}, which its schema does not list as required: ` +
        "drafted required",
    });
  }
  if (body.required && Object.keys(fields).length && !sent.length)
    notes.push({
      at: [...at, "params"],
      note: "the request body is required, and each of its fields is readOnly (the server's): calls send {}",
    });
  const apart = flat !== undefined && !Object.keys(fields).length && shapesApart(doc, flat, body.encoding);
  if (!apart && (!flat || typeOf(flat) !== "object" || !Object.keys(fields).length)) {
    draftWholeBody(doc, op, flat, at, notes, into);
    return rawBesideJson(body, at, notes, into);
  }
  if (body.encoding === "multipart" && loneFileBody(doc, rawOp, body.mediaType)) {
    notes.push({
      at: [...at, "params"],
      note:
        `the multipart body is one value and names no part: sent as the part "${LONE_FILE_PART}", the usual name ` +
        "for a file; if the upstream reads another, write it in the spec",
    });
  }
  if (body.encoding === "multipart") {
    const partHeaders = draftPartHeaders(doc, rawOp, body.mediaType, at, notes, into);
    if (partHeaders) into.partHeaders = partHeaders;
  }
  const rules = draftBodyFields(doc, op, rawOp, credential, body, flat, fields, required, sent, at, notes, into);
  if (!body.required && !body.mergePatch) optionalBodyNote(flat, at, notes, into);
  return [...rules, ...rawBesideFields(body, rules, at, notes, into)];
}

/** A body of a media type the runtime does not write: said, not drafted. */
function unwrittenBody(doc: OpenApiDocument, rawOp: Schema, at: Path, notes: ReviewNote[]): void {
  const declared = rawOp.requestBody ? doc.resolve(rawOp.requestBody as Schema) : undefined;
  const types = Object.keys((declared?.content ?? {}) as object);
  if (types.length)
    notes.push({
      at,
      note:
        `the request body is ${types.join(", ")}, which the runtime does not write (JSON, ` +
        "application/x-www-form-urlencoded, multipart/form-data, XML, a file's bytes or one text): not drafted",
    });
}

/** Raw bytes: the whole body is one file parameter. */
function draftFileBody(body: RequestBody, into: ParamsInto): void {
  const name = paramName("file", into.taken);
  const draft = fileParam(
    // In code marks: the description is read as Markdown, where `*/*` bare is an emphasised `/`.
    { description: `The file sent as the request body (\`${body.mediaType}\`).`, ...body.schema },
    name,
    body.required,
  );
  draft.wire = { in: "body", pointer: "" };
  into.params[name] = draft;
  into.taken.add(name);
  into.byWire.set("body:", name);
}

/** A body that is no object of fields (a list, a union of shapes, any object): one parameter holding it all. */
function draftWholeBody(
  doc: OpenApiDocument,
  op: OpenApiOperation,
  flat: Schema | undefined,
  at: Path,
  notes: ReviewNote[],
  into: ParamsInto,
): void {
  const body = op.requestBody as RequestBody;
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
  if (body.encoding === "json" && body.schema && doc.admitsNull(body.schema)) draft.nullable = true;
  notes.push({ at: where, note: wholeBodyNote(doc, flat, shapes, body) });
  // A union's minimal call needs one whole shape, of a `oneOf` one only (the contract suite's minimal input sends it).
  const given = draft.example;
  const example = shapes ? unionBodyExample(doc, op, given) : undefined;
  if (example && "value" in example) draft.example = example.value;
  else if (example) [delete draft.example, notes.push({ at: where, note: example.refused })];
  if (given !== undefined && draft.example !== given)
    notes.push({ at: where, note: "the document's example of the request body breaks its schema: not drafted" });
  // A made example holding a field's example beyond the safe integers is no usable one either (param-schema.ts).
  const unsafe = draft.example === undefined ? undefined : unsafeIntegerAt(draft.example);
  if (unsafe !== undefined)
    [notes.push({ at: where, note: unsafeIntegerNote(draft.example, unsafe) }), delete draft.example];
  if (example && "note" in example && example.note) notes.push({ at: where, note: example.note });
  const objectsOnly = fieldsOnly(draft, body.encoding);
  if (objectsOnly) notes.push({ at: where, note: objectsOnly });
  into.params[name] = draft;
  into.byWire.set("body:", name);
}

/** The body's fields as parameters, required as the schema and its shapes say; the rule it states across them. */
function draftBodyFields(
  doc: OpenApiDocument,
  op: OpenApiOperation,
  rawOp: Schema,
  credential: CredentialDraft,
  body: RequestBody,
  flat: Schema,
  fields: Record<string, Schema>,
  required: Set<string>,
  sent: string[],
  at: Path,
  notes: ReviewNote[],
  into: ParamsInto,
): ManifestRule[] {
  const sse = answersEvents(doc, rawOp);
  const events = sse || answersItemsBesideJson(doc, rawOp);
  // A field the schema requires but does not list among its properties is still required of every request (any value).
  const unlisted = [...required].filter((f) => f && !Object.hasOwn(fields, f) && flat.additionalProperties !== false);
  for (const f of unlisted)
    notes.push({
      at: [...at, "params"],
      note:
        `the request body requires ${f}, which its schema does not list among its properties: drafted with no type ` +
        (body.encoding === "json" ? "(json)" : "(a string: a form field's value is text)"),
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
  const context: BodyFields = {
    doc,
    body,
    flat,
    credential,
    declared: op.parameters,
    required,
    sent,
    narrowedValues,
    tag,
    events,
    sse,
    at,
    notes,
    into,
  };
  // A key inside an object of a JSON body (`{auth: {hash}}`): the credential's, sent there too (nested-key-draft.ts).
  const keyHolders =
    body.encoding === "json" ? nestedKeys(doc, credential, fields, at, notes, required) : new Set<string>();
  for (const [field, schema] of [
    ...Object.entries(fields).filter(([f]) => !keyHolders.has(f)),
    ...Object.entries(shaped?.fields ?? {}),
    ...unlisted.map((f): [string, Schema] => [f, {}]),
  ]) {
    draftBodyField(context, field, schema);
    // A field null is a value of (nullable, a null type, an anyOf with null): a caller may send it (link/null-values/).
    const key = into.byWire.get(`body:/${field}`) ?? "";
    const param = body.encoding === "json" ? into.params[key] : undefined;
    if (param && doc.admitsNull(schema)) param.nullable = true;
    else if (param && doc.mayAnswerNull(schema)) notes.push({ at: [...at, "params", key], note: NULLABLE_UNREAD_NOTE });
  }
  if (body.encoding !== "xml") draftOtherFields(doc, flat, at, notes, into); // XML writes the named elements only
  const stated = bodyFieldRule(flat, into.byWire) ?? unionShapesRule(doc, flat, into.byWire);
  // Fields every branch of the rule requires (body-rules.ts).
  const shared: unknown = stated && "required" in stated ? stated.required : undefined;
  for (const name of Array.isArray(shared) ? (shared as string[]) : []) {
    const param = into.params[name];
    if (param) param.required = true;
  }
  // A field that needs others beside it whenever it is given (dependentRequired, dependencies listing fields): first,
  // as it may make a field required, which no rule below then requires for some values.
  const needing = dependentRequiredRules(flat, into.byWire, into.params, required);
  // A field one value of another requires (the shape that value selects requires it).
  const selected = valueRequiredRules(doc, flat, into.byWire, required, into.params);
  if (selected) notes.push({ at: [...at, "rules"], note: selected.note });
  if (needing) notes.push({ at: [...at, "rules"], note: needing.note });
  if (stated) notes.push({ at: [...at, "rules"], note: stated.note });
  else if (body.required && !body.mergePatch && required.size === 0 && sent.length > 1) {
    notes.push({
      at: [...at, "params"],
      note:
        "the request body is required, but its schema requires none of its fields: a call that gives none of them " +
        "sends an empty body ({})",
    });
  }
  const also = stated && "also" in stated ? stated.also : undefined;
  return [
    ...(stated ? [stated.rule] : []),
    ...(also ? [also] : []),
    ...(selected?.rules ?? []),
    ...(needing?.rules ?? []),
  ];
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
 * A body the document leaves optional (no `required: true`, OpenAPI's default) whose schema requires fields: drafted
 * required of every call (such documents mostly mean a required body), with a note naming them and how to loosen it.
 */
function optionalBodyNote(flat: Schema, at: Path, notes: ReviewNote[], into: ParamsInto): void {
  const names = (Array.isArray(flat.required) ? (flat.required as unknown[]) : []).flatMap((field) => {
    const name = typeof field === "string" ? into.byWire.get(`body:/${field}`) : undefined;
    return name !== undefined && into.params[name]?.required ? [name] : [];
  });
  if (!names.length) return;
  const list = names.join(", ");
  notes.push({
    at: [...at, "params"],
    note:
      `the request body is optional (the document does not say required: true), yet its schema requires ${list}: ` +
      "drafted required of every call, as such documents mostly mean a required body; if a call may send no body, " +
      `make ${list} optional`,
  });
}
