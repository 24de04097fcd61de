// Parameters the upstream reads otherwise than their schema says, so that a call made as the schema allows asks for
// something else or gets what the tool cannot read.
//
// A boolean query parameter the document lets be sent empty (`allowEmptyValue: true`): the upstream reads its
// presence alone (`?include_stopped=`, `?pretty`), so `name=false` asks for what `true` does. Drafted as a switch
// (wire `switch`) that sends `name=true` when true and nothing when false: right for an upstream that reads the
// presence, and for one that reads the value.
//
// A path parameter choosing the answer's format (`/{format}/Games`, `/records.{format}`: `XML` or `JSON`) where the
// operation declares its success answers as JSON alone: any other value is answered in a format the tool does not
// read, and the document's own default is often XML. Drafted to its JSON values alone, defaulted to the first.
// A query parameter choosing it (`alt`: `json`, `csv`, `media`, `proto`) the same, its default kept where the document
// gives a JSON one and none added (a call without it gets the upstream's own, which the answers say is JSON).
//
// A required API version parameter (`api-version` in the query, `x-api-version` in a header) that the document gives
// no default, whose every example is the document's own version (`info.version`): the version the document
// describes, which every call must send and no caller should have to look up. Drafted defaulting to it (sent, being
// required); a call may give another.
// An Accept header parameter offering the answer in other forms (`text/csv` beside `application/json`): OpenAPI
// ignores it and the draft leaves it out; its note says which forms are then not asked for, and how an answer in one
// is read all the same (by its Content-Type: text as text, bytes as a file).
import { namedMediaTypes } from "../../load/ignored-headers.js";
import { bareMediaType, isJsonMediaType } from "../../load/media-types.js";
import type { OpenApiOperation } from "../../load/openapi-document.js";
import type { ManifestParam } from "../../load/precompiled/manifest-types.js";

/** What `add` reads of a declared parameter here. */
interface Declared {
  in: string;
  name: string;
  allowEmptyValue?: unknown;
}

/** The switch placement of such a parameter and the review note saying why; undefined for any other parameter. */
export function presenceFlag(
  declared: Declared,
  draft: ManifestParam,
): { wire: ManifestParam["wire"]; note: string } | undefined {
  if (declared.in !== "query" || declared.allowEmptyValue !== true || draft.type !== "boolean") return undefined;
  // Required, it is a constant (sent always); defaulting to true, leaving it out would not mean false.
  if (draft.required || draft.default === true || draft.enum !== undefined) return undefined;
  return {
    wire: { in: "switch", whenTrue: [{ in: "query", name: declared.name, value: true }] },
    note:
      `the query parameter ${declared.name} may be sent empty (allowEmptyValue), so the upstream may read its ` +
      `presence alone as true: drafted as a switch (wire.in: switch) that sends ${declared.name}=true when true ` +
      "and nothing when false",
  };
}

/**
 * The note of a header parameter OpenAPI ignores (Accept, Content-Type, Authorization), left out of the draft, `body`
 * the media type the operation's request body is sent as. A Content-Type of an operation that takes no body is written
 * by nothing: no body, no type. One naming only types the body does not declare (the cut writes the body under the
 * one it names where that body fits it, cut/bodies/header-media-type.ts) says how the body is sent instead.
 */
export function ignoredHeaderNote(declared: Declared & { schema?: unknown }, body: string | undefined): string {
  const schema = (declared.schema ?? {}) as { enum?: unknown; default?: unknown };
  const values = [...(Array.isArray(schema.enum) ? schema.enum : []), schema.default];
  const named = namedMediaTypes(declared);
  if (body !== undefined && named.length && !named.includes(bareMediaType(body)))
    return contentTypeElsewhereNote(declared.name, named, bareMediaType(body));
  if (body === undefined && declared.name.toLowerCase() === "content-type") {
    const asked = [...new Set(values.filter((v): v is string => typeof v === "string"))];
    return (
      `header parameter ${declared.name} not drafted: OpenAPI ignores it (the media types say it), and the ` +
      "operation takes no request body, so no call sends one" +
      (asked.length ? ` (the document asks for ${asked.join(", ")}: check whether the API refuses a call without)` : "")
    );
  }
  const left =
    `header parameter ${declared.name} not drafted: OpenAPI ignores it (the media types and the security ` +
    "schemes say it), and the runtime writes it itself";
  const forms = values.flatMap((v) =>
    typeof v === "string" ? v.split(",").map((t) => t.split(";")[0]?.trim() ?? "") : [],
  );
  const others = [...new Set(forms.filter((t) => FORMAT_TYPE.test(t) && !isJsonMediaType(t)))];
  if (declared.name.toLowerCase() !== "accept" || !others.length) return left;
  return (
    `${left}; the answer's forms it offers besides JSON (${others.join(", ")}) are not asked for: a call asks for ` +
    "the media types the answers declare, and an answer sent in another form is read by its Content-Type (text as " +
    "its text, bytes as a file), its outputs reading the whole body; declare the form in the answer's content to " +
    "draft it"
  );
}

/** The note of a Content-Type header parameter naming only types the request body (sent as `body`) does not declare. */
function contentTypeElsewhereNote(name: string, named: readonly string[], body: string): string {
  const why =
    named.length > 1
      ? "it names several, and the body one"
      : isJsonMediaType(named[0] ?? "") && isJsonMediaType(body)
        ? "both are JSON, the same text either way"
        : "the body's schema does not fit that type";
  return (
    `header parameter ${name} not drafted: OpenAPI ignores it (the request body's media type says it); it names ` +
    `${named.join(", ")}, which the request body does not declare, and a call sends the body as ${body}, as the ` +
    `body declares (${why}); check which the API reads, and declare the body under that type if it is the header's`
  );
}

/** A value naming JSON as the answer's format: `json`, `JSON`, `application/json`, `application/vnd.zq+json`. */
const JSON_VALUE = /^(?:application\/(?:[\w.-]+\+)?)?json$/i;
/** A value naming another format of an answer (JSON lines and a spreadsheet's too: a list's export formats). */
const FORMAT_NAME = new RegExp(
  "^(?:xml|csv|tsv|html?|ya?ml|txt|text|jsonp|msgpack|pdf|rss2?|atom1?|kml|gpx|php|ruby|python|georss|media|proto|" +
    "jsonl|ndjson|xlsx?|ods|parquet)$",
  "i",
);
const FORMAT_TYPE = /^(?:application|text)\/[\w.+-]+$/i;

/**
 * The JSON values a path or query parameter choosing the answer's format is drafted to, its default (a path
 * parameter's always), and the note; undefined for any other parameter, or where the operation declares an answer
 * other than JSON (the tool reads that one too).
 */
export function answerFormat(
  op: Pick<OpenApiOperation, "responses">,
  declared: Declared,
  draft: ManifestParam,
): { enum: string[]; default: string | undefined; note: string } | undefined {
  if ((declared.in !== "path" && declared.in !== "query") || !Array.isArray(draft.enum)) return undefined;
  const values = draft.enum;
  if (!values.every((v) => typeof v === "string" && (JSON_VALUE.test(v) || FORMAT_NAME.test(v) || FORMAT_TYPE.test(v))))
    return undefined;
  const json = (values as string[]).filter((v) => JSON_VALUE.test(v));
  if (!json.length || json.length === values.length || !answersJsonAlone(op)) return undefined;
  const byDefault = json.includes(String(draft.default)) ? String(draft.default) : (json[0] as string);
  const left = (values as string[]).filter((v) => !json.includes(v));
  const own = draft.default !== undefined && draft.default !== byDefault;
  const defaulted = declared.in === "path" || draft.default !== undefined;
  return {
    enum: json,
    default: defaulted ? byDefault : undefined,
    note:
      `the ${declared.in} parameter ${declared.name} chooses the answer's format, and the operation's success ` +
      `answers are declared as JSON alone: drafted to ${json.join(", ")}` +
      `${defaulted ? `, defaulting to ${byDefault}` : ""} ` +
      `(${left.join(", ")} would be answered in a format the tool does not read` +
      `${own ? `; the document's default is ${String(draft.default)}` : ""})`,
  };
}

/** Whether every success answer the operation declares with a body is JSON, and one does. */
function answersJsonAlone(op: Pick<OpenApiOperation, "responses">): boolean {
  const types = op.responses.filter((r) => /^2(\d\d|XX)$/.test(r.status)).flatMap((r) => r.mediaTypes);
  return types.length > 0 && types.every(isJsonMediaType);
}

/** A name saying the parameter is the API's version: api-version, apiVersion, x-api-version, x-ms-version. */
const API_VERSION_NAME = /^(?:x-(?:[a-z]+-)?)?api[-_]?version$|^x-ms-version$/i;

/**
 * The default a required API version parameter is drafted with, the document's own version, and the note; undefined
 * for any other parameter, one with a default or values of its own, or one whose examples are not all that version.
 */
export function documentVersion(
  declared: Declared & { example?: unknown; examples?: unknown; schema?: unknown },
  draft: ManifestParam,
  version: unknown,
): { default: string; note: string } | undefined {
  if ((declared.in !== "query" && declared.in !== "header") || !API_VERSION_NAME.test(declared.name)) return undefined;
  if (!draft.required || draft.type !== "string" || draft.default !== undefined || draft.enum !== undefined)
    return undefined;
  if (typeof version !== "string" || !version.trim() || version.length > (draft.maxLength ?? Infinity))
    return undefined;
  if (draft.pattern !== undefined && !matches(draft.pattern, version)) return undefined;
  const examples = examplesOf(declared);
  if (!examples.length || !examples.every((e) => e === version)) return undefined;
  return {
    default: version,
    note:
      `the ${declared.in} parameter ${declared.name} is the API's version, and its every example is the document's ` +
      `own (info.version ${version}): drafted defaulting to it, sent with every call; a call may give another`,
  };
}

/** A parameter's examples: its `example`, its `examples`' values and its schema's `example`. */
function examplesOf(declared: { example?: unknown; examples?: unknown; schema?: unknown }): unknown[] {
  const found: unknown[] = [];
  if (declared.example !== undefined) found.push(declared.example);
  if (declared.examples !== null && typeof declared.examples === "object")
    for (const e of Object.values(declared.examples as Record<string, unknown>))
      if (e !== null && typeof e === "object" && "value" in e) found.push((e as { value: unknown }).value);
  const schema = declared.schema as { example?: unknown } | undefined;
  if (schema && typeof schema === "object" && schema.example !== undefined) found.push(schema.example);
  return found;
}

/** Whether a text matches a pattern, as the runtime reads one (Unicode); a pattern it cannot read matches nothing. */
function matches(pattern: string, text: string): boolean {
  try {
    return new RegExp(pattern, "u").test(text);
  } catch {
    return false;
  }
}
