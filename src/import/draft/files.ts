// Files in a draft: a multipart body's binary field becomes a `file`
// parameter (its maxLength the file's maxBytes), and an operation that
// answers a file (bytes of a type other than JSON, or a redirect to them)
// is drafted `download: true`, whose outputs are fixed. Files inside a
// multipart field cannot be sent (link/files/nested-files.ts, below).
import { fileTypesOf } from "../../link/files/files.js";
import { nestedFilePlaces, type Resolve } from "../../link/files/nested-files.js";
import { followLocalRefs } from "../../load/json-ref.js";
import { isCsvMediaType } from "../../load/operations/csv-answers.js";
import {
  bytesFormat,
  carriesNoContent,
  constrainsNothing,
  isBinaryString,
  isJsonMediaType,
  isMediaType,
} from "../../load/media-types.js";
import {
  bareMediaType,
  MULTIPART_MEDIA_TYPE,
  type OpenApiDocument,
  type OpenApiOperation,
  type Schema,
} from "../../load/openapi-document.js";
import type { ManifestOutput, ManifestParam } from "../../load/precompiled/manifest-types.js";
import type { ReviewNote } from "../manifest-yaml.js";
import { shortText } from "../plain-text.js";

/**
 * A field a file goes into: a string of format binary (OpenAPI 3.0), or with a contentMediaType or contentEncoding
 * (3.1); or a list of them (an array of such items: several files, a part each).
 */
export function isFileField(schema: Schema | undefined): schema is Schema {
  return isBinaryString(schema) || (schema?.type === "array" && isBinaryString(schema.items as Schema | undefined));
}

/**
 * The file of a union field whose one branch is a binary string and every other a text (`oneOf: [binary, uri]`: the
 * bytes, or where they are): that branch, described as the field; where no branch is binary, its one branch of no type
 * (constrainsNothing), read as a binary string. Drafted as a file, the runtime sends the bytes,
 * which it fetches itself from an https address it is given; drafted as text, the file could not be sent at all.
 */
export function fileBranch(doc: OpenApiDocument, field: Schema | undefined): Schema | undefined {
  const branches = field?.oneOf ?? field?.anyOf;
  if (!Array.isArray(branches) || branches.length < 2) return undefined;
  const flat = branches.map((b) => {
    try {
      return doc.flatten(b as Schema);
    } catch {
      return undefined;
    }
  });
  const text = (b: Schema | undefined) => b !== undefined && b.type === "string" && !isBinaryString(b);
  // A part of no type may be a file or a text: beside text (`anyOf: [InputFile, string]`, InputFile `{description}`),
  // the text is the other branch, so it is the file.
  const binary = flat.filter(isFileField);
  const files = binary.length ? binary : flat.filter((b) => b !== undefined && constrainsNothing(b));
  if (files.length !== 1 || !flat.every((b) => files.includes(b as Schema) || text(b))) return undefined;
  const file = binary.length ? files[0] : { ...files[0], type: "string", format: "binary" };
  const description = typeof field?.description === "string" ? { description: field.description } : {};
  return { ...file, ...description };
}

/** Words saying a value is a file's contents to upload ("the contents of a file to be uploaded", "file data"). */
const FILE_CONTENT_WORDS =
  /\b(contents? of (a|the) file|file(?:'s)? (contents?|bytes|data)\b|file to (be )?upload|upload(ed)? file)/i;

/**
 * A multipart part of no type (constrainsNothing) whose description says it holds a file's contents: the words the
 * spec says it in, read as a binary string. A part of no type may be a file or a text, and a text could never carry
 * the file the words speak of; other parts of no type stay text.
 */
export function describedFilePart(field: Schema | undefined): string | undefined {
  if (!field || !constrainsNothing(field) || typeof field.description !== "string") return undefined;
  return FILE_CONTENT_WORDS.test(field.description) ? shortText(field.description, 80) : undefined;
}

/**
 * The note of a file field of an application/x-www-form-urlencoded body: a text format, so the file's bytes go as the
 * field's text (OpenAPI 3.1.1, Encoding the x-www-form-urlencoded Media Type): base64 where the field's
 * contentEncoding says so, else the bytes percent-encoded. Many such services take multipart only.
 */
export function formFileNote(field: string, schema: Schema): string {
  const encoding = typeof schema.contentEncoding === "string" ? schema.contentEncoding.toLowerCase() : undefined;
  const how =
    encoding === "base64" || encoding === "base64url"
      ? `as ${encoding} text (its contentEncoding)`
      : "as its bytes, each percent-encoded";
  return (
    `${field} is a file in an application/x-www-form-urlencoded body: drafted a file parameter, the file's bytes ` +
    `sent ${how}; if the upstream takes the file as multipart/form-data, declare that body in openapi.yaml`
  );
}

/** A file field's text where the document gives none: "The avatar file.", but "The file." for a field so named. */
function fileText(name: string, list: boolean): string {
  const noun = list ? "files" : "file";
  return /(^|[^a-z])files?$/i.test(name) || /[a-z]Files?$/.test(name) ? `The ${name}.` : `The ${name} ${noun}.`;
}

/** The file parameter of a binary field (`multiple`, of an array of them: the limits its items'). */
export function fileParam(field: Schema, name: string, required: boolean): ManifestParam {
  const list = field.type === "array";
  const schema = list ? (field.items as Schema) : field;
  const own = [field.description, schema.description].find((d) => typeof d === "string" && d.trim()) as
    | string
    | undefined;
  return {
    type: "file",
    description: shortText(own ?? fileText(name, list), 400),
    ...(required ? { required: true } : {}),
    ...(typeof schema.maxLength === "number" ? { maxBytes: schema.maxLength } : {}),
    ...(typeof schema.contentMediaType === "string" && !schema.contentMediaType.includes("*")
      ? { contentType: schema.contentMediaType }
      : bytesFormat(schema)
        ? { contentType: bytesFormat(schema) }
        : {}),
    ...(list ? { multiple: true } : {}),
  };
}

/**
 * The media types (or "a redirect") of the file an operation answers, when its success answer is a file and not JSON;
 * undefined otherwise.
 */
export function answersFile(doc: OpenApiDocument, op: OpenApiOperation): string | undefined {
  if (doc.bodyResponse(op) || textAnswer(op)) return undefined;
  const files = op.responses.filter((r) => /^2\d\d$/.test(r.status)).flatMap(fileTypesOf);
  // A content key that is no media type (`PDF`) is asked for as any type (link/files/files.ts): said, to be corrected.
  const unnamed = files.filter((t) => !isMediaType(t)).map((t) => JSON.stringify(t));
  if (files.length)
    return (
      [...new Set(files)].join(", ") +
      (unnamed.length
        ? `; ${[...new Set(unnamed)].join(", ")} is no media type (type/subtype), so the call asks for any type ` +
          "(Accept: */*): write the file's media type in openapi.yaml if you know it"
        : "")
    );
  return op.responses.some((r) => /^3\d\d$/.test(r.status) && r.status !== "304") ? "a redirect to it" : undefined;
}

/**
 * The success answer an operation's outputs read as one text (`text/plain`, a string that is no file's bytes:
 * load/media-types.ts textAnswerType), when its lowest 2xx is one and no 2xx answers a file of another type beside it;
 * undefined otherwise (a JSON answer, a file, none).
 */
export function textAnswer(op: OpenApiOperation): OpenApiOperation["responses"][number] | undefined {
  const success = op.responses.filter((r) => /^2\d\d$/.test(r.status));
  // The lowest 2xx, as the link reads outputs from it (link/outputs/outputs.ts bodyStatusOf).
  const first = success.sort((a, b) => Number(a.status) - Number(b.status))[0];
  return first?.text && success.every((r) => r.text || !fileTypesOf(r).length) ? first : undefined;
}

/**
 * The output of an answer that is one text (textAnswer): its whole text, a string; undefined for another answer.
 * Beside another 2xx without a body (a 204 "no file found" beside a 201's text) the text may be absent: optional, and
 * a status output tells the answers apart, as other-answers.ts does for a JSON body.
 */
export function textOutputs(op: OpenApiOperation): { outputs: Record<string, ManifestOutput> } | undefined {
  const text = textAnswer(op);
  const description = text && shortText(text.description || "The reply's text.", 200);
  if (!text || !description) return undefined;
  const bodiless = op.responses
    .filter((r) => r !== text && /^2\d\d$/.test(r.status) && (carriesNoContent(r.status) || !r.mediaTypes.length))
    .map((r) => r.status);
  const data: ManifestOutput = { type: "string", from: "$response.body", description };
  if (!bodiless.length) return { outputs: { data } };
  const statuses = [text.status, ...bodiless].join(" or ");
  return {
    outputs: {
      data: { ...data, optional: true },
      "metadata.status": {
        type: "number",
        from: "$statusCode",
        description: `The HTTP status of the reply: ${statuses}.`,
      },
    },
  };
}

// The media type of a file's format as an answer's description names it ("Returns the invoice pdf", "PDF File").
const DESCRIBED_FORMATS: Record<string, string> = {
  pdf: "application/pdf",
  csv: "text/csv",
  zip: "application/zip",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
};

/**
 * A note for an operation whose success answers declare no content while one's description names a file's format: it
 * is drafted as its status (a download needs the file's media type in the document), so the file would go unread.
 */
export function describedFileNote(op: OpenApiOperation, name: string): string | undefined {
  const ok = op.responses.filter((r) => /^2\d\d$/.test(r.status));
  if (!ok.length || ok.some((r) => r.mediaTypes.length)) return undefined;
  for (const r of ok) {
    const word = /\b(pdf|csv|zip|xlsx|png|jpe?g)\b/i.exec(r.description)?.[1]?.toLowerCase();
    if (!word) continue;
    return (
      `${name}'s ${r.status} answer declares no content, but its description names a file ` +
      `(${JSON.stringify(shortText(r.description, 80))}): drafted as its status, the file is not read. If it answers ` +
      `the file, declare its content in openapi.yaml (${DESCRIBED_FORMATS[word]}: {schema: {type: string, format: ` +
      "binary}}) and set download: true"
    );
  }
  return undefined;
}

// A multipart field that holds files inside it: an object of binary strings (`files: {pfx_file, crt_file}`), a map of
// them (`additionalProperties: {format: binary}`), or a list of such objects. OpenAPI sends an object part as one JSON
// text (the Encoding Object's default for an object, application/json), which carries no file's bytes; no rule of it
// names a part per file inside a field (a style's `files[pfx_file]` pairs are text). So no call could send the files:
// an optional field is left out, a required one leaves its operation uncallable (uncallable.ts), each saying how to
// write the document so that each file is a field of its own (a part named as the upstream reads it).
type Json = Record<string, unknown>;
/** Why a field's nested files cannot be sent, and how to write the document instead. */
export function nestedFilesWhy(field: string, places: readonly string[]): string {
  const first = places[0]?.split("/").find((s) => s && s !== "*" && s !== "{}") ?? "name";
  return (
    `its multipart field ${field} holds files inside it (${places.map((p) => `${field}${p}`).join(", ")}), and ` +
    "OpenAPI sends such a field as one JSON part (the Encoding Object's default for an object), which carries no " +
    "file's bytes; if the upstream takes each file as a part of its own, write each as a field of the body in " +
    `openapi.yaml, named as the upstream reads it (\`${field}[${first}]\`, the bracket name Rails and PHP read)`
  );
}

/** The required multipart fields of an operation that hold files inside them, with where (for uncallableWhy). */
export function requiredNestedFilesWhy(document: Json, op: Json): string | undefined {
  const resolve: Resolve = (s) => followLocalRefs(document, s) as Schema | undefined;
  const content = (resolve(op.requestBody)?.content ?? {}) as Json;
  for (const [type, media] of Object.entries(content)) {
    if (bareMediaType(type) !== MULTIPART_MEDIA_TYPE) continue;
    const schema = resolve((media as Json | undefined)?.schema);
    const required = new Set(Array.isArray(schema?.required) ? (schema.required as string[]) : []);
    for (const [field, fieldSchema] of Object.entries((schema?.properties ?? {}) as Json)) {
      if (!required.has(field)) continue;
      const places = nestedFilePlaces(resolve, fieldSchema);
      if (places.length) return nestedFilesWhy(field, places);
    }
  }
  return undefined;
}

/**
 * The note on an answer declared as plain text whose schema is a record (load/media-types.ts jsonTextType): drafted
 * and read as JSON, which a reviewer may doubt; on a CSV of records (load/operations/csv-answers.ts), read as
 * records, not a file; none for another answer.
 */
export function jsonTextNote(response: OpenApiOperation["responses"][number] | undefined, at: ReviewNote["at"]) {
  if (!response?.mediaType || !response.schema || isJsonMediaType(response.mediaType)) return [];
  if (isCsvMediaType(response.mediaType)) {
    const note =
      `the ${response.status} reply is declared ${response.mediaType} of records: its rows are read as records, ` +
      "the header row naming the fields (write `download: true` to take the CSV as a file instead)";
    return [{ at, note }];
  }
  const shape = response.schema.type === "array" || response.schema.items ? "a list" : "an object";
  const note = `the ${response.status} reply is declared ${response.mediaType}, its schema ${shape}: read as JSON text`;
  return [{ at, note }];
}
