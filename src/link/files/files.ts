// Files: a `file` parameter is a part of a multipart/form-data body (or the
// whole body, when the document's body is raw bytes), held to
// `maxBytes` (at most the document's `maxLength` of its binary field) and
// sent with a Content-Type (its own, the document's encoding, or octet-stream);
// an operation with `download: true` answers a file, whose bytes become the
// fixed outputs of runtime/call/files/download.ts instead of being read as JSON.
import type { DownloadSpec, OutputSpec, ParamSpec } from "@blockwright/runtime/internal";
import { parsePointer } from "@blockwright/runtime/internal/generate";
import { carriesNoContent } from "../../load/media-types.js";
import { bareMediaType, isJsonMediaType, type OpenApiOperation, type Schema } from "../../load/openapi-document.js";
import { isMediaType } from "../../load/media-types.js";
import type { ManifestOperation } from "../../load/precompiled/manifest-types.js";
import type { LinkContext, Path } from "../context.js";
import type { LinkedOutput } from "../outputs/outputs.js";
import { nestedFilePlaces } from "./nested-files.js";
import { valueAt } from "../../load/json-ref.js";
import { listedPartTypes } from "../../load/schemas/part-content-type.js";

const FILE_ONLY = ["maxBytes", "contentType", "multiple"] as const;

/**
 * The outputs every download tool has: the runtime fills them from the file it read (runtime/call/files/download.ts,
 * DownloadedFile).
 */
const DOWNLOAD_OUTPUTS: readonly OutputSpec[] = [
  {
    path: "content",
    type: "bytes",
    description: "The file's bytes.",
    optional: false,
    source: { expression: "$response.body#/content", ref: { kind: "body", pointer: ["content"] }, required: true },
  },
  {
    path: "contentType",
    type: "string",
    description: "The file's media type, as the upstream sent it.",
    optional: false,
    source: {
      expression: "$response.body#/contentType",
      ref: { kind: "body", pointer: ["contentType"] },
      required: true,
    },
  },
  {
    path: "filename",
    type: "string",
    description: "The file's name, when the upstream sent one (Content-Disposition).",
    optional: true,
    source: { expression: "$response.body#/filename", ref: { kind: "body", pointer: ["filename"] } },
  },
  {
    path: "size",
    type: "number",
    description: "The file's size in bytes.",
    optional: false,
    source: { expression: "$response.body#/size", ref: { kind: "body", pointer: ["size"] }, required: true },
  },
];

/**
 * What a refusal says where the document offers multipart/form-data beside the JSON body the runtime writes (JSON is
 * written unless its fields hold a file: request-bodies.ts): how to send the file.
 */
function multipartBeside(ctx: LinkContext, op: OpenApiOperation, chosen: string): string {
  const raw = ctx.doc.resolve((valueAt(ctx.doc.source.data, [...op.location, "requestBody"]) ?? {}) as Schema);
  const offered = Object.keys((raw.content ?? {}) as Record<string, unknown>).map(bareMediaType);
  return isJsonMediaType(chosen) && offered.includes("multipart/form-data")
    ? ` (the document offers multipart/form-data beside it, written only where the JSON body's fields hold a file, ` +
        `format: binary: give the file as the JSON field's text, or leave ${chosen} out of ${ctx.openapiName})`
    : "";
}

/**
 * Check each file parameter against the operation's body, and give it the document's limit and part type where the
 * manifest says none.
 */
export function linkFileParams(ctx: LinkContext, id: string, op: OpenApiOperation, params: ParamSpec[]): void {
  const body = op.requestBody;
  for (const p of params) {
    const at: Path = ctx.manifest.params?.[p.name] ? ["params", p.name] : ["operations", id, "params", p.name];
    if (p.type !== "file") {
      for (const key of FILE_ONLY)
        if (p[key] !== undefined)
          ctx.fail("BW2004", [...at, key], `${key} applies to file parameters (type: file), not ${p.type}`);
      refuseNestedFiles(ctx, p, at, op);
      continue;
    }
    const pointer = p.wire.in === "body" ? parsePointer(p.wire.pointer) : undefined;
    if (body?.encoding === "binary" && pointer?.length === 0) {
      // The whole body is the file: its type is the body's media type, when that names one type and not a range (nor
      // a content key that is no media type, `PDF`: the file's own type then, wire/body.ts).
      holdToMaxLength(ctx, p, at, body.schema, "the request body");
      if (p.contentType === undefined && !body.mediaType.includes("*") && isMediaType(body.mediaType))
        p.contentType = bareMediaType(body.mediaType);
      continue;
    }
    // A JSON body offered as raw bytes too: the file is sent instead of the JSON (wire/body.ts).
    if (body?.encoding === "json" && body.raw && pointer?.length === 0) continue;
    // A form's field too: a text format, the file's bytes written as its text (runtime/call/files/form-files.ts).
    if ((body?.encoding !== "multipart" && body?.encoding !== "form") || pointer?.length !== 1) {
      const where = body
        ? `its body is ${body.mediaType}${multipartBeside(ctx, op, body.mediaType)}`
        : "it has no request body";
      ctx.fail(
        "BW2017",
        [...at, "type"],
        `a file parameter is a field of a multipart/form-data or application/x-www-form-urlencoded body ` +
          `(wire: {in: body}) ` +
          `or a whole body of raw bytes (wire: {in: body, pointer: ""}); operation "${op.operationId}" in ` +
          `${ctx.openapiName} takes neither there: ${where}`,
        "value",
      );
      continue;
    }
    const field = pointer[0] as string;
    const declared = ctx.doc.resolve(
      (((body.schema.properties ?? {}) as Record<string, Schema>)[field] ?? {}) as Schema,
    );
    // A list of files (`multiple`) is a field the document makes an array: each item a file, limited as one.
    const list = declared.type === "array";
    if (p.multiple === true && !list)
      ctx.fail(
        "BW2017",
        [...at, "multiple"],
        `a list of files (multiple: true) goes into a multipart field that is an array; ` +
          `field "${field}" of "${op.operationId}" in ${ctx.openapiName} is not`,
        "value",
      );
    const schema = list && p.multiple === true ? ctx.doc.resolve((declared.items ?? {}) as Schema) : declared;
    holdToMaxLength(ctx, p, at, schema, `field "${field}"`);
    // The part's types as the document's encoding lists them (a type, a range, or several): the runtime sends the
    // file's own type where they admit it, else the first (runtime/call/files/file-inputs.ts partType); none, the
    // file's own type, else application/octet-stream.
    const partTypes = listedPartTypes(body.fields[field]?.contentType).map(bareMediaType).filter(Boolean);
    if (p.contentType === undefined && partTypes.length) p.contentType = partTypes.join(", ");
  }
  if (body?.encoding === "binary") {
    // A raw body is one file: any other parameter placed in it has nowhere to go.
    const files = params.filter((p) => p.type === "file" && p.wire.in === "body");
    const others = params.filter((p) => p.type !== "file" && p.wire.in === "body");
    for (const p of others)
      ctx.fail(
        "BW2017",
        ctx.manifest.params?.[p.name] ? ["params", p.name, "wire"] : ["operations", id, "params", p.name, "wire"],
        `the request body of "${op.operationId}" in ${ctx.openapiName} is raw bytes (${body.mediaType}): ` +
          `only a file parameter (type: file, wire: {in: body, pointer: ""}) goes into it, not ${p.type} ` +
          `parameter ${p.name}`,
        "value",
      );
    if (files.length > 1)
      ctx.fail(
        "BW2017",
        ["operations", id, "params"],
        `the request body of "${op.operationId}" in ${ctx.openapiName} is one file (${body.mediaType}); ` +
          `${files.length} file parameters go into it (${files.map((p) => p.name).join(", ")})`,
        "value",
      );
  }
}

/**
 * A parameter that is a whole multipart field holding files inside it (nested-files.ts) is refused: the field goes as
 * one JSON part, which carries no file's bytes, so the parameter could send none.
 */
function refuseNestedFiles(ctx: LinkContext, p: ParamSpec, at: Path, op: OpenApiOperation): void {
  const body = op.requestBody;
  if (body?.encoding !== "multipart" || p.wire.in !== "body" || p.wire.otherFields) return;
  const pointer = parsePointer(p.wire.pointer);
  const field = pointer[0];
  if (pointer.length !== 1 || field === undefined) return;
  const resolve = (s: unknown) => {
    try {
      return s !== null && typeof s === "object" ? ctx.doc.resolve(s as Schema) : undefined;
    } catch {
      return undefined;
    }
  };
  const places = nestedFilePlaces(resolve, ((body.schema.properties ?? {}) as Record<string, unknown>)[field]);
  if (places.length)
    ctx.fail(
      "BW2017",
      [...at, "wire"],
      `body field "${field}" of "${op.operationId}" in ${ctx.openapiName} holds files inside it ` +
        `(${places.map((x) => `${field}${x}`).join(", ")}): OpenAPI sends it as one JSON part, which carries no ` +
        `file's bytes, so ${p.type} parameter ${p.name} could send none; write each file as a field of the body in ` +
        "the document, named as the upstream reads it, and give each a file parameter",
      "value",
    );
}

/**
 * The file's maxBytes from the schema's maxLength: taken when the manifest sets none, refused when the manifest's is
 * looser.
 */
function holdToMaxLength(ctx: LinkContext, p: ParamSpec, at: Path, schema: Schema, what: string): void {
  const declared = typeof schema.maxLength === "number" ? schema.maxLength : undefined;
  if (declared === undefined || (p.maxBytes !== undefined && p.maxBytes <= declared)) return;
  if (p.maxBytes === undefined) p.maxBytes = declared;
  else
    ctx.fail(
      "BW2006",
      [...at, "maxBytes"],
      `maxBytes ${p.maxBytes} is looser than ${what}'s maxLength ${declared} in ${ctx.openapiName}`,
      "value",
    );
}

/** The download of an operation that answers a file (`download: true`), with its outputs; undefined otherwise. */
export function linkDownload(
  ctx: LinkContext,
  at: Path,
  mop: ManifestOperation,
  op: OpenApiOperation,
): { download: DownloadSpec; outputs: LinkedOutput[] } | undefined {
  if (mop.download !== true) return undefined;
  if (Object.keys(mop.outputs).length) {
    ctx.fail(
      "BW2022",
      [...at, "outputs"],
      `an operation that answers a file (download: true) has the outputs content, contentType, ` +
        `size and filename; its outputs must be {} (got ${Object.keys(mop.outputs).join(", ")})`,
      "value",
    );
  }
  const success = successAnswers(op);
  const file = fileAnswer(op);
  const redirect = op.responses.some((r) => /^3\d\d$/.test(r.status) && r.status !== "304");
  const status = file ?? (redirect ? success[0] : undefined);
  if (!status) {
    const answered =
      success.map((r) => `${r.status}: ${r.mediaTypes.join(", ") || "no body"}`).join("; ") || "no 2xx answer";
    ctx.fail(
      "BW2021",
      [...at, "download"],
      `operation "${op.operationId}" in ${ctx.openapiName} answers no file (a 2xx of a media type other than ` +
        `JSON, or a redirect): ${answered}`,
      "value",
    );
    return undefined;
  }
  // A success answer without a body beside the file's (a 204 "nothing to download"): no file, so no output is certain.
  const bodiless = success.some(
    (r) => r.status !== status.status && (carriesNoContent(r.status) || (!r.schema && !r.mediaTypes.length)),
  );
  const outputs = DOWNLOAD_OUTPUTS.map((spec) => ({
    spec: bodiless ? withoutFile(spec) : structuredClone(spec),
    type: {
      kind: "primitive",
      name: spec.type === "bytes" ? "Uint8Array" : spec.type === "number" ? "number" : "string",
    } as const,
  }));
  // Every other 2xx that answers a file is the file too (a text answer under 201 and 202 alike).
  const others = success.filter((r) => r !== status && fileTypesOf(r).length).map((r) => Number(r.status));
  const onlyFile = [status, ...success.filter((r) => others.includes(Number(r.status)))]
    .filter(takesNoPage)
    .map((r) => Number(r.status));
  const download: DownloadSpec = {
    status: Number(status.status),
    ...(others.length ? { statuses: others } : {}),
    mediaTypes: downloadTypes(op),
    ...(onlyFile.length ? { onlyFile } : {}),
  };
  return { download, outputs };
}

/**
 * Whether a file answer declares only types of a file (`application/pdf`, `image/*`), none a JSON document's or an HTML
 * page's nor one of any body (`application/octet-stream`, `*\/*`, `application/*`, a key that is no media type): a JSON
 * or an HTML answer under its status is then no file but an error (issue 59: a JSON error under 200 taken as the PDF).
 */
function takesNoPage(answer: OpenApiOperation["responses"][number]): boolean {
  const any = /^(\*\/\*|(application|text)\/\*|application\/octet-stream|text\/html|application\/xhtml\+xml)$/;
  return (
    answer.mediaTypes.some(isFileType) &&
    answer.mediaTypes.every((t) => isMediaType(t) && isFileType(t) && !any.test(bareMediaType(t)))
  );
}

/** A download output made optional, for an operation one of whose success answers carries no file. */
function withoutFile(spec: OutputSpec): OutputSpec {
  const source = structuredClone(spec.source);
  if (!("value" in source)) delete source.required;
  return {
    ...spec,
    description: spec.optional ? spec.description : `${spec.description} Absent when the answer carries no file.`,
    optional: true,
    source,
  };
}

/** An operation's 2xx answers, lowest status first. */
function successAnswers(op: OpenApiOperation): OpenApiOperation["responses"] {
  return op.responses.filter((r) => /^2\d\d$/.test(r.status)).sort((a, b) => Number(a.status) - Number(b.status));
}

/** The first 2xx answer that is a file. */
function fileAnswer(op: OpenApiOperation): OpenApiOperation["responses"][number] | undefined {
  return successAnswers(op).find((r) => fileTypesOf(r).length);
}

/**
 * The media types a download asks for: its file answer's (any, when it has none: a redirect to the file, or a content
 * key that is no media type, such as `PDF`, which an Accept naming it makes no server, nor the mock, answer).
 */
export function downloadTypes(op: OpenApiOperation): string[] {
  const answer = fileAnswer(op);
  const types = (answer ? fileTypesOf(answer) : []).filter(isMediaType);
  return types.length ? types : ["*/*"];
}

/**
 * The media types an answer's file comes in: those of a file (isFileType), or, where it declares none, its JSON types
 * when they describe bytes (`application/json` of a binary string: the load's `bytes`), asked for as declared. None
 * under a status that carries no content (a 204 declaring `text/plain` of an empty string): HTTP sends it no body.
 */
export function fileTypesOf(answer: OpenApiOperation["responses"][number]): string[] {
  if (carriesNoContent(answer.status)) return [];
  const files = answer.mediaTypes.filter(isFileType);
  return files.length || !answer.bytes ? files : answer.mediaTypes.filter(isJsonMediaType);
}

/** A media type a file comes in: anything but JSON and a stream of events. */
export function isFileType(mediaType: string): boolean {
  const bare = bareMediaType(mediaType);
  return !isJsonMediaType(bare) && bare !== "text/event-stream";
}
