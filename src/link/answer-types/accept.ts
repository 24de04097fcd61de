// The request's Accept, from the document: where an operation's 2xx answers
// declare JSON beside another type (XML first, as Swagger 2 `produces` lists
// often are; a JSON text sequence), an upstream asked for any type (fetch's
// `*/*`) may answer one the runtime does not read, and a mock serves the
// first it finds. The request then names every JSON type the operation's
// answers declare, its errors' too (`application/problem+json`), then the
// answers' other types at q=0.5 (a `format=csv` answered, not refused 406),
// without their parameters: `application/json` matches `application/json;
// charset=utf-8` as well, where naming both made the mock choose the one with
// parameters whatever the answer asked for (and miss the named example under
// the other). A file's download names its own types, then JSON for an error
// (the runtime's download.ts); where its errors declare a JSON type of their
// own (application/problem+json), those too: a server that negotiates, and a
// mock, answer an error in no type the request named with the file instead.
// A JSON answer of a vendor's own type (`application/vnd.conekta-v2.3.0+json`) is asked for by name, with its errors'
// JSON types: such APIs read the Accept to choose the version they answer in, and `*/*` gets their default one (or a
// refusal); so are an error's, where the success answers no body (a 201 with a Location). So is a JSON type whose
// parameter names the version (`application/json;version=2018-01-01`, each operation its own), with that parameter.
import type { ToolSpec } from "@blockwright/runtime/internal";
import { bareMediaType, isJsonMediaType, isMediaType } from "../../load/media-types.js";
import type { OpenApiOperation } from "../../load/openapi-document.js";
import { isCsvMediaType } from "../../load/operations/csv-answers.js";
import type { ManifestOperation } from "../../load/precompiled/manifest-types.js";
import type { LinkContext, Path } from "../context.js";
import { downloadTypes } from "../files/files.js";
import { isStreamAnswerType } from "../stream/streams.js";

/** The concept's link part (its record, `answerTypes` in record.ts). */
export const linkAccept = (
  _ctx: LinkContext,
  _at: Path,
  mop: ManifestOperation,
  op: OpenApiOperation,
): Pick<ToolSpec, "accept"> => {
  if (mop.download === true) return downloadAccept(op);
  if (mop.stream !== undefined && mop.stream !== false) return streamAccept(op);
  const answers = op.responses.filter((r) => /^2\d\d$/.test(r.status));
  const success = new Set(answers.flatMap((r) => r.mediaTypes));
  const errorTypes = op.responses.filter((r) => !/^2\d\d$/.test(r.status)).flatMap((r) => r.mediaTypes);
  // Several JSON types in one answer (`application/geo+json` first, `application/json` beside it, each its own
  // schema): the request names the one the outputs are read from (the answer's mediaType), then its errors' JSON
  // types; a mock serves the first listed to a request for any type, one without the fields the outputs read.
  const several = answers.some((r) => new Set(r.mediaTypes.filter(isJsonMediaType).map(bareMediaType)).size > 1);
  if (several) {
    const read = answers.flatMap((r) => (r.mediaType ? [r.mediaType] : []));
    return { accept: [...new Set([...read, ...errorTypes].filter(isJsonMediaType).map(bareMediaType))].join(", ") };
  }
  // Not a stream's type (server-sent events, JSON lines): a tool that reads one answer asks for none.
  const others = [...success].filter((t) => !isJsonMediaType(t) && isMediaType(t) && !isStreamAnswerType(t));
  const json = [...success, ...errorTypes].filter(isJsonMediaType).map(askedJsonType);
  // Successes in no JSON type (CSV, plain text, XML alone): asked for by their own types, which the outputs read,
  // then the errors' JSON types at a lower q; asked for JSON first, a service that negotiates answers JSON.
  if (others.length && ![...success].some(isJsonMediaType))
    return { accept: [...new Set(others.map(bareMediaType)), ...lower(json)].join(", ") };
  // JSON alone, every type plain `application/json` (or none declared): the runtime's own Accept, `application/json`
  // (call/build-request.ts), nothing linked. A type of the vendor's own (`application/vnd.conekta-v2.3.0+json`), by
  // which such an API chooses the version it answers in, or an error's other type (`application/problem+json`), which
  // a request for JSON alone would be refused (406): named.
  const declared = [...success, ...errorTypes].filter(isMediaType);
  if (!others.length && declared.every((t) => bareMediaType(t) === "application/json" && !isVersionedJson(t)))
    return {};
  // The other types the answers declare follow, at a lower q (RFC 9110, 12.5.1): a service that negotiates answers
  // JSON, and one whose answer a parameter chooses (`format=csv`) answers the type chosen rather than 406, which the
  // runtime reads by its Content-Type (text, CSV's records, or a file). An answer whose outputs read CSV (its first
  // 2xx with a body declares CSV alone, another JSON) asks for CSV first.
  const first = [...new Set(json)];
  const rest = [...new Set([...others, ...errorTypes.filter((t) => !isJsonMediaType(t))].map(bareMediaType))].filter(
    (t) => !first.includes(t) && isMediaType(t),
  );
  if (readsCsv(op)) return { accept: [...rest.filter(isCsvMediaType), ...lower(first)].join(", ") };
  return { accept: [...first, ...lower(rest)].join(", ") };
};

/** Whether the answer the outputs read (the first 2xx declaring a body) is CSV, JSON declared beside it elsewhere. */
function readsCsv(op: OpenApiOperation): boolean {
  const read = op.responses
    .filter((r) => /^2\d\d$/.test(r.status) && r.mediaType !== undefined)
    .sort((a, b) => Number(a.status) - Number(b.status))[0];
  return read?.mediaType !== undefined && isCsvMediaType(read.mediaType);
}

/** Types asked for after the ones read (q=0.5), each once. */
const lower = (types: readonly string[]) => [...new Set(types)].map((t) => `${t};q=0.5`);

/** A JSON type with a parameter naming the version it answers in (`application/json; version=2`, `v=3`). */
function isVersionedJson(type: string): boolean {
  return isJsonMediaType(type) && versionParameter(type) !== undefined;
}

function versionParameter(type: string): string | undefined {
  return type
    .split(";")
    .slice(1)
    .map((p) => p.trim())
    .find((p) => /^(api-?)?v(ersion)?=[^=]+$/i.test(p));
}

/** A JSON type as a request asks for it: without its parameters but the version's (`application/json;version=2`). */
function askedJsonType(type: string): string {
  const version = versionParameter(type);
  return version === undefined ? bareMediaType(type) : `${bareMediaType(type)};${version}`;
}

/**
 * A stream's Accept: its own types (a server that negotiates answers an export as one JSON array otherwise), then its
 * errors' JSON types.
 */
function streamAccept(op: OpenApiOperation): Pick<ToolSpec, "accept"> {
  const streams = op.responses
    .filter((r) => /^2\d\d$/.test(r.status))
    .flatMap((r) => r.mediaTypes.filter(isStreamAnswerType).map(bareMediaType));
  if (!streams.length) return {};
  const errors = new Set([
    "application/json",
    ...op.responses
      .filter((r) => !/^2\d\d$/.test(r.status))
      .flatMap((r) => r.mediaTypes.filter(isJsonMediaType).map(bareMediaType)),
  ]);
  return { accept: [...new Set(streams), ...[...errors].map((t) => `${t};q=0.5`)].join(", ") };
}

/**
 * A download's Accept when its errors declare types other than application/json (none otherwise: the runtime's
 * own): JSON ones (application/problem+json) and text (an error as `text/plain`) alike, after the file's types. A
 * request naming the file's types alone is answered the file where the service meant an error: the mock then
 * serves a 404 as 200.
 */
function downloadAccept(op: OpenApiOperation): Pick<ToolSpec, "accept"> {
  const files = new Set(downloadTypes(op));
  // An error in the file's own type (`text/xml; charset=utf-8` for both) is asked for already: compared without
  // parameters, it is not named again at a lower q.
  const fileTypes = new Set([...files].map(bareMediaType));
  const errors = new Set(
    op.responses
      .filter((r) => !/^2\d\d$/.test(r.status))
      .flatMap((r) => r.mediaTypes.map(bareMediaType))
      .filter((t) => !fileTypes.has(t) && (isJsonMediaType(t) || t.startsWith("text/"))),
  );
  if (![...errors].some((t) => t !== "application/json")) return {};
  errors.add("application/json");
  return { accept: [...files, ...[...errors].map((t) => `${t};q=0.5`)].join(", ") };
}
