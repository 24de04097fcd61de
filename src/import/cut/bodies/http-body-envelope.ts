// A body whose schema is gRPC transcoding's HTTP body message (the API annotations' HttpBody, as generators of
// documents from gRPC services write it: an object of `contentType`, `data` as base64 `format: byte` and
// `extensions`, described as "an arbitrary HTTP body"): the message stands for the raw body itself. The service reads
// the request's bytes under their own Content-Type and answers a file's bytes under its type; the JSON object is never
// on the wire. Read as published, a call sent `{"contentType": …, "data": "<base64>"}` where the service stores the
// bytes it gets, and read the answer's bytes as JSON. `add` (and `upstream --accept`'s re-cut) writes such a request
// body and such a success answer as bytes (`application/octet-stream`, `format: binary`) in the cut, said in its
// header and noted; the pinned published document keeps the message. Both the structure and the description are
// needed: a JSON API may well take an attachment as `{contentType, data}` in JSON.
import { followLocalRefs } from "../../../load/json-ref.js";
import { isJsonMediaType } from "../../../load/media-types.js";

type Json = Record<string, unknown>;

const MEMBERS = new Set(["contentType", "data", "extensions"]);
// The message's own words ("Message that represents an arbitrary HTTP body."), and the field's ("The HTTP
// request/response body as raw binary.").
const SAYS_RAW_BODY = /\b(arbitrary|raw) HTTP (request\/response )?body\b/i;

const object = (v: unknown): Json | undefined =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Json) : undefined;

const resolved = (cut: Json, node: unknown): Json | undefined => object(followLocalRefs(cut, node));

/** Whether `schema` (a `$ref` followed) is the HTTP body message: its fields and its words. */
export function isHttpBodyMessage(cut: Json, schema: unknown): boolean {
  const s = resolved(cut, schema);
  const properties = object(s?.properties);
  if (!s || !properties || (s.type !== undefined && s.type !== "object")) return false;
  const names = Object.keys(properties);
  if (!names.every((n) => MEMBERS.has(n)) || !names.includes("data") || !names.includes("contentType")) return false;
  const data = resolved(cut, properties.data);
  const contentType = resolved(cut, properties.contentType);
  if (data?.type !== "string" || data.format !== "byte" || contentType?.type !== "string") return false;
  return [s.description, data.description].some((d) => typeof d === "string" && SAYS_RAW_BODY.test(d));
}

const BYTES = (): Json => ({ "application/octet-stream": { schema: { type: "string", format: "binary" } } });

/** The content written as bytes when every media type of it is JSON of the HTTP body message, else undefined. */
function asBytes(cut: Json, content: unknown): Json | undefined {
  const c = object(content);
  if (!c) return undefined;
  const types = Object.entries(c);
  const message = (t: [string, unknown]) => isJsonMediaType(t[0]) && isHttpBodyMessage(cut, object(t[1])?.schema);
  return types.length && types.every(message) ? BYTES() : undefined;
}

/**
 * Write as bytes, in the cut, each chosen operation's own request body and own 2xx answers that are the HTTP body
 * message (a shared `$ref` one is left as it is). Returns each rewritten, as the header names it (`<operation>
 * request`, `<operation> 200`).
 */
export function withHttpBodiesAsBytes(cut: Json, chosen: readonly { id: string; op: Json }[]): string[] {
  const written: string[] = [];
  for (const { id, op } of chosen) {
    const body = object(op.requestBody);
    const bytes = body && body.$ref === undefined ? asBytes(cut, body.content) : undefined;
    if (body && bytes) {
      op.requestBody = { ...body, content: bytes };
      written.push(`${id} request`);
    }
    const responses = object(op.responses) ?? {};
    for (const [status, response] of Object.entries(responses)) {
      const r = object(response);
      if (!/^2(\d\d|XX)$/i.test(status) || !r || r.$ref !== undefined) continue;
      const answer = asBytes(cut, r.content);
      if (!answer) continue;
      responses[status] = { ...r, content: answer };
      written.push(`${id} ${status}`);
    }
  }
  return written;
}
