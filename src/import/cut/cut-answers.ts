// What a cut says of its operations' answers that the published document does
// not: answers typed any media type with an object or list schema written as
// JSON (wildcard-json.ts), a file answer for an operation that answers only
// by a redirect (redirect-file.ts), the default answer as the 200 of one
// that declares no 2xx (withDefaultAsSuccess, below), and beside its answers
// the path parameters an operation's path names but does not declare
// (path-template-params.ts), and a request body typed otherwise than its Content-Type header parameter says written
// under the header's type (bodies/header-media-type.ts), and a server stream declared as one JSON object written as
// newline-delimited JSON (stream-results.ts). One place, so that `add`'s cut and
// `upstream --accept`'s re-cut are written alike and say so alike.
import { jsonForWildcards } from "./wildcard-json.js";
import { withRedirectFileAnswers } from "./redirect-file.js";
import { withTemplateParamsDeclared } from "./path-template-params.js";
import { httpBodyNotes, withHttpBodiesAsBytes } from "./bodies/http-body-envelope.js";
import { headerTypeNotes, withBodiesAsHeaderSays } from "./bodies/header-media-type.js";
import { streamResultLines, streamResultNotes, withStreamResultsAsLines } from "./stream-results.js";
import type { ReviewNote } from "../manifest-yaml.js";

type Json = Record<string, unknown>;

export interface CutAnswers {
  /** The answers written as JSON, as the header names them. */
  asJson: string[];
  /** The operations given a 200 of bytes (`<operation> 200`). */
  fileAnswers: string[];
  /** The operations whose default answer is written as their 200 (`<operation> 200`). */
  defaultAnswers: string[];
  /** The operations that declare errors only, given an empty 200 (`<operation> 200`). */
  emptyAnswers: string[];
  /** The path variables declared as path parameters, named by no parameter of the document (`<operation> {name}`). */
  templateParams: string[];
  /** The request bodies and answers of the HTTP body message written as bytes (`<operation> request`, `… 200`). */
  httpBodies: string[];
  /** The request bodies written under their Content-Type header's type (`<operation> (<type>, published as …)`). */
  headerTypes: string[];
  /** The answers of a server stream declared as one JSON object, written as newline-delimited JSON (`<op> 200`). */
  streamResults: string[];
}

/** Rewrite the answers of the chosen operations in `cut` (each named `id` in what is said). */
export function rewriteCutAnswers(
  cut: Json,
  chosen: readonly { id: string; path: string; method: string }[],
): CutAnswers {
  const paths = (cut.paths ?? {}) as Record<string, Json | undefined>;
  const operations = chosen.flatMap(({ id, path, method }) => {
    const item = paths[path];
    const op = item?.[method];
    return op && typeof op === "object" ? [{ id, path, op: op as Json, item: item as Json }] : [];
  });
  return {
    templateParams: withTemplateParamsDeclared(cut, operations),
    headerTypes: withBodiesAsHeaderSays(cut, operations),
    httpBodies: withHttpBodiesAsBytes(cut, operations),
    streamResults: withStreamResultsAsLines(cut, operations),
    asJson: jsonForWildcards(cut, operations),
    fileAnswers: withRedirectFileAnswers(operations),
    defaultAnswers: withDefaultAsSuccess(operations),
    emptyAnswers: withEmptySuccess(operations),
  };
}

/** The cut's header lines for them, `by` the command that wrote it. */
export function cutAnswerLines(
  {
    asJson,
    fileAnswers,
    defaultAnswers,
    emptyAnswers,
    templateParams,
    httpBodies,
    headerTypes,
    streamResults,
  }: CutAnswers,
  by: string,
): string[] {
  return [
    ...streamResultLines(streamResults, by),
    ...(headerTypes.length
      ? [
          `Request bodies written by ${by} under the one media type their Content-Type header parameter names: ` +
            `${headerTypes.join(", ")} (the server reads the header's type).`,
        ]
      : []),
    ...(httpBodies.length
      ? [
          `Written as application/octet-stream bytes by ${by}, published as JSON of an HTTP body message: ` +
            `${httpBodies.join(", ")} (its schema says it stands for the raw body).`,
        ]
      : []),
    ...(templateParams.length
      ? [
          `Declared by ${by} as required text path parameters, not published: ${templateParams.join(", ")} (the ` +
            "path names them; no parameter declares them).",
        ]
      : []),
    ...(asJson.length
      ? [
          `Written as application/json by ${by}, published as ${publishedAs(asJson)}: ${asJson.join(", ")} (an ` +
            "object or list schema: JSON on the wire).",
        ]
      : []),
    ...(fileAnswers.length
      ? [
          `Added by ${by}, not published: ${fileAnswers.join(", ")}, the file the redirect points to (the ` +
            "document declares no 2xx answer; a call follows the redirect).",
        ]
      : []),
    ...(defaultAnswers.length
      ? [
          `Written as 200 by ${by}, published as default: ${defaultAnswers.join(", ")} (the document declares no ` +
            "2xx answer: its default describes the success).",
        ]
      : []),
    ...(emptyAnswers.length
      ? [
          `Added by ${by}, not published: ${emptyAnswers.join(", ")}, with no body (the document declares only ` +
            "error answers).",
        ]
      : []),
  ];
}

// An operation that declares no 2xx answer, only `default` ("any other
// status"), describes its success there: documents generated from code that
// names no status do so (FEC's API answers every read that way). The
// runtime, the mocks and the contract suite need a success status, so `add`
// (and `upstream --accept`'s re-cut) writes that answer as the cut's 200, said
// in its header, and `default` no longer: read as an error too, a success's
// shape made the suite derive error cases whose body holds no message.
// An operation that answers by a redirect is redirect-file.ts's.

/**
 * Move the default answer of each chosen operation that declares no 2xx or 3xx answer to its 200, first among its
 * answers. Returns those written so.
 */
export function withDefaultAsSuccess(chosen: readonly { id: string; op: Json }[]): string[] {
  const given: string[] = [];
  for (const { id, op } of chosen) {
    const responses = op.responses;
    if (!responses || typeof responses !== "object" || !Object.hasOwn(responses, "default")) continue;
    const statuses = Object.keys(responses);
    if (statuses.some((s) => /^[23](\d\d|XX)$/i.test(s))) continue;
    const { default: success, ...errors } = responses as Json;
    op.responses = { "200": success, ...errors };
    given.push(`${id} 200`);
  }
  return given;
}

// An operation that declares only error answers (401, 404: documents generated
// from code that names no success) still succeeds somehow; the runtime, the
// mocks and the suite need a success status, so the cut gives it a 200 with no
// body (nothing is known of it), said in its header. Runs after the two above.
/** Give each chosen operation that declares no 2xx, 3xx or default answer an empty 200. Returns those written so. */
export function withEmptySuccess(chosen: readonly { id: string; op: Json }[]): string[] {
  const given: string[] = [];
  for (const { id, op } of chosen) {
    const responses = (op.responses && typeof op.responses === "object" ? op.responses : {}) as Json;
    if (Object.keys(responses).some((s) => s === "default" || /^[23](\d\d|XX)$/i.test(s))) continue;
    op.responses = {
      "200": { description: "Success (not published: the document declares only error answers)." },
      ...responses,
    };
    given.push(`${id} 200`);
  }
  return given;
}

/** The notes on the request bodies and answers the cut writes under another media type, for a person to check. */
export function bodyNotes(
  httpBodies: readonly string[],
  headerTypes: readonly string[],
  streamResults: readonly string[] = [],
): ReviewNote[] {
  return [...httpBodyNotes(httpBodies), ...headerTypeNotes(headerTypes), ...streamResultNotes(streamResults)];
}

// How the answers written as JSON were published: */*, unless one names the range it was (wildcard-json.ts).
export const publishedAs = (asJson: readonly string[]): string =>
  asJson.some((a) => a.includes("(published as ")) ? "a media-type range (*/* unless named)" : "*/*";
