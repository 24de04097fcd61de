// An answer that is a server stream of gRPC transcoding, as protoc-gen-openapiv2 declares it: a 2xx of one JSON media
// type whose schema is an object of exactly `result` (the streamed message) and `error` (the status that ends a
// failed stream), titled "Stream result of <Message>". The server writes one such object a line (newline-delimited
// JSON), each message `{"result": …}`, a failure after the first `{"error": …}`; read as published, a call read the
// whole stream as one JSON reply and failed at its second line. `add` (and `upstream --accept`'s re-cut) writes such
// an answer as `application/x-ndjson` of the same object in the cut, so that the draft reads it as a stream
// (link/stream/streams.ts) whose item is each line's `result` and whose failure is a line's `error`
// (`stream: {item: /result, failure: /error}`, `streamLineMembers`): each message an item, a failure line the
// call's upstream error, for the link, the mocks and the runtime alike. Said in the cut's header and noted; the
// pinned published document keeps its type. The title and the two members are both
// needed: an object of `result` and `error` alone is an ordinary envelope of a single reply.
import { followLocalRefs } from "../../load/json-ref.js";
import { isJsonMediaType } from "../../load/media-types.js";

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

/**
 * The members a stream's lines hold their item and failure in, as the draft writes them (`stream.item`,
 * `stream.failure`), where the operation's (`op`, in `cut`) first 2xx answer of a stream of JSON values is a
 * server stream's line; undefined otherwise.
 */
export function streamLineMembers(cut: Json, op: Json): { item: string; failure: string } | undefined {
  const responses = object(followLocalRefs(cut, op.responses)) ?? {};
  const status = Object.keys(responses)
    .filter((s) => /^2\d\d$/.test(s))
    .sort()
    .find((s) => object(object(followLocalRefs(cut, responses[s]))?.content)?.[STREAM_RESULT_MEDIA_TYPE]);
  const content = status ? object(object(followLocalRefs(cut, responses[status]))?.content) : undefined;
  const media = object(content?.[STREAM_RESULT_MEDIA_TYPE]);
  return media && isStreamResult(cut, media.schema) ? { item: "/result", failure: "/error" } : undefined;
}
