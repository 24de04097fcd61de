// Request bodies as a part of the runtime's support (support.ts `bodies`,
// exported as `requestBodies`): parameter values and constants placed at a
// JSON pointer of the body (the whole-body parameter first, so that fields
// placed inside it win; a list split from its text, a value wrapped under its
// key, an object's other fields merged beside its named ones), and the body
// encoded as the tool's `body` says: JSON, a form (with the form support),
// multipart or one file's bytes (with the file support), or one text as it
// is. A package whose tools send no body bundles none of it.
import { cloneJson } from "../common/clone.js";
import { ownValue, setOwn } from "../common/own.js";
import { parsePointer } from "../http/expressions.js";
import type { FormFieldEncoding, ParamCall, ToolCall, WireSpec } from "../spec/tool-types.js";
import { splitList } from "../validate/validate-params.js";
import type { OpenedFile } from "./files/file-inputs.js";
import type { FileSupport } from "./files/file-support.js";

/**
 * The tool fields whose effect this module gives (tool-field-readers.ts: each field has a reader;
 * tool-field-readers.test.ts: each reader reads it).
 */
export const TOOL_FIELDS_READ = ["body"] as const satisfies readonly (keyof ToolCall)[];

/** A request under construction (build-request.ts `WireRequest`): its headers and its body. */
interface Wire {
  header: Record<string, string>;
  body?: unknown;
  partHeaders?: Record<string, Record<string, string>>;
}

/** Place a body parameter's value: a list split from its text, wrapped under its key unless it holds it. */
function place(
  request: Wire,
  tool: ToolCall,
  spec: ParamCall,
  wire: Extract<WireSpec, { in: "body" }>,
  value: unknown,
): void {
  // The raw body itself, sent as it is (encode); a JSON body's raw form too.
  // A form's file: its pair is written from the opened file (files' formFilePairs), after the other fields'.
  if (spec.type === "file" && (tool.body?.encoding === "binary" || tool.body?.raw || tool.body?.encoding === "form"))
    return;
  // JSON null, given where the document takes it (`nullable`): as it is.
  if (value === null) return setBody(request, wire.pointer, null);
  let wireValue = value;
  if (wire.split) wireValue = splitList(String(value), wire.split.separator);
  if (wire.wrapUnlessKey && isPlainObject(value) && !(wire.wrapUnlessKey in value))
    wireValue = { [wire.wrapUnlessKey]: value };
  if (wire.otherFields && isPlainObject(value)) mergeBody(request, wire.pointer, value);
  else setBody(request, wire.pointer, wireValue);
}

/**
 * The other fields of the body object at a pointer (`otherFields`), each set beside the named ones there, whichever
 * was placed first (their keys are none of the named fields': the value's check refused those, forbiddenKeys).
 */
function mergeBody(request: Wire, pointer: string, value: Record<string, unknown>): void {
  const segments = parsePointer(pointer);
  if (!isPlainObject(request.body)) request.body = {};
  let node = request.body as Record<string, unknown>;
  for (const key of segments) node = ownedChild(node, key);
  // Each an own field, whatever its name (`__proto__` set by assignment would be the object's prototype instead).
  for (const [key, field] of Object.entries(value)) if (!Object.hasOwn(node, key)) setOwn(node, key, cloneJson(field));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** Set a value at a JSON pointer in the body, creating the objects on the way. */
function setBody(request: Wire, pointer: string, value: unknown): void {
  const segments = parsePointer(pointer);
  if (!segments.length) {
    request.body =
      isPlainObject(value) && isPlainObject(request.body) ? { ...value, ...request.body } : cloneJson(value);
    return;
  }
  if (!isPlainObject(request.body)) request.body = {};
  let node = request.body as Record<string, unknown>;
  // Indexed, not a slice of the segments for each value placed.
  const last = segments.length - 1;
  for (let i = 0; i < last; i++) node = ownedChild(node, segments[i] as string);
  // An own field, whatever its name (`/__proto__`).
  setOwn(node, segments[last] as string, value);
}

/**
 * The object at `key` of a body node, made the request's own before anything is written into it: a parameter's value
 * is placed as given (not copied), and a field written inside it later (the credential at auth.alsoSends, a constant,
 * another parameter) went into the caller's object, whose next use then held the secret. A shallow copy on the way
 * down, so only the path written is copied.
 */
function ownedChild(node: Record<string, unknown>, key: string): Record<string, unknown> {
  const child = ownValue(node, key);
  const owned = isPlainObject(child) ? { ...child } : {};
  setOwn(node, key, owned);
  return owned;
}

const NO_FILES: ReadonlyMap<string, OpenedFile[]> = new Map();

/**
 * The body as sent (none when there is none), its Content-Type set on the
 * request unless a header parameter set one: JSON, a form, multipart (fetch
 * names the boundary), one file's bytes or one text.
 */
function encode(
  tool: ToolCall,
  request: Wire,
  form: { encodeForm(body: unknown, fields?: Record<string, FormFieldEncoding>): string } | undefined,
  files: FileSupport | undefined,
  // A call that opened no file (most): one empty map for all, not one made on each call.
  opened: ReadonlyMap<string, OpenedFile[]> = NO_FILES,
): string | FormData | Blob | undefined {
  const encoding = tool.body?.encoding;
  // A body the upstream requires, though the call gave none of its fields: an empty one, not none (an empty text for
  // a body of one text).
  if (request.body === undefined && tool.body?.required) request.body = encoding === "text" ? "" : {};
  // Raw bytes: the body is the one file given (none given: no body), typed as the body's media type says.
  // A JSON body's raw form (`raw`): the file given is the body, instead of the JSON.
  const rawSpec = tool.body?.raw ? { ...tool.body, ...tool.body.raw } : tool.body;
  const raw =
    (encoding === "binary" || tool.body?.raw) && rawSpec && files ? files.rawBody(tool, rawSpec, opened) : undefined;
  if (raw && request.header["Content-Type"] === undefined) request.header["Content-Type"] = raw.contentType;
  // A form of files alone (no other field given): the form is their pairs.
  if (encoding === "form" && request.body === undefined && opened.size) request.body = {};
  const encoded =
    encoding === "binary" || raw
      ? raw?.blob
      : request.body === undefined
        ? undefined
        : encoding === "text"
          ? String(request.body)
          : encoding === "form" && form
            ? withFormFiles(form.encodeForm(request.body, tool.body?.fields), tool, files, opened)
            : encoding === "multipart" && files
              ? files.multipartBody(tool, request.body, opened, form, request.partHeaders)
              : JSON.stringify(request.body);
  if (encoded !== undefined && typeof encoded === "object" && "contentType" in encoded) {
    // A multipart body written part by part: its Content-Type names the boundary (FormData's would be fetch's).
    request.header["Content-Type"] = encoded.contentType;
    return encoded.blob;
  }
  // A form whose fields all came out empty (an empty list or object) is no body: none is sent, nor a
  // Content-Type, unless the upstream requires one (the empty form, typed as one). A JSON body is a document even
  // when empty ({}), sent whatever the method.
  const body = encoded === "" && !tool.body?.required ? undefined : encoded;
  // A header parameter named Content-Type wins over the spec's media type; a multipart body's is fetch's (it names the
  // boundary).
  if (typeof body === "string" && request.header["Content-Type"] === undefined)
    request.header["Content-Type"] = typedAsSent(tool.body?.mediaType ?? "application/json", body);
  return body;
}

/**
 * A text body's Content-Type as its bytes are sent: fetch writes a string as UTF-8, but a `text/*` type without a
 * charset reads as US-ASCII (RFC 2046 §4.1.2; HTTP's Latin-1 default is gone, RFC 9110 §8.3.1), so a text holding
 * other characters says `charset=utf-8`. A type naming a charset keeps it; XML names its own encoding (RFC 7303 §3.2).
 */
function typedAsSent(mediaType: string, text: string): string {
  const textType = /^\s*text\/(?![\w.-]*\+?xml\b)/i.test(mediaType);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ASCII is U+0000–U+007F, control characters too
  if (!textType || /;\s*charset\s*=/i.test(mediaType) || /^[\x00-\x7f]*$/.test(text)) return mediaType;
  return `${mediaType}; charset=utf-8`;
}

/** A form's pairs with its files' after them (form-files.ts), when the call gave any. */
function withFormFiles(
  pairs: string,
  tool: ToolCall,
  files: FileSupport | undefined,
  opened: ReadonlyMap<string, OpenedFile[]>,
): string {
  const filePairs = opened.size && files ? files.formFilePairs(tool, opened) : "";
  return [pairs, filePairs].filter(Boolean).join("&");
}

/** Request bodies as a part of the runtime's support (support.ts `bodies`). */
export const requestBodies = { place, set: setBody, encode };

export type BodySupport = typeof requestBodies;
