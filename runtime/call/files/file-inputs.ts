// File parameters, opened once a call is valid and before its request: bytes
// as they are, a path as a Blob backed by the file (Node reads it while the
// body streams out; nowhere else is a path readable), an address fetched
// without any credential and without following redirects (a model's, given
// `fileHosts`, only on the public internet: model-files.ts). Each file's size
// is held to the parameter's `maxBytes` before the request leaves; then the
// multipart body puts the other fields first and the files last, each with
// its file name and the Content-Type its part may have (partType: within the
// document's encoding.contentType, else the file's own type, else
// application/octet-stream).
import { startDeadline } from "../../http/deadline.js";
import type { Failure } from "../../http/errors.js";
import type { RuntimeErrorCode } from "../../http/error-codes.js";
import { readBytes } from "../../http/read-body.js";
import { parsePointer } from "../../http/expressions.js";
import type { BodySpec, FormFieldEncoding, ParamCall, ToolCall } from "../../spec/tool-types.js";
import { fileValue, sizeIssue, type FileValue } from "../../validate/file-values.js";
import type { FetchLike } from "../../http/transport.js";
import { allowedFileHosts, type FileHosts } from "../../validate/file-hosts.js";
import { modelFileFetch } from "./model-files.js";
import { toBase64 } from "../../triggers/signature.js";
import { scalarText } from "../../common/scalar-text.js";
import { ownOf } from "../../common/own.js";
import { formFileField, withFormText } from "./form-files.js";
import { type WrittenMultipart, writtenMultipart } from "./multipart-writer.js";

export type { WrittenMultipart };

/** A file ready to go into a multipart body. */
export interface OpenedFile {
  blob: Blob;
  filename: string;
  /** A form's file (form-files.ts): its pair value, the bytes written as text. */
  formText?: string;
}

export interface FileOptions {
  fetch?: FetchLike;
  /** Given: the call's file addresses are a model's, held to the public internet (model-files.ts). */
  fileHosts?: FileHosts;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** Fetched files are read up to this many bytes when their parameter sets no `maxBytes`: 64 MiB. */
const DEFAULT_FILE_BYTES = 64 * 1024 * 1024;
const OCTET_STREAM = "application/octet-stream";

/** The file parameters of a tool. */
export function fileParams(tool: Pick<ToolCall, "params">): ParamCall[] {
  return tool.params.filter((p) => p.type === "file");
}

/** The files a call opened, by parameter name: one, or each of a list (`multiple`), in order. */
export type OpenedFiles = Map<string, OpenedFile[]>;

/**
 * Open every file the call was given, by parameter name; the failure (naming the parameter) of the first that cannot
 * be.
 */
export async function openFiles(
  tool: ToolCall,
  values: Record<string, unknown>,
  options: FileOptions,
): Promise<{ files: OpenedFiles } | { failure: Failure }> {
  const files: OpenedFiles = new Map();
  const allowed = options.fileHosts ? allowedFileHosts(options.fileHosts) : { hosts: [] };
  if ("issue" in allowed) return { failure: { type: "validation", ...allowed.issue } };
  for (const spec of fileParams(tool)) {
    const raw = values[spec.name];
    if (raw === undefined) continue;
    const list: OpenedFile[] = [];
    for (const item of spec.multiple && Array.isArray(raw) ? raw : [raw]) {
      const checked = fileValue(spec, item);
      if ("issue" in checked) return { failure: { type: "validation", ...checked.issue } };
      const opened = await openFile(spec, checked.file, options, allowed.hosts);
      if ("failure" in opened) return opened;
      const field = formFileField(tool, spec);
      if (field !== undefined) list.push(await withFormText(tool, field, opened));
      else
        list.push(spec.wire.in === "body" && tool.body?.contentEncoding === "base64" ? await asBase64(opened) : opened);
    }
    files.set(spec.name, list);
  }
  return { files };
}

/** A raw body the document says is base64 text: the file's bytes as that text, its type kept. */
async function asBase64(opened: OpenedFile): Promise<OpenedFile> {
  const text = toBase64(new Uint8Array(await opened.blob.arrayBuffer()));
  return { blob: new Blob([text], { type: opened.blob.type }), filename: opened.filename };
}

async function openFile(
  spec: ParamCall,
  file: FileValue,
  options: FileOptions,
  hosts: readonly string[],
): Promise<OpenedFile | { failure: Failure }> {
  const invalid = (rule: string, message: string): { failure: Failure } => ({
    failure: { type: "validation", param: spec.name, rule, message: `${spec.name}: ${message}` },
  });
  // Each file keeps the type it says of itself (a Blob's, a path's extension's, a fetched file's), or none: the part's
  // or the raw body's type is chosen from it where the request is written (partType, rawBody).
  if ("bytes" in file) {
    const blob = file.bytes instanceof Uint8Array ? new Blob([file.bytes as BlobPart]) : file.bytes;
    return { blob, filename: file.name ?? spec.name };
  }
  if ("path" in file) {
    const fs = nodeFs();
    if (!fs)
      return invalid(
        "file",
        "a path is read only on Node: give the file's bytes (Uint8Array or Blob) or an https address",
      );
    let size: number;
    try {
      const stat = await fs.promises.stat(file.path);
      if (!stat.isFile()) return invalid("file", `${JSON.stringify(file.path)} is not a file`);
      size = stat.size;
    } catch (e) {
      return invalid(
        "file",
        `no file can be read at ${JSON.stringify(file.path)} (${(e as { code?: string }).code ?? "unreadable"})`,
      );
    }
    const tooBig = sizeIssue(spec, size);
    if (tooBig) return { failure: { type: "validation", ...tooBig } };
    const filename = file.path.split(/[\\/]/).pop() || spec.name;
    const blob = await fs.openAsBlob(file.path, { type: typeOfName(filename) ?? "" });
    return { blob, filename };
  }
  return fetchFile(spec, file.url, options, hosts, invalid);
}

/**
 * A file at an address: fetched with no credential, no redirect followed, within `maxBytes` (its Content-Length refused
 * first). A model's (`fileHosts` given) only on the public internet or a host allowed (`hosts`), checked first.
 */
async function fetchFile(
  spec: ParamCall,
  url: URL,
  options: FileOptions,
  hosts: readonly string[],
  invalid: (rule: string, message: string) => { failure: Failure },
): Promise<OpenedFile | { failure: Failure }> {
  const deadline = startDeadline(options.timeoutMs ?? 30_000, options.signal);
  const limit = spec.maxBytes ?? DEFAULT_FILE_BYTES;
  try {
    let fetchFn = options.fetch ?? ((r: Request) => fetch(r));
    if (options.fileHosts) {
      const timeoutMs = options.timeoutMs ?? 30_000;
      const chosen = await deadline.race(modelFileFetch(spec.name, url, options.fileHosts, hosts, timeoutMs, fetchFn));
      if ("failure" in chosen) return chosen;
      fetchFn = chosen.fetch;
    }
    const response = await deadline.race(
      fetchFn(new Request(url.href, { method: "GET", redirect: "manual", signal: deadline.signal })),
    );
    if (!response.ok) {
      void response.body?.cancel().catch(() => undefined);
      return invalid(
        "file",
        `fetching the file at ${url.origin} answered ${response.status || "a redirect"}, ` +
          `not the file (redirects are not followed)`,
      );
    }
    const read = await deadline.race(readBytes(response, limit, deadline));
    if ("tooLarge" in read)
      return spec.maxBytes === undefined
        ? invalid("file", `the file at ${url.origin} has more than ${limit} bytes`)
        : {
            failure: {
              type: "validation",
              param: spec.name,
              rule: "maxBytes",
              message:
                `${spec.name}: the file at ${url.origin} has more than the ${limit} ` + `bytes it may have (maxBytes)`,
            },
          };
    const type = response.headers.get("content-type")?.trim() || "";
    const last = decodeURIComponent(url.pathname.split("/").pop() ?? "");
    return { blob: new Blob([read.bytes as BlobPart], { type }), filename: last || spec.name };
  } catch (e) {
    if (deadline.timedOut)
      return {
        failure: {
          type: "timeout",
          param: spec.name,
          message: `${spec.name}: the file at ${url.origin} did not arrive within ${options.timeoutMs ?? 30_000} ms`,
          retryable: true,
        },
      };
    if (deadline.cancelled)
      return {
        failure: {
          type: "network",
          code: "ABORTED" satisfies RuntimeErrorCode,
          message: "the call was cancelled",
          retryable: false,
        },
      };
    const detail = (e as { cause?: { message?: string } })?.cause?.message ?? (e as Error)?.message ?? String(e);
    return {
      failure: {
        type: "network",
        param: spec.name,
        message: `${spec.name}: fetching the file at ${url.origin} failed: ${detail}`,
        retryable: true,
      },
    };
  } finally {
    deadline.done();
  }
}

/**
 * A file part's Content-Type, as OpenAPI's Encoding Object gives it. Where the document declares the part's types
 * (`declared`: a type, a range such as `image/*`, or a comma-separated list of them; the parameter's contentType), the
 * file's own type where they admit it, else the first type listed, or a range's most common type. Where it declares
 * none, the file's own type: OpenAPI's application/octet-stream for bytes is the default where nothing is said of the
 * file, not a limit on it, and a service that checks or passes on a part's type (a document, a mail attachment) reads
 * it. The file's own type is the one given with it (a Blob's, a fetched file's), else its name's extension's (`name`);
 * none known: application/octet-stream. A name whose extension is a listed type's subtype takes that type.
 */
export function partType(own: string, declared: string | undefined, name = ""): string {
  const bare = (t: string) => t.split(";")[0]?.trim().toLowerCase() ?? "";
  const given = MEDIA_TYPE.test(bare(own)) ? own : (typeOfName(name) ?? "");
  if (declared === undefined) return given || OCTET_STREAM;
  const listed = declared.split(",").map(bare).filter(Boolean);
  const mine = bare(given);
  const admits = (t: string) => t === mine || t === "*/*" || (t.endsWith("/*") && mine.startsWith(t.slice(0, -1)));
  if (mine && listed.some(admits)) return given;
  // A file whose type is unknown here (or not listed) named as one listed type's subtype (`clip.webm`, `x-` aside):
  // that type, not the first listed (a WebM sent as the video/mp4 heading the list).
  const ext = name.includes(".") ? name.slice(name.lastIndexOf(".") + 1).toLowerCase() : "";
  const named = ext && listed.find((t) => !t.includes("*") && t.split("/")[1]?.replace(/^x-/, "") === ext);
  if (named) return named;
  const exact = listed.find((t) => !t.includes("*"));
  if (exact) return exact;
  const range = listed[0]?.split("/")[0];
  return range && range !== "*" ? `${range}/${RANGE_DEFAULTS[range] ?? "octet-stream"}` : OCTET_STREAM;
}

/** A media type's `type/subtype` (RFC 6838's restricted names): a Blob's type other than that is no type said. */
const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/;

/** A file as its part goes: of the type partType gives it. */
function asPart(file: OpenedFile, declared: string | undefined): Blob {
  const type = partType(file.blob.type, declared, file.filename);
  return type === file.blob.type ? file.blob : file.blob.slice(0, file.blob.size, type);
}

/**
 * The multipart body of a call: each field of the built body (objects as JSON text, a list a part per item; a field
 * whose encoding sets a style, each of its form pairs a part: `meta[colour]`), then the files.
 * A field the document gives a JSON `contentType` (`encoding`) goes as a part of that type (a list whose schema is a
 * list alone, a part per item); the body is then written here, FormData giving no text part a type.
 */
export function multipartBody(
  tool: ToolCall,
  body: unknown,
  files: ReadonlyMap<string, OpenedFile[]>,
  forms?: { encodeForm(body: unknown, fields?: Record<string, FormFieldEncoding>): string },
  // The parts' own headers, by field (`in: part` parameters, ToolSpec `partHeaders`): FormData writes none.
  partHeaders?: Readonly<Record<string, Readonly<Record<string, string>>>>,
): FormData | WrittenMultipart {
  const parts: [name: string, value: string | Blob, filename?: string][] = [];
  const fileKeys = new Map<string, { opened: OpenedFile[]; declared: string | undefined }>();
  for (const spec of fileParams(tool)) {
    const opened = files.get(spec.name);
    const key = spec.wire.in === "body" ? parsePointer(spec.wire.pointer)[0] : undefined;
    if (opened && key !== undefined) fileKeys.set(key, { opened, declared: spec.contentType });
  }
  const typed = tool.body?.fields ?? {};
  const fields =
    body !== null && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  for (const [key, value] of Object.entries(fields)) {
    if (fileKeys.has(key) || value === undefined || value === null) continue;
    const encoding = Object.hasOwn(typed, key) ? typed[key] : undefined;
    const ownType = fieldPartType(tool, key);
    // A list whose schema admits a list alone: a part of that type per item (OpenAPI 3.2: an array's Encoding Object
    // applies to each item); a field that may be another kind, one part of its JSON whatever its value (as a form's).
    if (encoding?.json)
      for (const item of encoding.items && Array.isArray(value) ? value : [value])
        parts.push([key, new Blob([JSON.stringify(item)], { type: "application/json" })]);
    // A text field the document types (text/markdown): a part of that type (per item, of a list), not text/plain.
    else if (ownType !== undefined)
      for (const item of Array.isArray(value) ? value : [value]) parts.push([key, partOf(item, ownType)]);
    else if (encoding && forms)
      for (const [name, text] of new URLSearchParams(forms.encodeForm({ [key]: value }, { [key]: encoding })))
        parts.push([name, text]);
    // A list with no encoding: a part per item under the field's name, each of its item's default type (OpenAPI: an
    // array's default "is defined based on the inner type"; 3.2 spells out a part per item).
    else if (Array.isArray(value)) for (const item of value) parts.push([key, partOf(item)]);
    else parts.push([key, partOf(value)]);
  }
  // Files last: a service that reads its parts in order (metadata, then content) gets the metadata first. A list of
  // files is a part per file under the field's name (OpenAPI: an array field's items each a part of that name).
  for (const [key, { opened, declared }] of fileKeys)
    for (const file of opened) parts.push([key, asPart(file, declared), file.filename]);
  // FormData writes a text's line breaks as CRLF (the HTML form encoding): a text holding one is written here as given,
  // so that the service reads the value the tool was given, within the length it was checked against.
  const writtenHere = parts.some(
    ([name, value, filename]) =>
      (value instanceof Blob && filename === undefined) ||
      (typeof value === "string" && /[\r\n]/.test(value)) ||
      ownOf(partHeaders, name) !== undefined,
  );
  if (writtenHere) return writtenMultipart(parts, partHeaders);
  const form = new FormData();
  for (const [key, value, filename] of parts) {
    if (typeof value === "string") form.append(key, value);
    else form.append(key, value, filename);
  }
  return form;
}

/**
 * A value with no encoding as its part: an object one of application/json, which the part's type says (a service
 * reading parts by type gets JSON), anything else its text, of the type the document gives the field if any (`type`).
 */
const partOf = (value: unknown, type?: string): string | Blob =>
  value !== null && typeof value === "object"
    ? new Blob([JSON.stringify(value)], { type: "application/json" })
    : type === undefined
      ? scalarText(value)
      : new Blob([scalarText(value)], { type });

/** The Content-Type the document gives a multipart text field's parts (BodySpec `partTypes`), if any. */
const fieldPartType = (tool: ToolCall, key: string): string | undefined => ownOf(tool.body?.partTypes, key);

/**
 * A raw body (encoding `binary`): the opened file of its file parameter, with
 * the Content-Type the body's media type names (the file's own type when it is
 * one of the others the body is offered under, `mediaTypes`), or, for a range
 * (`image/*`, any type), the file's own type when the range admits it.
 */
export function rawBody(
  tool: ToolCall,
  body: BodySpec,
  files: ReadonlyMap<string, OpenedFile[]>,
): { blob: Blob; contentType: string } | undefined {
  const spec = fileParams(tool).find((p) => p.wire.in === "body");
  const opened = spec ? files.get(spec.name)?.[0] : undefined;
  if (!opened) return undefined;
  const declared = body.mediaType.split(";")[0]?.trim().toLowerCase() ?? "";
  const own = opened.blob.type.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!declared.includes("*")) {
    // Offered under several types: the file's own, when it is one of them (a PNG is not sent as image/gif).
    const offered = body.mediaTypes?.find((t) => (t.split(";")[0]?.trim().toLowerCase() ?? "") === own);
    return { blob: opened.blob, contentType: own && offered ? offered : body.mediaType };
  }
  const range = declared.split("/")[0];
  const admitted = own && (range === "*" || own.startsWith(`${range}/`));
  return {
    blob: opened.blob,
    contentType: admitted
      ? opened.blob.type
      : range === "*"
        ? OCTET_STREAM
        : `${range}/${RANGE_DEFAULTS[range ?? ""] ?? "octet-stream"}`,
  };
}

/** A type of a range a file of another type (or none) is sent as: the most common of each. */
const RANGE_DEFAULTS: Record<string, string> = {
  image: "png",
  audio: "mpeg",
  video: "mp4",
  text: "plain",
  application: "octet-stream",
};

/**
 * The Content-Type of a file by its name's extension, for the few kinds uploads most often carry (a path's, and a
 * part's whose file came with no type: partType).
 */
function typeOfName(name: string): string | undefined {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? undefined : EXTENSION_TYPES[name.slice(dot + 1).toLowerCase()];
}

const EXTENSION_TYPES: Record<string, string> = {
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  bmp: "image/bmp",
  tif: "image/tiff",
  tiff: "image/tiff",
  txt: "text/plain",
  csv: "text/csv",
  html: "text/html",
  htm: "text/html",
  xml: "text/xml",
  md: "text/markdown",
  json: "application/json",
  jsonl: "application/jsonl",
  mp3: "audio/mpeg",
  wav: "audio/wav",
  mp4: "video/mp4",
  zip: "application/zip",
  vtt: "text/vtt",
  srt: "application/x-subrip",
};

interface NodeFs {
  promises: { stat(path: string): Promise<{ isFile(): boolean; size: number }> };
  openAsBlob(path: string, options: { type: string }): Promise<Blob>;
}

/**
 * Node's file system, where the runtime runs on Node (process.getBuiltinModule: no import, so bundles for browsers stay
 * free of it).
 */
function nodeFs(): NodeFs | undefined {
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  return proc?.getBuiltinModule?.("node:fs") as NodeFs | undefined;
}
