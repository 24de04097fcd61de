// A multipart/form-data body (RFC 7578) read into its parts, each with its
// own headers: fetch's FormData reader keeps no part's Content-Type but a
// file's, nor any other header of a part, which the document's `encoding`
// (contentType, headers) speaks of.
//
// A multipart field read from its parts. A field whose schema admits a list alone is a part per item; one that may be
// a list or another kind (a union) goes as one part where the document encodes it as JSON (its value whole, as a
// form's pair is: parameter-content.ts), and otherwise a part per item of a list or one part of another kind's value,
// as the runtime writes it (runtime/call/files/file-inputs.ts): one reading with the link's (load/schemas/json-types.ts
// listAlone). Each part's Content-Type is held to the field's encoding, or OpenAPI's default for its type.
import { createHash } from "node:crypto";
import { bareMediaType, isBinaryString, isJsonMediaType } from "../../load/media-types.js";
import { listAlone } from "../../load/schemas/json-types.js";
import { partContentTypes } from "../../load/schemas/part-content-type.js";
import type { JudgeRule } from "../refusal.js";
import { arrayOf, itemSchema, resolved, scalarOf, typesOf } from "../text-values.js";

export interface Part {
  /** The part's headers, names lowercased. */
  headers: Map<string, string>;
  name: string;
  filename?: string;
  /** The part's Content-Type, when it gives one (RFC 7578: text/plain otherwise). */
  contentType?: string;
  bytes: Buffer;
}

/** The parts of a body, or what is wrong with it. */
export function multipartParts(body: Uint8Array, contentType: string): Part[] | string {
  const boundary = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const mark = boundary?.[1] ?? boundary?.[2];
  if (!mark) return `its Content-Type (${contentType}) names no boundary`;
  const data = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const delimiter = Buffer.from(`--${mark}`);
  let at = data.indexOf(delimiter);
  if (at < 0) return `no part begins with --${mark}`;
  const parts: Part[] = [];
  for (;;) {
    at += delimiter.length;
    if (data.subarray(at, at + 2).toString() === "--") return parts;
    const headersStart = data.indexOf("\r\n", at);
    if (headersStart < 0) return "a part's boundary line does not end";
    const headersEnd = data.indexOf("\r\n\r\n", headersStart);
    if (headersEnd < 0) return "a part's headers do not end with an empty line";
    const headers = new Map<string, string>();
    const lines =
      headersStart === headersEnd
        ? []
        : data
            .subarray(headersStart + 2, headersEnd)
            .toString("utf8")
            .split("\r\n");
    for (const line of lines) {
      const colon = line.indexOf(":");
      if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    const next = data.indexOf(Buffer.concat([Buffer.from("\r\n"), delimiter]), headersEnd + 4);
    if (next < 0) return "the body does not end with its closing boundary";
    const disposition = headers.get("content-disposition") ?? "";
    const name = dispositionParam(disposition, "name");
    if (!/^form-data\b/i.test(disposition) || name === undefined)
      return `a part has no Content-Disposition: form-data with a name (${JSON.stringify(disposition)})`;
    const filename = dispositionParam(disposition, "filename");
    const type = headers.get("content-type");
    parts.push({
      headers,
      name,
      ...(filename !== undefined ? { filename } : {}),
      ...(type ? { contentType: type } : {}),
      bytes: data.subarray(headersEnd + 4, next),
    });
    at = next + 2;
  }
}

/**
 * A Content-Disposition parameter's value: quoted as the HTML form encoding quotes a name or file name (`"` as `%22`, a
 * line break as `%0D`/`%0A`: what FormData, the runtime's own writer and fetch's parser use), or with RFC 822's
 * backslashes, or a bare token.
 */
function dispositionParam(disposition: string, key: string): string | undefined {
  const m = new RegExp(`;\\s*${key}=(?:"((?:[^"\\\\]|\\\\.)*)"|([^;\\s]*))`, "i").exec(disposition);
  if (!m) return undefined;
  if (m[1] === undefined) return m[2];
  return m[1].replace(/\\(.)/g, "$1").replace(/%0D/gi, "\r").replace(/%0A/gi, "\n").replace(/%22/g, '"');
}

export interface Encoding {
  contentType?: string;
  style?: string;
  explode?: boolean;
  allowReserved?: boolean;
  headers?: Record<string, unknown>;
}

/** What is wrong with a field's parts: the rule, the words, and what was sent. */
export interface Problem {
  rule: JudgeRule;
  message: string;
  sent?: string;
}

/** A field's value from its parts (encoded by content or by default, not by style), or what is wrong with them. */
export function multipartField(
  parts: Part[],
  e: Encoding | undefined,
  fieldSchema: unknown,
  data: unknown,
): { value: unknown } | { problems: Problem[] } {
  const types = typesOf(data, fieldSchema);
  const admitsList = types.has("array") && !isBinaryString(resolved(data, fieldSchema));
  const itemsSchema = admitsList ? itemSchema(data, fieldSchema) : fieldSchema;
  if (admitsList && !listAlone(data, fieldSchema)) {
    const json = typeof e?.contentType === "string" && e.contentType.split(",").some((t) => isJsonMediaType(t.trim()));
    const [part] = parts;
    if (json && parts.length !== 1)
      return {
        problems: [
          {
            rule: "encoding.contentType",
            message:
              `the document encodes it as ${e?.contentType} (encoding.contentType) and it may be another kind than a ` +
              `list, so it goes as one part of its JSON, a list too; sent ${parts.length} parts`,
            sent: parts.map(sentOf).join("; "),
          },
        ],
      };
    if (part && parts.length === 1) {
      // One part: the field's value of another kind than a list (an object, a text), or a list of one item.
      const whole = partRead(part, e, fieldSchema, data);
      if (json || ("value" in whole && !Array.isArray(whole.value) && admits(types, whole.value))) return whole;
      const item = partRead(part, e, itemsSchema, data);
      if ("value" in item && admits(typesOf(data, itemsSchema), item.value)) return { value: [item.value] };
      return "value" in whole ? whole : item;
    }
  }
  const values: unknown[] = [];
  const problems: Problem[] = [];
  for (const part of parts) {
    const read = partRead(part, e, itemsSchema, data);
    if ("problems" in read) problems.push(...read.problems);
    else values.push(read.value);
  }
  if (problems.length) return { problems };
  if (admitsList && parts.length === 1 && e?.explode === false && typeof values[0] === "string")
    return { value: arrayOf(data, fieldSchema, String(values[0]).split(",")) };
  return { value: admitsList ? values : values.length === 1 ? values[0] : values };
}

/** One part read as a value of `schema`, or what is wrong with it. */
function partRead(
  part: Part,
  e: Encoding | undefined,
  schema: unknown,
  data: unknown,
): { value: unknown } | { problems: Problem[] } {
  const problem = partProblem(part, e, schema, data);
  return problem ? { problems: [{ ...problem, sent: sentOf(part) }] } : { value: partValue(part, e, schema, data) };
}

/** A part as a refusal shows it: its Content-Type and text, or a file's size. */
const sentOf = (part: Part): string =>
  `${part.contentType ? `Content-Type: ${part.contentType}; ` : ""}` +
  `${part.filename !== undefined ? `a file of ${part.bytes.length} bytes` : part.bytes.toString("utf8")}`;

/** Whether a value is of a JSON type the set names (empty: any; an integer is a number). */
function admits(types: Set<string>, value: unknown): boolean {
  if (!types.size) return true;
  if (value === null) return types.has("null");
  if (Array.isArray(value)) return types.has("array");
  if (typeof value === "number") return types.has("number") || (Number.isInteger(value) && types.has("integer"));
  return types.has(typeof value);
}

/**
 * The media types a part of this field may have: the encoding's, or OpenAPI's default for the field's type
 * (load/schemas/part-content-type.ts, the record the link and the changes read too); undefined: any.
 */
function expectedTypes(
  e: Encoding | undefined,
  schema: unknown,
  data: unknown,
): { types: string[]; explicit: boolean } | undefined {
  const node = resolved(data, schema);
  const part = partContentTypes(e, node, typesOf(data, node), (s) => resolved(data, s));
  if (part.explicit) return { types: part.types.map(bareMediaType), explicit: true };
  // Bytes, or a union that may be a file: any type. OpenAPI's application/octet-stream for bytes is the type where
  // nothing is said of them, not a limit on them: a file may say what it is (a PDF, a PNG), as it goes.
  if (part.default.kind === "bytes" || !part.types.length) return undefined;
  return { types: part.types, explicit: false };
}

function partProblem(part: Part, e: Encoding | undefined, schema: unknown, data: unknown): Problem | undefined {
  const expected = expectedTypes(e, schema, data);
  const given = part.contentType ? bareMediaType(part.contentType) : undefined;
  if (expected) {
    // A file part too is of the type its encoding lists (or of a range it names): a file's own type outside them is
    // not what the document says the part is.
    const fits = (t: string) =>
      expected.types.some((x) => x === t || x === "*/*" || (x.endsWith("/*") && t.startsWith(x.slice(0, -1))));
    // RFC 7578: a part without a Content-Type is text/plain. OpenAPI's own default (not the document's word) also takes
    // such a part whose text is of the default type.
    const ok = given
      ? fits(given)
      : fits("text/plain") ||
        (!expected.explicit && isJsonMediaType(expected.types[0] ?? "") && parsesAsJson(part.bytes));
    if (!ok) {
      return {
        rule: "encoding.contentType",
        message:
          `the part is ${given ?? "text/plain (no Content-Type)"}; ` +
          `the ${expected.explicit ? "document's encoding.contentType" : "default for its type"} ` +
          `is ${expected.types.join(" or ")}`,
      };
    }
  }
  for (const [header, raw] of Object.entries(e?.headers ?? {})) {
    if (header.toLowerCase() === "content-type") continue;
    const definition = resolved(data, raw);
    const value = part.headers.get(header.toLowerCase());
    if (definition.required === true && value === undefined) {
      return {
        rule: "encoding.headers",
        message: `the document requires the part header ${header} (encoding.headers), and the part has none`,
      };
    }
    const miss = value === undefined ? undefined : headerValueMiss(resolved(data, definition.schema), value);
    if (miss)
      return {
        rule: "encoding.headers",
        message: `the part header ${header} is ${JSON.stringify(value)}: ${miss} (encoding.headers)`,
      };
  }
  if (given && isJsonMediaType(given) && !parsesAsJson(part.bytes))
    return { rule: "encoding.contentType", message: `the part says ${given}, and its text is not JSON` };
  return undefined;
}

/** What a part header's text breaks of its schema's listed values or pattern, if anything. */
function headerValueMiss(schema: Record<string, unknown>, value: string): string | undefined {
  if (Array.isArray(schema.enum) && !schema.enum.map(String).includes(value))
    return `not one of ${schema.enum.map((v) => JSON.stringify(v)).join(", ")}`;
  if (schema.const !== undefined && String(schema.const) !== value) return `not ${JSON.stringify(schema.const)}`;
  if (typeof schema.pattern === "string") {
    try {
      if (!new RegExp(schema.pattern, "u").test(value)) return `does not match the pattern ${schema.pattern}`;
    } catch {
      return undefined; // a pattern no engine reads: the document's own check says so
    }
  }
  return undefined;
}

function partValue(part: Part, e: Encoding | undefined, schema: unknown, data: unknown): unknown {
  if (part.filename !== undefined || isBinaryString(resolved(data, schema))) return fileStandIn(part);
  const text = part.bytes.toString("utf8");
  const type =
    part.contentType ?? (typeof e?.contentType === "string" ? undefined : expectedTypes(e, schema, data)?.types[0]);
  if (type && isJsonMediaType(type) && parsesAsJson(part.bytes)) return JSON.parse(text);
  return scalarOf(data, schema, text);
}

/**
 * The text a file part stands for in the value the schema judges: a digest of its bytes (the value a binary string is),
 * so that a list the document makes `uniqueItems` refuses two equal files and keeps two that differ (one stand-in for
 * every file made any two a duplicate).
 */
function fileStandIn(part: Part): string {
  return `(file ${createHash("sha256").update(part.bytes).digest("hex").slice(0, 12)})`;
}

function parsesAsJson(bytes: Buffer): boolean {
  try {
    JSON.parse(bytes.toString("utf8"));
    return true;
  } catch {
    return false;
  }
}
