// The document a mock serves, made to answer requests as the runtime sends them: Prism routes by the operations' paths
// alone, so each is given its server's path (`/api`; server/operation-server.ts), and a mock's address is used as the
// live one is; the parameters the credential covers (`auth.covers`, or in the credential's own place) are not required
// of requests, which carry the credential instead; nor are header parameters named Accept, Content-Type or
// Authorization, whose definitions OpenAPI ignores; a 204, 205 or 304 answer has no body, nor any answer to HEAD; a
// form's list field (one that may be null too) also takes one item (sent as `Key=value`), and a required one is the
// judge's to require (mocks.ts); a parameter "S or null" is S and its `oneOf` an `anyOf` (`1`: an id and a slug); a
// schema Prism's validator cannot compile (nullable beside allOf or $ref) is rewritten so that it is compiled once and
// checked (prism-schemas.ts). A response with no example whose schema Prism's sampler would break gets a valid made
// one; one whose only media type is a wildcard (`*/*`) is served as JSON, and a named example `default` as the default;
// an object sent in the query as its fields (form, exploded) is taken as those fields, a text answer of no type as text
// (media-types.ts); a body whose `allOf` members each close the object takes the fields of all (open-all-of.ts; an
// answer too, and an answer's `oneOf` of object shapes is an `anyOf`: its shapes overlap); a multipart body's object
// fields, sent as JSON parts, are taken as the text Prism reads; an answer lists no transport header (Content-Encoding,
// Transfer-Encoding, …), reads a header's enum as its type's values (text-enum.ts), and a JSON type of it without a
// schema takes its sibling JSON type's, and an error answer's JSON type with neither a schema nor an example serves
// `{}` (answers/empty-error-json.ts); an optional Accept-Language header also takes the `*` fetch sends without one; a
// `Prefer` header the API declares is left to the judge (Prism reads one as its steering), a reserved expansion
// `{+path}` is written `{path}`, a path's literal text as sent (judge/path-literals.ts); a parameter Prism cannot read
// (label or matrix style, lists or objects in a path or header, an exploded query list of texts, `content`, cookies, a
// deepObject holding a union) is the judge's alone, as is requiring a query parameter whose schema lists "" (Prism
// reads `flag=` as absent).
import { withEmptyErrorJsonShown } from "./answers/empty-error-json.js";
import { withBaseRefsAsKinds } from "../load/schemas/base-kinds.js";
import { OPERATION_METHODS } from "../load/openapi-document.js";
import { servedKeyPaths, withKeyQueryParameters, withPlainTemplateNames } from "../load/operation-index.js";
import { servedInRouteOrder } from "../link/server/operation-server.js";
import { isBodyFramingHeader, isIgnoredHeader } from "../load/ignored-headers.js";
import {
  carriesNoContent,
  describedJsonType,
  isJsonMediaType,
  isJsonTextBodyMedia,
  isXmlMediaType,
} from "../load/media-types.js";
import { documentServer } from "../link/server/server.js";
import { JSON_TYPE, servedAsJsonInstead, withoutContent, withSampledAnswers } from "./mock-answers.js";
import { servedAnswerHeaders } from "./answers/served-headers.js";
import { isOwnPrefer } from "./mock-judge.js";
import { withLiteralsAsSent } from "../judge/path-literals.js";
import { MeantSchemas, withAnswersAsMeant, withOpenAllOfMembers } from "./open-all-of.js";
import { answersWithoutWriteOnlyRequired, withoutReadOnlyRequired } from "./read-only-required.js";
import { withDiscriminatedKindsIn } from "../load/examples/discriminated-kinds.js";
import { makeSchemasCompilable, tuplesAsListedItems } from "./prism-schemas.js";
import { isMediaType, withTypedTexts } from "./media-types.js";
import { withByteListsAsFiles } from "./media/byte-lists.js";
import { withCsvRecordsAsText } from "./media/csv-records.js";
import { withYamlRecordsAsText } from "./media/yaml-records.js";
import { withXmlRecordsAsText } from "./media/xml-records.js";
import { withRecordFilesAsFiles } from "./media/record-files.js";
import { servedParameters } from "./parameters/served-parameters.js";
import {
  isObject,
  resolved,
  withJsonFormFieldsAsText,
  withJsonPartsAsText,
  withFormAllOfMerged,
  withFormEnumsAsText,
  withOneItemFormLists,
  withUnionPartsAsText,
  withUnlistedFormFields,
  withSpreadFormObjectsOptional,
} from "./mock-form-bodies.js";

type Json = Record<string, unknown>;

/** A parameter the credential covers: its place and name (`header`, `token`). */
export interface CoveredSlot {
  in: string;
  name: string;
}

/** A copy of `document` (the generator's, untouched) as a mock serves it (too deep: refused by its caller). */
export function mockDocument(original: object, covers: (slot: CoveredSlot) => boolean): object {
  // In a copy: schemas Prism compiles (prism-schemas.ts), answers made where Prism's would break (mock-answers.ts).
  const compilable = structuredClone(original) as Json;
  // A field of a discriminated base as the union of its kinds, as the judge reads it (load/schemas/base-kinds.ts): an
  // answer Prism or the sampler makes is one of them, not the base's own fields.
  withBaseRefsAsKinds({ "#": compilable }, compilable);
  // A file's bytes written as a list of bytes, as the binary string it stands for (media/byte-lists.ts).
  withByteListsAsFiles(compilable);
  makeSchemasCompilable(compilable);
  const document = withSampledAnswers(compilable);
  tuplesAsListedItems(document);
  // Once the answers are made: a discriminated union as the judge reads it, the shape named by its property's value,
  // so that Prism's check of an answer (and a request) holds it to the same letter.
  withDiscriminatedKindsIn(document);
  const server = documentServer(document);
  const base = server && "path" in server ? server.path : "";
  const paths = ((document as Json).paths ?? {}) as Record<string, unknown>;
  const servedAt = servedKeyPaths(Object.keys(paths));
  const served: Record<string, unknown> = {};
  // The schemas read as meant (open-all-of.ts), each once, where the operations' bodies and answers refer to them.
  const meant = new MeantSchemas(document as Json);
  // A reserved expansion (`{+path}`, a value spanning segments) is a plain expression to Prism's router, which
  // mock-judge.ts hands the value as one segment; a key's fixed query pairs give it a path of its own (servedKeyPath),
  // as does a template alike another but for its expressions' names.
  for (const [path, item, under] of servedInRouteOrder(document, paths, base)) {
    const kept = withoutCovered(withKeyQueryParameters(path, item), covers, document as Json, meant);
    // Names RFC 6570 reads otherwise (`{id:}`) in letters, digits and `_` (operation-index.ts), as Prism reads them.
    const plain = withPlainTemplateNames(servedAt(path).replace(/\{\+/g, "{"), kept, (v) =>
      resolved(v, document as Json),
    );
    served[withLiteralsAsSent(`${under}${plain.path}`)] = plain.item;
  }
  return meant.withMeant({ ...(document as Json), paths: served });
}

function withoutCovered(
  item: unknown,
  covers: (slot: CoveredSlot) => boolean,
  document: Json,
  meant: MeantSchemas,
): unknown {
  if (!isObject(item)) return item;
  const keep = (list: unknown) =>
    Array.isArray(list)
      ? list
          .filter((p) => !isCovered(resolved(p, document), covers) && !isOwnPrefer(resolved(p, document)))
          .flatMap((p) => servedParameters(p, document))
      : list;
  const out: Json = { ...item, ...(item.parameters ? { parameters: keep(item.parameters) } : {}) };
  for (const method of OPERATION_METHODS) {
    const op = item[method];
    if (!isObject(op)) continue;
    // A mock never calls out: Prism would fire an operation's callbacks at the address the request names.
    const { callbacks: _, ...own } = op;
    out[method] = {
      ...own,
      ...(op.parameters ? { parameters: keep(op.parameters) } : {}),
      ...(op.requestBody
        ? {
            requestBody: withOpenAllOfMembers(
              withJsonFormFieldsAsText(
                withSpreadFormObjectsOptional(
                  withOneItemFormLists(
                    withUnionPartsAsText(
                      withJsonPartsAsText(
                        withUnlistedFormFields(
                          withFormEnumsAsText(
                            withoutReadOnlyRequired(
                              withFormAllOfMerged(
                                bodyWithoutCovered(
                                  withMediaTypesOnly(resolved(op.requestBody, document), "*/*"),
                                  covers,
                                  document,
                                ),
                                document,
                              ),
                              document,
                            ),
                            document,
                          ),
                          document,
                        ),
                        document,
                      ),
                      document,
                    ),
                    document,
                  ),
                  document,
                ),
                document,
              ),
              (v) => resolved(v, document),
              meant,
            ),
          }
        : {}),
      ...(isObject(op.responses)
        ? { responses: namedDefaultServed(answersAsJson(op.responses, document, method === "head"), document, meant) }
        : {}),
    };
  }
  return out;
}

/**
 * Answers whose media types name no JSON type beside a wildcard (any type, `application/*`) with a schema serve the
 * wildcard as JSON: Prism cannot write an object as any type ("Cannot find serializer"), and answered 500 where the
 * document has one; beside a JSON type, the wildcard is left out. Every answer loses the transport headers the
 * document lists.
 */
function answersAsJson(responses: Json, document: Json, head = false): Json {
  const out: Json = {};
  for (const [status, declared] of Object.entries(responses)) {
    const found = resolved(declared, document);
    const served = servedAnswerHeaders(withMediaTypesOnly(found), document);
    const texts = withTypedTexts(withEmptyErrorJsonShown(status, withSiblingJsonSchema(served)), (v) =>
      resolved(v, document),
    );
    // A success's CSV of records as CSV text, not JSON (media/csv-records.ts).
    // A success's YAML of a record as YAML text, the file the download reads (media/yaml-records.ts); its XML as an
    // XML document (media/xml-records.ts); a record under other file types alone as a file of them (record-files.ts).
    const asText = withYamlRecordsAsText(status, withCsvRecordsAsText(status, texts, document), document);
    const response = withRecordFilesAsFiles(status, withXmlRecordsAsText(status, asText, document), document);
    // As declared (a `$ref` kept) unless a header or schema had to change.
    const raw = response === found ? declared : response;
    // No content for 204, 205 or 304 (RFC 9110), whatever declared: Prism sent a body's length with a 204,
    // and a client's connection then waited for the bytes (a board's deletion kept `verify` from exiting).
    // Nor does any answer to HEAD (RFC 9110 §9.3.2), whose error answers documents declare with a JSON body: Prism's
    // own had no media type, then its check wanted the declared one.
    if ((carriesNoContent(status) || head) && isObject(response) && response.content !== undefined) {
      out[status] = withoutContent(response);
      continue;
    }
    const content = isObject(response) && isObject(response.content) ? response.content : undefined;
    const records = content ? objectsOfOtherTypes(content, document) : [];
    if (content && records.length) {
      out[status] = { ...(response as Json), content: recordsAsJson(content, records) };
      continue;
    }
    const types = Object.keys(content ?? {});
    const wildcard = types.find((t) => /^(\*|application)\/\*\s*(;|$)/.test(t.trim()));
    if (!content || wildcard === undefined) {
      out[status] = raw;
      continue;
    }
    const { [wildcard]: media, ...others } = content;
    if (!types.some(isJsonMediaType) && isObject(media) && media.schema !== undefined)
      out[status] = { ...(response as Json), content: { "application/json": media, ...others } };
    // Beside types a request can name, the wildcard is none: Prism took it for `Accept: */*` and wrote its object as
    // some text type ("Cannot serialise complex objects as text"); the types listed answer any type asked for.
    else out[status] = types.length > 1 ? { ...(response as Json), content: others } : raw;
  }
  return out;
}

/**
 * An answer's JSON type without a schema takes the schema of another JSON type of the same answer (one body,
 * written with and without its charset): Prism serves the type a request's Accept names, and served the one
 * without a schema empty once its broken examples were left out.
 */
function withSiblingJsonSchema(response: unknown): unknown {
  if (!isObject(response) || !isObject(response.content)) return response;
  const content = response.content;
  const json = Object.keys(content).filter((type) => isJsonMediaType(type) && isObject(content[type]));
  const described = describedJsonType(content);
  if (described === undefined || json.every((type) => (content[type] as Json).schema !== undefined)) return response;
  const schema = (content[described] as Json).schema;
  return {
    ...response,
    content: Object.fromEntries(
      Object.entries(content).map(([type, media]) => [
        type,
        json.includes(type) && (media as Json).schema === undefined ? { ...(media as Json), schema } : media,
      ]),
    ),
  };
}

/**
 * A content map keeps only its media types: a key that is none (`code`, an example's name written one level too
 * high) made Prism's parser throw outside any handler when it picked the answer, and that ended the process serving
 * the mock. A request body's only key (`PDF`) is any type (`as`), which the runtime sends there. The most specific
 * type comes first, as OpenAPI reads a content map (a named type, then a range, `image/*`, then any type): Prism
 * holds a body, a request's or its own answer's, to the first type matching the one it was sent as (a JSON object
 * sent as `application/x.extended+json` was held to the binary text of any type, first; an answer's JSON object, its
 * `application/json` listed after any type's `{}`, to the bytes of any type, and the mock refused its own answer).
 */
function withMediaTypesOnly(part: unknown, as?: string): unknown {
  if (!isObject(part) || !isObject(part.content)) return part;
  const named = Object.entries(part.content).filter(([type]) => isMediaType(type));
  named.sort(([a], [b]) => rangeRank(a) - rangeRank(b));
  return { ...part, content: Object.fromEntries(named.length || !as ? named : [[as, Object.values(part.content)[0]]]) };
}

/** How wide a media type is: 0 a named one, 1 a range of one type (`image/*`), 2 any type. */
function rangeRank(type: string): number {
  const essence = type.split(";")[0]?.trim() ?? "";
  return essence.startsWith("*") ? 2 : essence.includes("*") ? 1 : 0;
}

/**
 * A media type whose named examples include one named `default` (and no `example` of its own) serves that one as
 * `default`: Prism names its own default example `default` too, from the schema's `example`, and puts it first, so that
 * the document's `default` was never served (Datadog's SearchMonitors: the suite asked for example "default" and got
 * the schema's). The named example becomes the media type's example. The answers are then read as their publisher means
 * them (open-all-of.ts), without the requirement of fields written only (read-only-required.ts).
 */
function namedDefaultServed(responses: Json, document: Json, meant: MeantSchemas): Json {
  const out: Json = {};
  for (const [status, raw] of Object.entries(answersWithoutWriteOnlyRequired(responses, document))) {
    const response = resolved(raw, document);
    const content = isObject(response) && isObject(response.content) ? response.content : undefined;
    let served: Json | undefined;
    for (const [type, media] of Object.entries(content ?? {})) {
      if (!isObject(media) || media.example !== undefined || !isObject(media.examples)) continue;
      const named = resolved(media.examples.default, document);
      if (!isObject(named) || !("value" in named)) continue;
      served ??= { ...content };
      served[type] = { ...media, example: named.value };
    }
    out[status] = served ? { ...(response as Json), content: served } : raw;
  }
  return withAnswersAsMeant(out, (v) => resolved(v, document), meant) as Json;
}

/**
 * The media types (not JSON) whose schema is a structure, an object or a list (isStructuredSchema), or that have no
 * schema and an example that is one (any type, an object for example): Prism writes none as a tar stream or other
 * bytes ("Cannot find serializer"), nor as text ("Cannot serialise complex objects as text"), and answered 500.
 */
function objectsOfOtherTypes(content: Json, document: Json): string[] {
  return Object.keys(content).filter((type) => servedAsJsonInstead(type, content[type], document));
}

/**
 * An answer whose object schema is given under another media type (a Swagger 2 `produces` of bytes, applied to the
 * error answers too, whose bodies are JSON): served as JSON, that schema with the JSON media type's examples, under
 * the answer's own JSON type where it has one (`application/sparql-results+json`): a call's Accept names that type
 * first and the others after, and with it renamed Prism took the next one named, which it cannot write (a 406).
 */
function recordsAsJson(content: Json, records: string[]): Json {
  const json = Object.keys(content).find((type) => JSON_TYPE.test(type.trim()));
  const own = json !== undefined && isObject(content[json]) ? content[json] : {};
  const { example, examples, ...first } = content[records[0] as string] as Json;
  const examplesOf =
    own.example !== undefined || own.examples !== undefined
      ? {}
      : { ...(example !== undefined ? { example } : {}), ...(examples !== undefined ? { examples } : {}) };
  const served: Json = {
    [json ?? "application/json"]: { ...first, ...examplesOf, ...own, schema: own.schema ?? first.schema },
  };
  for (const [type, media] of Object.entries(content))
    if (type !== json && !records.includes(type)) served[type] = media;
  return served;
}

/**
 * A body whose own (not shared) object schema requires a covered field: the field is no longer required. An XML
 * body's schema is any text: Prism held the text to the object schema; the judge reads it (judge/xml-body.ts). So is
 * structured data under a text type (its JSON text, bodyEncoding: json), which Prism reads as a string.
 */
function bodyWithoutCovered(body: unknown, covers: (slot: CoveredSlot) => boolean, document: Json): unknown {
  if (!isObject(body) || !isObject(body.content)) return body;
  const content: Json = {};
  const kept = (f: unknown) => !covers({ in: "body", name: String(f) });
  for (const [type, media] of Object.entries(body.content)) {
    const schema = isObject(media) ? media.schema : undefined;
    const text = isXmlMediaType(type) || isJsonTextBodyMedia(type, resolved(schema, document) as Json | undefined);
    const served = isObject(schema) && !text ? withoutCoveredRequired(schema, kept, document) : schema;
    if (isObject(schema) && text) content[type] = { ...(media as Json), schema: { type: "string" } };
    else if (served !== schema) content[type] = { ...(media as Json), schema: served };
    else content[type] = media;
  }
  return { ...body, content };
}

/**
 * A body schema without the covered names in its `required` nor its `allOf` members' (`allOf: [$ref: request,
 * {required: [clientId, token]}]`); a `$ref`'d one (a named request's) served as a copy, the named one may be
 * another's. The schema itself where nothing changes.
 */
function withoutCoveredRequired(schema: unknown, kept: (f: unknown) => boolean, document: Json, depth = 0): unknown {
  const found = resolved(schema, document);
  if (!isObject(found) || depth > 8) return schema;
  const required =
    Array.isArray(found.required) && !found.required.every(kept) ? found.required.filter(kept) : undefined;
  const members = Array.isArray(found.allOf)
    ? found.allOf.map((m) => withoutCoveredRequired(m, kept, document, depth + 1))
    : undefined;
  const changed = members?.some((m, i) => m !== (found.allOf as unknown[])[i]);
  if (!required && !changed) return schema;
  return { ...found, ...(required ? { required } : {}), ...(changed ? { allOf: members } : {}) };
}

function isCovered(p: unknown, covers: (slot: CoveredSlot) => boolean): boolean {
  if (!isObject(p) || typeof p.in !== "string" || typeof p.name !== "string" || p.in === "path") return false;
  return isIgnoredHeader(p) || isBodyFramingHeader(p) || covers({ in: p.in, name: p.name });
}
