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
  // Several JSON types in one answer (`application/geo+json` first, `application/json` beside it, each its own
  // schema): the request names the one the outputs are read from (the answer's mediaType), then its errors' JSON
  // types; a mock serves the first listed to a request for any type, one without the fields the outputs read.
  const several = answers.some((r) => new Set(r.mediaTypes.filter(isJsonMediaType).map(bareMediaType)).size > 1);
  if (several) {
    const read = answers.flatMap((r) => (r.mediaType ? [r.mediaType] : []));
    const errors = op.responses.filter((r) => !/^2\d\d$/.test(r.status)).flatMap((r) => r.mediaTypes);
    return { accept: [...new Set([...read, ...errors].filter(isJsonMediaType).map(bareMediaType))].join(", ") };
  }
  // JSON alone: no Accept, unless a type is the vendor's own (`application/vnd.conekta-v2.3.0+json`), by which such an
  // API chooses the version it answers in (asked for any type, it answers in its default one). A success answering no
  // body (201 with a Location) under errors of such a type is the same API's: asked for by name too, where `*/*` went.
  const vendor = success.size ? [...success] : op.responses.flatMap((r) => r.mediaTypes);
  if (![...success].some((t) => !isJsonMediaType(t)) && !vendor.some((t) => isVendorJson(t) || isVersionedJson(t)))
    return {};
  const json = [...success, ...op.responses.flatMap((r) => r.mediaTypes)].filter(isJsonMediaType).map(askedJsonType);
  if (!json.length) return {};
  // The other types the answers declare follow, at a lower q (RFC 9110, 12.5.1): a service that negotiates answers
  // JSON, and one whose answer a parameter chooses (`format=csv`) answers the type chosen rather than 406, which the
  // runtime reads by its Content-Type (text, or a file).
  // Not a stream's type (server-sent events, JSON lines): a tool that reads one answer asks for none.
  const others = [...success]
    .filter((t) => !isJsonMediaType(t) && isMediaType(t) && !isStreamAnswerType(t))
    .map(bareMediaType);
  const first = [...new Set(json)];
  const rest = [...new Set(others)].filter((t) => !first.includes(t)).map((t) => `${t};q=0.5`);
  return { accept: [...first, ...rest].join(", ") };
};

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

/** A JSON type of the vendor tree (RFC 6838: `application/vnd.<producer>…+json`). */
function isVendorJson(type: string): boolean {
  return /^application\/vnd\.[^;]*\+json$/i.test(bareMediaType(type));
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
