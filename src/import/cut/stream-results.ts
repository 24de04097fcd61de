// An answer that is a server stream of gRPC transcoding, as protoc-gen-openapiv2 declares it: a 2xx of one JSON media
// type whose schema is an object of exactly `result` (the streamed message) and `error` (the status that ends a
// failed stream), titled "Stream result of <Message>". The server writes one such object a line (newline-delimited
// JSON), each message `{"result": …}`, a failure after the first `{"error": …}`; read as published, a call read the
// whole stream as one JSON reply and failed at its second line. `add` (and `upstream --accept`'s re-cut) writes such
// an answer as `application/x-ndjson` of the same object in the cut, so that the draft reads it `stream: true`
// (link/stream/streams.ts): each line an item, for the link, the mocks, the judge and the runtime alike. Said in the
// cut's header and noted; the pinned published document keeps its type. The title and the two members are both
// needed: an object of `result` and `error` alone is an ordinary envelope of a single reply.
import { followLocalRefs } from "../../load/json-ref.js";
import { isJsonMediaType } from "../../load/media-types.js";
import type { ReviewNote } from "../manifest-yaml.js";

type Json = Record<string, unknown>;

/** The generator's title of a stream's line: "Stream result of " and the streamed message's name. */
const STREAM_TITLE = /^Stream result of [A-Za-z_][\w.]*$/;
/** The media type the cut writes such an answer under: one JSON value a line. */
export const STREAM_RESULT_MEDIA_TYPE = "application/x-ndjson";

const object = (v: unknown): Json | undefined =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Json) : undefined;

/** Whether `schema` (a `$ref` followed) is a server stream's line: its title and exactly `result` and `error`. */
export function isStreamResult(cut: Json, schema: unknown): boolean {
  const s = object(followLocalRefs(cut, schema));
  const properties = object(s?.properties);
  if (!s || !properties || (s.type !== undefined && s.type !== "object")) return false;
  if (typeof s.title !== "string" || !STREAM_TITLE.test(s.title)) return false;
  const names = Object.keys(properties).sort();
  if (names.length !== 2 || names[0] !== "error" || names[1] !== "result") return false;
  return [properties.result, properties.error].every((p) => object(followLocalRefs(cut, p)) !== undefined);
}

/**
 * Write as a stream of JSON values, in the cut, each chosen operation's own 2xx answer whose one media type is JSON
 * of a server stream's line (a shared `$ref` answer is left as it is). Returns each rewritten (`<operation> 200`).
 */
export function withStreamResultsAsLines(cut: Json, chosen: readonly { id: string; op: Json }[]): string[] {
  const written: string[] = [];
  for (const { id, op } of chosen) {
    const responses = object(op.responses) ?? {};
    for (const [status, response] of Object.entries(responses)) {
      const r = object(response);
      if (!/^2(\d\d|XX)$/i.test(status) || !r || r.$ref !== undefined) continue;
      const types = Object.entries(object(r.content) ?? {});
      const [only] = types;
      if (types.length !== 1 || !only || !isJsonMediaType(only[0])) continue;
      if (!isStreamResult(cut, object(only[1])?.schema)) continue;
      responses[status] = { ...r, content: { [STREAM_RESULT_MEDIA_TYPE]: only[1] } };
      written.push(`${id} ${status}`);
    }
  }
  return written;
}

/** The cut's header line on them, `by` the command that wrote it. */
export function streamResultLines(streamResults: readonly string[], by: string): string[] {
  if (!streamResults.length) return [];
  return [
    `Written as ${STREAM_RESULT_MEDIA_TYPE} by ${by}, published as one JSON object titled "Stream result of …": ` +
      `${streamResults.join(", ")} (a server stream: one {result, error} object a line).`,
  ];
}

/** The note on them, for a person to check. */
export function streamResultNotes(streamResults: readonly string[]): ReviewNote[] {
  if (!streamResults.length) return [];
  const note =
    `openapi.yaml writes as a stream of JSON values (${STREAM_RESULT_MEDIA_TYPE}) ${streamResults.join(", ")}, ` +
    'which the published document declares as one JSON object {result, error} titled "Stream result of …": the ' +
    "server writes one such object a line, so the tool reads each line as an item (data), a message as " +
    '{"result": …}; a stream that fails after its start ends with an item {"error": …} in a success; check that ' +
    "the API streams so";
  return [{ at: ["openapi"], note }];
}
