// The format a drafted parameter states, from its schema's: one the manifest names, another JSON Schema validators know
// by another name, the first of a union of formats, a pattern for one the manifest cannot name; or a note of one it
// cannot state (unstated-format.ts).
import { isValueFormat } from "@blockwright/runtime/internal";
import type { OpenApiDocument, Schema } from "../../../load/openapi-document.js";
import { typeOf } from "../../../load/openapi-document.js";
import type { ManifestParam } from "../../../load/precompiled/manifest-types.js";
import { FORMAT_ALIASES, FORMAT_PATTERNS, formatPatternOf } from "../../../model/format-aliases.js";
import { binaryTextNote, unstatedFormatNote } from "./unstated-format.js";
import { markedSecret } from "../../../load/schemas/secrets/secret-names.js";

/** Formats that say no more than the type does. */
const PLAIN_FORMATS = new Set(["int32", "int64", "float", "double"]);
/** A field's words saying its bytes go as base64 text (`base64-encoded`, `Base64 encoded image`). */
const BASE64_WORDS = /\bbase[- ]?64\b/i;

/** The format a manifest states for the schema's, or a note of one it cannot. */
export function withFormat(
  doc: OpenApiDocument,
  flat: Schema,
  param: ManifestParam,
  /** The branches of the schema's union (anyOf, else oneOf), if it is one. */
  alternatives: Schema[] | undefined,
  note: (text: string) => void,
  /** Where the value is sent (a JSON body, a form, the query). */
  sent: { place: string; text?: boolean },
  /** The words describing it. */
  words: string,
): void {
  const t = typeOf(flat);
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
      .map((a) => flattened(doc, a)?.format)
      .filter((f): f is string => typeof f === "string");
    if (formats.length && isValueFormat(formats[0])) {
      param.format = formats[0] as ManifestParam["format"];
      note(
        `the spec allows format ${formats.join(" or ")} (${flat.anyOf ? "anyOf" : "oneOf"}): drafted as ` +
          `${formats[0]}, the first`,
      );
    }
  } else if (t === "string" && !param.enum && formatPatternOf(flat.format, param.pattern) !== undefined) {
    // A format a manifest cannot name (base64, an ISO 8601 duration, an RFC 3339 time, an HTTP date): validators and
    // mocks check it, or the upstream reads it so; a pattern says so. The spec's own pattern gives way where it says
    // only "any characters" (`^.{1,2097152}`: its length bounds stay), or the values drafted from it broke the format;
    // another is kept beside the format's (a value meets both: formatPatternOf).
    const format = String(flat.format);
    const hint = FORMAT_PATTERNS[format]?.hint;
    const own = param.pattern;
    param.pattern = formatPatternOf(format, own);
    if (hint) param.patternHint = hint;
    note(
      `the spec gives format ${format} (${hint}): drafted as a pattern its values match` +
        (param.pattern === FORMAT_PATTERNS[format]?.pattern ? "" : `, beside the spec's own pattern ${own}`),
    );
  } else if (t === "string" && flat.format === "binary" && !param.enum) {
    // Bytes outside a file (a JSON body's field, the query): none can carry them as they are. The runtime sends the
    // text a call gives and refuses bytes; where the field's words say base64, a pattern holds values to it.
    const base64 = BASE64_WORDS.test(words);
    if (base64) {
      param.pattern = formatPatternOf("byte", param.pattern);
      param.patternHint = FORMAT_PATTERNS.byte?.hint;
    }
    note(binaryTextNote(sent.place === "body" && !sent.text ? "json" : sent.place, base64));
  } else if (t === "string" && markedSecret(flat)) {
    // The document's own mark of a secret (a sign-in's `PasswordField`, named as none; Azure's `x-ms-secret`): kept
    // secret, set by a person, with its note, once the operation's parameters are drafted (keep-secret.ts).
    param.secret = true;
  } else if (typeof flat.format === "string" && !PLAIN_FORMATS.has(flat.format) && flat.format.toLowerCase() !== t)
    // A format naming the type itself (`format: string` on a string) says no more than the type: nothing to state.
    note(unstatedFormatNote(flat.format));
}

/** The schema with `$ref`s and allOf resolved, or undefined when a `$ref` names nothing. */
function flattened(doc: OpenApiDocument, schema: Schema): Schema | undefined {
  try {
    return doc.flatten(schema);
  } catch {
    return undefined;
  }
}
