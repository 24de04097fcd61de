// A mock's answer of a stream whose values hold their item and a failure in members (manifest `stream.item`,
// `stream.failure`: a gRPC transcoding server stream's `{result, error}`): the schema of each value as the mock
// serves it has the failure's member left out and the item's required, so that a made answer is a stream that
// succeeds (a line {"error": …} ends the call as the upstream's error, runtime/call/stream-items.ts), not a
// failure of every call. In a copy: the document given is the generator's.
import { followLocalRefs } from "../../load/json-ref.js";
import { isStreamType } from "../../link/stream/streams.js";

type Json = Record<string, unknown>;

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

const object = (v: unknown): Json | undefined =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Json) : undefined;

/** A JSON pointer's segments (`/a~1b` → `a/b`). */
const segments = (pointer: unknown): string[] =>
  typeof pointer === "string"
    ? pointer
        .split("/")
        .slice(1)
        .map((s) => s.replaceAll("~1", "/").replaceAll("~0", "~"))
    : [];

/**
 * `document` with each stream answer of an operation whose manifest `stream` names a `failure` served without it
 * (and with its `item` required); the document itself where none does.
 */
export function withoutStreamFailures(given: object, manifest: unknown): object {
  const document = given as Json;
  const operations = object(object(manifest)?.operations) ?? {};
  const wanted = new Map<string, { item: string[]; failure: string[] }>();
  for (const op of Object.values(operations)) {
    const stream = object(object(op)?.stream);
    const id = object(op)?.operationId;
    if (typeof id === "string" && stream?.failure !== undefined)
      wanted.set(id, { item: segments(stream.item), failure: segments(stream.failure) });
  }
  if (!wanted.size) return document;
  const paths = { ...(object(document.paths) ?? {}) };
  for (const [path, rawItem] of Object.entries(paths)) {
    const item = object(rawItem);
    if (!item) continue;
    for (const method of METHODS) {
      const op = object(item[method]);
      const members = op && (wanted.get(String(op.operationId)) ?? wanted.get(`${method.toUpperCase()} ${path}`));
      if (!op || !members) continue;
      const responses = { ...(object(op.responses) ?? {}) };
      for (const [status, raw] of Object.entries(responses)) {
        const response = followLocalRefs(document, raw);
        if (!/^2\d\d$/.test(status) || !response) continue;
        const content = { ...(object(response.content) ?? {}) };
        for (const [type, media] of Object.entries(content)) {
          const m = object(media);
          if (!isStreamType(type) || !m) continue;
          content[type] = { ...m, schema: servedLine(document, m.schema, members) };
        }
        responses[status] = { ...response, content };
      }
      paths[path] = { ...(object(paths[path]) ?? {}), [method]: { ...op, responses } };
    }
  }
  return { ...document, paths };
}

/** A value's schema with the failure's member left out and the item's required, each where its pointer reaches. */
function servedLine(document: Json, schema: unknown, members: { item: string[]; failure: string[] }): unknown {
  let served = changedAt(document, schema, members.failure, (parent, name) => {
    const { [name]: _left, ...properties } = object(parent.properties) ?? {};
    const required = Array.isArray(parent.required) ? parent.required.filter((r) => r !== name) : undefined;
    return { ...parent, properties, ...(required ? { required } : {}) };
  });
  if (members.item.length)
    served = changedAt(document, served, members.item, (parent, name) => {
      const required = Array.isArray(parent.required) ? parent.required : [];
      return required.includes(name) ? parent : { ...parent, required: [...required, name] };
    });
  return served;
}

/** `schema` (its `$ref`s followed, copied on the way) with `change` made to the object holding the pointer's last. */
function changedAt(
  document: Json,
  schema: unknown,
  pointer: readonly string[],
  change: (parent: Json, name: string) => Json,
): unknown {
  const [first, ...rest] = pointer;
  const s = followLocalRefs(document, schema);
  if (first === undefined || !s) return schema;
  if (!rest.length) return change(s, first);
  const properties = object(s.properties);
  if (!properties || !(first in properties)) return schema;
  return { ...s, properties: { ...properties, [first]: changedAt(document, properties[first], rest, change) } };
}
