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
import { jsonForWildcards, NO_CONTENT } from "./wildcard-json.js";
import { withRedirectFileAnswers } from "./redirect-file.js";
import { withTemplateParamsDeclared } from "./path-template-params.js";
import { withHttpBodiesAsBytes } from "./bodies/http-body-envelope.js";
import { withBodiesAsHeaderSays } from "./bodies/header-media-type.js";
import { STREAM_RESULT_MEDIA_TYPE, withStreamResultsAsLines } from "./stream-results.js";
import type { ReviewNote } from "../manifest-yaml.js";
import { namedFew } from "../named-few.js";

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

/** What the cut says of one kind of answer it rewrites: its header line and its review note, side by side. */
interface AnswerKind {
  /** The header line on those `given` (never none), `by` the command that wrote the cut. */
  line(given: readonly string[], by: string): string;
  /** The review note on them, for a person to check. */
  note(given: readonly string[]): string;
  /** Where the note goes among the cut's notes: first (beside the notes on bodies) or last; each by its rank. */
  noteAt: readonly ["first" | "last", number];
}

/** An answer named as its operation (`GET /a 200` → `GET /a`). */
const bareOp = (f: string): string => f.replace(/ 200$/, "");

/** Each kind of answer the cut rewrites, in the order its header says them: a new kind is named here alone. */
const ANSWER_KINDS: { readonly [K in keyof CutAnswers]: AnswerKind } = {
  streamResults: {
    line: (given, by) =>
      `Written as ${STREAM_RESULT_MEDIA_TYPE} by ${by}, published as one JSON object titled "Stream result of …": ` +
      `${given.join(", ")} (a server stream: one {result, error} object a line).`,
    note: (given) =>
      `openapi.yaml writes as a stream of JSON values (${STREAM_RESULT_MEDIA_TYPE}) ${namedFew(given)}, ` +
      'which the published document declares as one JSON object {result, error} titled "Stream result of …": the ' +
      "server writes one such object a line, so the tool reads each line's result as an item (data), drafted " +
      'stream: {item: /result, failure: /error}; a line {"error": …}, a stream failing after its start, ends the ' +
      "call with an upstream error of its code and message; check that the API streams so",
    noteAt: ["first", 3],
  },
  headerTypes: {
    line: (given, by) =>
      `Request bodies written by ${by} under the one media type their Content-Type header parameter names: ` +
      `${given.join(", ")} (the server reads the header's type).`,
    note: (given) =>
      "openapi.yaml writes request bodies under the one media type their Content-Type header parameter names, " +
      `which the published document types otherwise: ${namedFew(given)}; the server reads the header's type (an ` +
      "object's binary field goes as a file part, a binary string as the body's bytes, and a JSON object of one " +
      "member beside a type of bytes or text as that member alone, its bytes or text: the JSON wrapper is not on " +
      "the wire); check that the API takes it so",
    noteAt: ["first", 2],
  },
  httpBodies: {
    line: (given, by) =>
      `Written as application/octet-stream bytes by ${by}, published as JSON of an HTTP body message: ` +
      `${given.join(", ")} (its schema says it stands for the raw body).`,
    note: (given) =>
      `openapi.yaml writes as bytes (application/octet-stream) ${namedFew(given)}, which the published ` +
      "document types as JSON of an HTTP body message ({contentType, data}, described as the raw body): the bytes " +
      "go and come as they are; check the media types the API takes",
    noteAt: ["first", 1],
  },
  templateParams: {
    line: (given, by) =>
      `Declared by ${by} as required text path parameters, not published: ${given.join(", ")} (the ` +
      "path names them; no parameter declares them).",
    note: (given) =>
      `openapi.yaml declares ${given.join(", ")} as required text path parameters: the path names them ` +
      "and the published document declares no parameter for them; write what each means and its type",
    noteAt: ["first", 4],
  },
  asJson: {
    line: (given, by) =>
      `Written as application/json by ${by}, published as ${publishedAs(given)}: ${given.join(", ")} (` +
      `${given.every((g) => g.includes(`(${NO_CONTENT};`)) ? "described as JSON" : "an object or list schema"}: ` +
      "JSON on the wire).",
    note: (given) =>
      "openapi.yaml types as application/json the answers and request bodies the published document types " +
      `${publishedWords(publishedAs(given))} ` +
      `(${namedFew(given, "answers and bodies")}): check that the API speaks JSON`,
    noteAt: ["last", 4],
  },
  fileAnswers: {
    line: (given, by) =>
      `Added by ${by}, not published: ${given.join(", ")}, the file the redirect points to (the ` +
      "document declares no 2xx answer; a call follows the redirect).",
    note: (given) =>
      `openapi.yaml adds a 200 answer of bytes to ${namedFew(given.map(bareOp))}, which the published document ` +
      "answers only by a redirect: the file it points to (a call follows the redirect); check that the redirect " +
      "leads to a file",
    noteAt: ["last", 1],
  },
  defaultAnswers: {
    line: (given, by) =>
      `Written as 200 by ${by}, published as default: ${given.join(", ")} (the document declares no ` +
      "2xx answer: its default describes the success).",
    note: (given) =>
      `openapi.yaml writes the default answer of ${namedFew(given.map(bareOp))} as its 200: the published document ` +
      "declares no 2xx answer, and its default describes the success; check that a call succeeds with 200",
    noteAt: ["last", 2],
  },
  emptyAnswers: {
    line: (given, by) =>
      `Added by ${by}, not published: ${given.join(", ")}, with no body (the document declares only ` +
      "error answers).",
    note: (given) =>
      `openapi.yaml adds an empty 200 answer to ${namedFew(given.map(bareOp))}: the published document declares only ` +
      "error answers; write the success's status and body if you know them",
    noteAt: ["last", 3],
  },
};

const kinds = Object.entries(ANSWER_KINDS) as [keyof CutAnswers, AnswerKind][];

/** The cut's header lines on them, `by` the command that wrote it. */
export function cutAnswerLines(answers: CutAnswers, by: string): string[] {
  return kinds.flatMap(([kind, { line }]) => (answers[kind].length ? [line(answers[kind], by)] : []));
}

/** The review notes on them that go `at` that place among the cut's notes, for a person to check. */
export function cutAnswerNotes(answers: CutAnswers, at: "first" | "last"): ReviewNote[] {
  return kinds
    .filter(([kind, { noteAt }]) => noteAt[0] === at && answers[kind].length)
    .sort(([, a], [, b]) => a.noteAt[1] - b.noteAt[1])
    .map(([kind, { note }]) => ({ at: ["openapi"], note: note(answers[kind]) }));
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

// How the answers written as JSON were published: */*, unless one names the range it was or says it had no content
// (wildcard-json.ts).
export const publishedAs = (asJson: readonly string[]): string => {
  const ranges = asJson.some((a) => a.includes("(published as "));
  const none = asJson.filter((a) => a.includes(`(${NO_CONTENT};`)).length;
  if (none === asJson.length) return "no content, described as JSON";
  if (none) return ranges ? "a media-type range, or no content (*/* unless named)" : "*/*, or no content (as named)";
  return ranges ? "a media-type range (*/* unless named)" : "*/*";
};

/** How the note says what the answers written as JSON were published as. */
function publishedWords(published: string): string {
  if (published === "*/*") return "*/* (any media type) with an object or list schema";
  if (published === "no content, described as JSON")
    return "with no content, their description saying JSON (each one json output, the whole body)";
  if (published.startsWith("*/*")) return "*/* with an object or list schema, or with no content described as JSON";
  return "a range of media types admitting JSON with an object or list schema";
}
