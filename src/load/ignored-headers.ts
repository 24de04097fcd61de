// Header parameters whose definitions OpenAPI 3 says to ignore ("If in is
// "header" and the name field is "Accept", "Content-Type" or
// "Authorization", the parameter definition SHALL be ignored"): the media
// types and the security schemes say those headers. One record for every
// step that meets them: add does not draft them, the link does not ask for
// them, mocks do not require them. Beside it, the headers fetch fills in.

const IGNORED_HEADER_NAMES = new Set(["accept", "content-type", "authorization"]);

/**
 * Headers of the request's framing, by lower-case name, with why none is drafted. fetch writes `Content-Length` from
 * the body it sends and refuses a request with another value (a `Content-Length: 262144` beside a body of other length:
 * "Request body length does not match content-length header"); a document that declares one as a parameter (a chunked
 * upload's size) says what the body's length is. `Content-Encoding` names a coding of the body's bytes (an import's
 * `gzip`) that no call applies: the body goes as given, and the header sent beside it made the upstream decode plain
 * JSON as gzip; without it the body is read as sent, which every coding's upstream accepts. `Transfer-Encoding` is the
 * transport's framing (a required `chunked` of an append API was drafted as a constant; every call was refused by
 * fetch before it left). add does not draft them,
 * and the link does not ask for them.
 */
const WRITTEN_FROM_BODY: Readonly<Record<string, string>> = {
  "content-length": "fetch writes it from the body the call sends, and refuses a request whose value differs",
  "content-encoding":
    "it names a coding of the body's bytes that the call does not apply (the body goes as given, not encoded), " +
    "and sent beside a plain body it has the upstream decode what is not encoded",
  "transfer-encoding":
    "fetch frames the body itself (chunked where it streams a body of unknown length) and refuses a request that " +
    "names it (invalid transfer-encoding header)",
};

/** Why a declared parameter is a header of the body's framing (WRITTEN_FROM_BODY), or undefined if it is not one. */
export function bodyFramingReason(declared: { in?: unknown; name?: unknown }): string | undefined {
  if (declared.in !== "header" || typeof declared.name !== "string") return undefined;
  const lower = declared.name.toLowerCase();
  return Object.hasOwn(WRITTEN_FROM_BODY, lower) ? WRITTEN_FROM_BODY[lower] : undefined;
}

/** Whether a declared parameter is a header of the body's framing (WRITTEN_FROM_BODY). */
export function isBodyFramingHeader(declared: { in?: unknown; name?: unknown }): boolean {
  return bodyFramingReason(declared) !== undefined;
}

/** Whether a declared parameter is one OpenAPI ignores. */
export function isIgnoredHeader(declared: { in?: unknown; name?: unknown }): boolean {
  return (
    declared.in === "header" &&
    typeof declared.name === "string" &&
    IGNORED_HEADER_NAMES.has(declared.name.toLowerCase())
  );
}

/**
 * Request headers fetch (undici, the Fetch standard) writes with a value of its own when a request has none, by
 * lower-case name: such a header never reaches the upstream absent. One record for add (which sends the default of
 * one, or drafts one where fetch's value is not the spec's) and the mocks (which take fetch's value for one a call
 * leaves out).
 */
export const FILLED_BY_FETCH: Readonly<Record<string, string>> = {
  accept: "*/*",
  "accept-language": "*",
  "sec-fetch-mode": "cors",
};

/**
 * Headers of the transport that fetch writes with its own value when a request has none (`Accept-Encoding: gzip,
 * deflate`: fetch decodes what it asked for) and that no call's meaning hangs on. A document may declare one as an
 * optional parameter of other values (`enum: [base64]`): a call that gives none still sends fetch's, which the request
 * judge and the mocks read as no value given. add drafts no default for it (unlike FILLED_BY_FETCH's): sent, one of
 * its values would change the answer the call asked for.
 */
export const TRANSPORT_BY_FETCH: Readonly<Record<string, string>> = {
  "accept-encoding": "gzip, deflate",
};

/** fetch's own value of a header it writes when a request has none (FILLED_BY_FETCH, TRANSPORT_BY_FETCH). */
export function fetchFilled(name: string): string | undefined {
  const lower = name.toLowerCase();
  return Object.hasOwn(FILLED_BY_FETCH, lower)
    ? FILLED_BY_FETCH[lower]
    : Object.hasOwn(TRANSPORT_BY_FETCH, lower)
      ? TRANSPORT_BY_FETCH[lower]
      : undefined;
}

/** A media type in words, of a registered top-level type (`multipart/form-data`, not a link's `example.org/rfc`). */
const NAMED_MEDIA_TYPE =
  /\b(?:application|audio|font|image|message|model|multipart|text|video)\/[a-z0-9](?:[\w.+-]*[\w+-])?/gi;

/**
 * The media types, bare and lower-case, a Content-Type header parameter names: its schema's `enum` or `const`, else
 * its `default` and examples, else, required, those its description names ("Equal to 'multipart/form-data', no other
 * value allowed"); none for another parameter. OpenAPI ignores the parameter, but a document that types its body
 * otherwise than such a header says (an upload's JSON of a binary field beside `multipart/form-data`) means the
 * header's: the cut reads the body as it says where it can (import/cut/bodies/header-media-type.ts), and the draft
 * notes it where it cannot.
 */
export function namedMediaTypes(declared: {
  in?: unknown;
  name?: unknown;
  required?: unknown;
  description?: unknown;
  schema?: unknown;
  example?: unknown;
}): string[] {
  if (declared.in !== "header" || String(declared.name).toLowerCase() !== "content-type") return [];
  const schema = (declared.schema && typeof declared.schema === "object" ? declared.schema : {}) as Record<
    string,
    unknown
  >;
  const texts = (values: unknown[]) => values.filter((v): v is string => typeof v === "string");
  const bare = (values: string[]) => [...new Set(values.map((v) => (v.split(";")[0] ?? "").trim().toLowerCase()))];
  const listed = texts([...(Array.isArray(schema.enum) ? schema.enum : []), schema.const]);
  if (listed.length) return bare(listed);
  const given = texts([schema.default, declared.example, schema.example]);
  if (given.length) return bare(given);
  if (declared.required !== true || typeof declared.description !== "string") return [];
  return bare(declared.description.match(NAMED_MEDIA_TYPE) ?? []);
}
