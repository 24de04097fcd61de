// A request whose Accept or Content-Type header is not a media type (a
// document may declare `Accept` as an ordinary string parameter, and the
// contract suite then sends any string in it) is answered 406 or 415 here,
// with the reason, before Prism sees it: Prism parses those headers with a
// parser that throws outside any handler, which ended the whole process. An
// Accept of JSON-suffixed types only also takes plain JSON (withPlainJson).
import type { RequestListener } from "node:http";
import { isJsonMediaType, isMediaType, isStructuredSchema } from "../load/media-types.js";

// A content map's key that is no media type is left out of the document a mock serves (mock-document.ts).
export { isMediaType };

/**
 * Whether each entry of a header value is a media type (Accept lists several, comma-separated; an empty one is left to
 * the reader).
 */
export function mediaTypesProblem(value: string | undefined, list: boolean): string | undefined {
  if (value === undefined || !value.trim()) return undefined;
  const entries = list
    ? value
        .split(",")
        .map((e) => e.trim())
        .filter((e) => e)
    : [value.trim()];
  return entries.find((e) => !isMediaType(e));
}

/**
 * An Accept that names only JSON-suffixed types (`application/vnd.zq+json;version=2`, a versioning header a document
 * declares as a parameter) with plain JSON added at the lowest preference: such a type is JSON (RFC 6839), and a
 * document whose responses say `application/json` is answered so, where Prism would answer 406.
 */
export function withPlainJson(accept: string | undefined): string | undefined {
  const entries = (accept ?? "")
    .split(",")
    .map((e) => e.split(";")[0]?.trim().toLowerCase() ?? "")
    .filter((e) => e);
  if (!entries.length || !entries.every((e) => /^[^/]+\/[^/]+\+json$/.test(e))) return undefined;
  return `${accept}, application/json;q=0.01`;
}

/**
 * Whether a request asks the mock for an error status (Prism's `Prefer: code=404` or `__code=404`): a server writes an
 * error in its own type whatever Accept names, so any type is taken at the lowest preference. Prism answered a 200
 * instead when the asked status had no type Accept names (a `text/plain` 400, asked with `Accept: application/json`).
 */
function asksForError(url: string | undefined, prefer: string | string[] | undefined): boolean {
  const query = /[?&]__code=(\d{3})(&|$)/.exec(url ?? "")?.[1];
  const header = /(^|[,;\s])code=(\d{3})\b/.exec(String(prefer ?? ""))?.[2];
  return Number(query ?? header ?? 0) >= 400;
}

function withAnyType(accept: string | undefined): string {
  return accept?.trim() ? `${accept}, */*;q=0.01` : "*/*";
}

export function withMediaTypeCheck(listener: RequestListener): RequestListener {
  return (req, res) => {
    const accept = mediaTypesProblem(req.headers.accept, true);
    const type = accept === undefined ? mediaTypesProblem(req.headers["content-type"], false) : undefined;
    if (accept === undefined && type === undefined) {
      const widened = withPlainJson(req.headers.accept);
      if (widened !== undefined) req.headers.accept = widened;
      if (asksForError(req.url, req.headers.prefer)) req.headers.accept = withAnyType(req.headers.accept);
      return listener(req, res);
    }
    const [status, header] = accept !== undefined ? [406, "Accept"] : [415, "Content-Type"];
    const bad = (accept ?? type ?? "").slice(0, 200);
    const body = JSON.stringify({
      type: "about:blank",
      title: `${header} is not a media type`,
      status,
      detail:
        `the ${header} header holds ${JSON.stringify(bad)}, which is not a media type (type/subtype, ` +
        `then ;name=value parameters)`,
    });
    req.resume();
    res.writeHead(status, { "content-type": "application/problem+json", "content-length": Buffer.byteLength(body) });
    res.end(body);
  };
}

/**
 * An answer of a media type other than JSON whose schema states no type (`{description: "Empty string is returned"}`)
 * served with its schema typed as text: Prism's sampler made an object of it, which it cannot write as text ("Cannot
 * serialise complex objects as text"), and answered 500. So did one whose schema is a number or a boolean (`text/plain`
 * holding a balance, `12.34`): served as the text of its example, or of a value its schema admits. A wildcard type is
 * served as JSON instead (mock-document.ts). Bytes with no schema or example are served as some bytes
 * (unsampledBytes); a multipart answer with a boundary named (partsSchema).
 */
export function withTypedTexts(response: unknown, resolve: (value: unknown) => unknown): unknown {
  if (response === null || typeof response !== "object" || !isRecord((response as Json).content)) return response;
  const content = (response as Json).content as Json;
  let served: Json | undefined;
  for (const [type, media] of Object.entries(content)) {
    if (isJsonMediaType(type) || !isRecord(media)) continue;
    if (MULTIPART.test(type) && !/;\s*boundary=/i.test(type)) {
      served ??= { ...content };
      delete served[type];
      served[`${type}; boundary=${MOCK_BOUNDARY}`] = { schema: partsSchema(resolve(media.schema)) };
      continue;
    }
    // A range of bytes too (`audio/*: {}`): Prism has no serializer for it either.
    if (unsampledBytes(type, media)) {
      served ??= { ...content };
      served[type] = { ...media, schema: { type: "string", format: "binary" } };
      continue;
    }
    if (type.includes("*")) continue;
    const schema = resolve(media.schema);
    if (!isRecord(schema)) continue;
    const scalar = untyped(schema) ? undefined : scalarText(media, schema);
    if (!untyped(schema) && scalar === undefined) continue;
    served ??= { ...content };
    served[type] =
      scalar === undefined
        ? { ...media, schema: { ...schema, type: "string" } }
        : { schema: { type: "string" }, example: scalar };
  }
  return served ? { ...(response as Json), content: served } : response;
}

/** A multipart answer's type (`multipart/form-data`, `multipart/mixed`): a set of parts, each its own bytes. */
const MULTIPART = /^\s*multipart\//i;
/** The boundary a multipart answer is served with (any token: nothing reads the parts). */
const MOCK_BOUNDARY = "bw-mock-parts";

/**
 * A multipart answer's schema as Prism can serve it: an object's as it is, any other (a file's bytes: Swagger 2.0's
 * `schema: {type: file}` of an operation that `produces: [multipart/form-data]`) an object. Prism wrote its sample
 * under a Content-Type with no boundary and then refused its own answer ("Boundary parameter for multipart/form-data
 * is not defined…", 415 on every call); under one naming a boundary it reads the parts back as an object, which a
 * text is not. It writes the object as JSON: the bytes a download gets, whatever they are.
 */
function partsSchema(schema: unknown): Json {
  return isRecord(schema) && schema.type === "object" ? schema : { type: "object" };
}

/**
 * Bytes (`audio/mpeg: {}`, a PDF) declared with no schema and no example: Prism made no value, and writes no value as
 * a type it has no serializer for ("Cannot find serializer for audio/mpeg", a 500); text and XML it writes empty. A
 * range (`audio/*`, `text/*`) it has no serializer for at all: some bytes, whatever the range.
 */
function unsampledBytes(type: string, media: Json): boolean {
  if (media.schema !== undefined || media.example !== undefined) return false;
  if (isRecord(media.examples) && Object.keys(media.examples).length) return false;
  const essence = type.split(";")[0]?.trim().toLowerCase() ?? "";
  if (essence.includes("*")) return true;
  return !essence.startsWith("text/") && !/^application\/(.+\+)?xml$/.test(essence);
}

/**
 * The text of a number's or a boolean's answer: its example's (the media's, then the schema's), its default or a listed
 * value, else one its bounds admit.
 */
function scalarText(media: Json, schema: Json): string | undefined {
  if (!(schema.type === "number" || schema.type === "integer" || schema.type === "boolean")) return undefined;
  const fits = (v: unknown) =>
    schema.type === "boolean"
      ? typeof v === "boolean"
      : typeof v === "number" && (schema.type === "number" || Number.isInteger(v));
  const named = isRecord(media.examples) ? Object.values(media.examples).find(isRecord)?.value : undefined;
  const listed = Array.isArray(schema.enum) ? schema.enum : [];
  const example = [media.example, named, schema.example, schema.default, ...listed].find(fits);
  if (example !== undefined) return String(example);
  if (schema.type === "boolean") return "true";
  // A bound it states, one step inside an exclusive one (3.0's `exclusiveMinimum: true`, 3.1's number), else 1.
  const bound = (exclusive: unknown, inclusive: unknown, inward: number) =>
    typeof exclusive === "number"
      ? exclusive + inward
      : typeof inclusive === "number"
        ? inclusive + (exclusive === true ? inward : 0)
        : undefined;
  const value =
    bound(schema.exclusiveMinimum, schema.minimum, 1) ?? bound(schema.exclusiveMaximum, schema.maximum, -1) ?? 1;
  return String(schema.type === "integer" ? Math.ceil(value) : value);
}

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** A schema that says nothing of its value's type: no type, no structure, no list of values, no `$ref` left. */
function untyped(schema: Json): boolean {
  return (
    !isStructuredSchema(schema) &&
    ["type", "enum", "const", "$ref", "not", "format"].every((k) => schema[k] === undefined)
  );
}
