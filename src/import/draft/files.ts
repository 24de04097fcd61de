// Files in a draft: a multipart body's binary field becomes a `file`
// parameter (its maxLength the file's maxBytes), and an operation that
// answers a file (bytes of a type other than JSON, or a redirect to them)
// is drafted `download: true`, whose outputs are fixed.
import { isFileType } from "../../link/files/files.js";
import { isBinaryString, isMediaType } from "../../load/media-types.js";
import type { OpenApiDocument, OpenApiOperation, Schema } from "../../load/openapi-document.js";
import type { ManifestParam } from "../../load/precompiled/manifest-types.js";
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
 * bytes, or where they are): that branch, described as the field. Drafted as a file, the runtime sends the bytes,
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
  const files = flat.filter(isFileField);
  const text = (b: Schema | undefined) => b !== undefined && b.type === "string" && !isBinaryString(b);
  if (files.length !== 1 || !flat.every((b) => files.includes(b as Schema) || text(b))) return undefined;
  const description = typeof field?.description === "string" ? { description: field.description } : {};
  return { ...files[0], ...description };
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
    description: shortText(own ?? (list ? `The ${name} files.` : `The ${name} file.`), 400),
    ...(required ? { required: true } : {}),
    ...(typeof schema.maxLength === "number" ? { maxBytes: schema.maxLength } : {}),
    ...(typeof schema.contentMediaType === "string" && !schema.contentMediaType.includes("*")
      ? { contentType: schema.contentMediaType }
      : {}),
    ...(list ? { multiple: true } : {}),
  };
}

/**
 * The media types (or "a redirect") of the file an operation answers, when its success answer is a file and not JSON;
 * undefined otherwise.
 */
export function answersFile(doc: OpenApiDocument, op: OpenApiOperation): string | undefined {
  if (doc.bodyResponse(op)) return undefined;
  const files = op.responses.filter((r) => /^2\d\d$/.test(r.status)).flatMap((r) => r.mediaTypes.filter(isFileType));
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
