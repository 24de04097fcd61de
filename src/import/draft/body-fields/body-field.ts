// One field of a request body of fields drafted as a parameter (request-body.ts drafts the body): left out when
// only the reply carries it, it repeats the credential, its enum holds no value of its type, or it holds files no
// part carries; a stream flag or a value alone as a constant; else its parameter, placed at its pointer, a file where
// the multipart field is one, an enum where the body's shapes narrow it.
import { formatPointer } from "@blockwright/runtime/internal";
import type { ManifestConstant, ManifestParam } from "../../../load/precompiled/manifest-types.js";
import { typeOf, type OpenApiDocument, type OpenApiOperation, type Schema } from "../../../load/openapi-document.js";
import { nestedFilePlaces } from "../../../link/files/nested-files.js";
import type { CredentialDraft } from "../../auth/credential-draft.js";
import { repeatsCredential } from "../../auth/credential-params.js";
import type { ReviewNote } from "../../manifest-yaml.js";
import { admitsFalse, isStreamFlag, streamFlagDraft } from "../../shapes/event-streams.js";
import type { shapeTag } from "../body-rules.js";
import { describedFilePart, fileBranch, fileParam, formFileNote, isFileField, nestedFilesWhy } from "../files.js";
import { constantField } from "../one-value-constants.js";
import { paramName, placedFieldName } from "../param-names.js";
import { type FieldInput, fromSchema, safeFlatten } from "../param-schema.js";
import { bracketFormNote } from "../body-forms/bracket-form-note.js";
import { unwrittenFormat, unwrittenFormatRule } from "../../document/swagger2-collection-format.js";

type Path = (string | number)[];

type RequestBody = NonNullable<OpenApiOperation["requestBody"]>;

/** Where drafted parameters go: the operation's parameters, their wire names, the names taken. */
export interface ParamsInto {
  params: Record<string, ManifestParam>;
  byWire: Map<string, string>;
  taken: Set<string>;
  /** The operation's constants: a required body field of null or one value alone (shapes/null-only.ts). */
  constants?: ManifestConstant[];
  /** The wires (`body:/key`) of parameters repeating some ways' key, each call's (keep-secret.ts: secret). */
  keysAgain?: Set<string>;
  /** The headers a multipart body's parts require, each a parameter's value (body-forms/part-headers.ts). */
  partHeaders?: Record<string, Record<string, { param: string }>>;
}

/** What each field of a body of fields is drafted with. */
export interface BodyFields {
  doc: OpenApiDocument;
  body: RequestBody;
  flat: Schema;
  credential: CredentialDraft;
  /** The parameters the operation declares beside its body (the credential's own slot among them, or not). */
  declared: readonly { in: string; name: string }[];
  /** The fields a request must send, and those it can (the readOnly ones aside). */
  required: Set<string>;
  sent: string[];
  /** The values the body's union branches narrow fields to (branchEnums), and the field telling its shapes apart. */
  narrowedValues: Map<string, unknown[]>;
  tag: ReturnType<typeof shapeTag>;
  /** Whether the operation answers JSON or a stream (its `stream` flag is not an input), and whether of events. */
  events: boolean;
  sse: boolean;
  at: Path;
  notes: ReviewNote[];
  into: ParamsInto;
}

/**
 * A body field as repeatsCredential asks of it: a required one of the credential's name is sent it too (its lengths
 * then bound the credential's).
 */
const asked = (field: string, flat: Schema | undefined, required: ReadonlySet<string>) => ({
  in: "body",
  name: field,
  description: flat?.description,
  required: required.has(field),
  limits: { maxLength: flat?.maxLength, minLength: flat?.minLength, format: flat?.format },
});

/**
 * Whether the field is the credential again: `left` (not drafted, said), `again` (some ways' key, which the other ways
 * send nothing at: drafted, each call's, keep-secret.ts makes it secret), or neither.
 */
function repeatedKey(context: BodyFields, field: string, flat: Schema | undefined): "left" | "again" | undefined {
  const { body, credential, declared, required, sent, at, notes, into } = context;
  if ((body.required && sent.length === 1) || (body.encoding === "json" && !required.has(field))) return undefined;
  let again = false;
  const kept = (note: string) => [(again = true), into.keysAgain?.add(`body:/${field}`), notes.push({ at, note })];
  const repeated = repeatsCredential(credential, asked(field, flat, required), declared, kept);
  if (repeated) notes.push({ at, note: repeated });
  return repeated ? "left" : again ? "again" : undefined;
}

/**
 * What fromSchema drafts a body field's parameter from: its name, and the field's own where that differs
 * (`bodyShipSymbol` beside a path's `shipSymbol`), which the placeholder description and notes name.
 */
function bodyFieldInput(name: string, field: string, text: boolean, required: boolean, at: Path): FieldInput {
  return { name, ...(name !== field ? { sentAs: field } : {}), place: "body", text, required, at };
}

/** One field of the body drafted as a parameter, placed at its pointer. */
export function draftBodyField(context: BodyFields, field: string, schema: Schema): void {
  const { doc, body, flat, required, narrowedValues, tag, events, sse, at, notes, into } = context;
  const flatField = safeFlatten(doc, schema);
  if (flatField?.readOnly === true) return; // a field only the reply carries
  // A field named "" (a key JSON allows): no parameter's pointer names it (`/` is one the manifest refuses). Optional
  // here: one the body requires leaves the operation uncallable (uncallable.ts).
  if (field === "") {
    notes.push({ at, note: "the body field with an empty name not drafted: no parameter can name it" });
    return;
  }
  if (events && isStreamFlag(doc, field, schema) && admitsFalse(flatField)) {
    const flag = streamFlagDraft(field, flatField, sse);
    if (flag.constant) into.constants?.push(flag.constant);
    notes.push({ at: flag.constant && into.constants ? [...at, "constants"] : at, note: flag.note });
    return;
  }
  const repeated = repeatedKey(context, field, flatField);
  if (repeated === "left") return;
  const keyAgain = repeated === "again";
  const unsent = required.has(field) ? undefined : optionalUnsentWhy(body.encoding, field, flatField);
  if (unsent) {
    notes.push({ at, note: unsent });
    return;
  }
  // A field that admits only null, or one value: left out, or a constant where required (shapes/null-only.ts).
  const shape = narrowedValues.has(field) || field === tag?.field; // a union's shapes narrow it: their enum
  const nullOnly = constantField(field, flatField, { required: required.has(field), encoding: body.encoding, shape });
  if (nullOnly && (!nullOnly.constant || into.constants)) {
    if (nullOnly.constant) into.constants?.push(nullOnly.constant);
    notes.push({ at: nullOnly.constant ? [...at, "constants"] : at, note: nullOnly.note });
    return;
  }
  const credentials = context.credential.ways.flat().flatMap((c) => (c.user ? [c.param, c.user] : [c.param]));
  const placed = placedFieldName(field, body.encoding, into.byWire, into.taken, credentials);
  const name = placed?.name ?? paramName(field, into.taken);
  const where = [...at, "params", name];
  // Notes about the field itself count only if it is drafted; else they are the operation's.
  const own: ReviewNote[] = placed ? [{ at: where, note: placed.note }] : [];
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
  // The key again, where the document gives it no type (a required field it never lists): the key's text, a secret.
  const fieldSchema = narrowed
    ? { ...flatField, enum: narrowed, ...(field === tag?.field ? { description: tag.description } : {}) }
    : keyAgain && typeOf(flatField) === undefined
      ? { ...flatField, type: "string" }
      : schema;
  const file = fieldFile(doc, body.encoding, field, flatField, (note) => own.push({ at: where, note }));
  // Files inside a multipart field (an object of them): no part carries their bytes (files.ts). A
  // required one leaves the operation uncallable (uncallable.ts); an optional one is left out, said.
  const nested =
    body.encoding === "multipart" && !file ? nestedFilePlaces((s) => safeFlatten(doc, s as Schema), flatField) : [];
  if (nested.length) {
    notes.push({ at, note: `left out the body field ${field}: ${nestedFilesWhy(field, nested).replace(/^its /, "")}` });
    return;
  }
  const draft = file
    ? fileParam(file, name, required.has(field))
    : fromSchema(
        doc,
        fieldSchema,
        bodyFieldInput(name, field, body.encoding !== "json", required.has(field), where),
        own,
      );
  const bracketed = draft ? bracketFormNote(doc, body, field, schema) : undefined;
  if (bracketed) own.push({ at: where, note: bracketed });
  notes.push(...(draft ? own : own.map((n) => ({ ...n, at }))));
  if (!draft) return;
  draft.wire = { in: "body", ...(name !== field ? { pointer: formatPointer([field]) } : {}) };
  into.params[name] = draft;
  into.taken.add(name);
  into.byWire.set(`body:/${field}`, name);
}

/**
 * The file a body field is, its note told: a multipart field's (a binary string, a union's binary branch, or a part of
 * no type whose words say a file's contents), or a form's binary string, whose bytes go as the field's text
 * (formFileNote); undefined for any other field.
 */
function fieldFile(
  doc: OpenApiDocument,
  encoding: string,
  field: string,
  flat: Schema | undefined,
  note: (text: string) => void,
): Schema | undefined {
  if (encoding === "form") {
    if (isFileField(flat)) note(formFileNote(field, flat));
    return isFileField(flat) ? flat : undefined;
  }
  if (encoding !== "multipart") return undefined;
  const described = describedFilePart(flat);
  if (described && flat) {
    note(`${field} has no type in the spec, and its words say a file's contents ("${described}"): drafted as the file`);
    return { ...flat, type: "string", format: "binary" };
  }
  if (isFileField(flat)) return flat;
  const branch = fileBranch(doc, flat);
  if (branch)
    note(
      `${field} is a file or a text (its address): drafted as the file, which the runtime fetches itself from an ` +
        "https address it is given; if the upstream must fetch the address, make it a string parameter",
    );
  return branch;
}

/**
 * Why an optional field is left out, no call sending it: a JSON string whose enum holds no string (textlessEnum), or
 * a form's list of a Swagger 2.0 format no style writes (its converted `x-collectionFormat`).
 */
function optionalUnsentWhy(encoding: string, field: string, flat: Schema | undefined): string | undefined {
  const contradiction = encoding === "json" ? textlessEnum(flat) : undefined;
  if (contradiction)
    return (
      `the body field ${field} is a string whose enum holds no string (${contradiction}): no value meets both, ` +
      "a contradiction in the spec; it is optional, so it is left out (no call sends it). If the API takes those " +
      "values, fix the type or the enum in openapi.yaml, then draft the field here"
    );
  const format = encoding === "json" ? undefined : unwrittenFormat(flat);
  if (format)
    return `left out the body field ${field}: ${unwrittenFormatRule({ in: "formData", name: field }, format)}`;
  return undefined;
}

/**
 * The enum, shortened, of a JSON field of type string whose enum holds no string (`enum: [10, 20, 30]`), which no JSON
 * value meets; undefined otherwise (a text of the form, a query value: the enum's texts are its values).
 */
function textlessEnum(flat: Schema | undefined): string | undefined {
  if (!flat || typeOf(flat) !== "string" || !Array.isArray(flat.enum)) return undefined;
  const values = flat.enum.filter((v) => v !== null);
  if (!values.length || values.some((v) => typeof v === "string")) return undefined;
  const shown = JSON.stringify(values);
  return shown.length > 80 ? `${shown.slice(0, 77)}...` : shown;
}
