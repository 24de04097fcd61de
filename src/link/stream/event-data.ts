// What the events of a server-sent event stream (`text/event-stream`) carry,
// as the document says: whether each event's data is read as JSON, and the
// type of a `data` output's item. The schema of the stream's media type is
// read as OpenAPI 3.2's `itemSchema` (one event: `data`, `event`, `id`,
// `retry`), else as `schema`: an event's fields where it has a `data`
// property, else the data itself (what 3.0 and 3.1 documents write).
import type { EventData } from "@blockwright/runtime/internal";
import { bareMediaType, isJsonMediaType, isStructuredSchema } from "../../load/media-types.js";
import type { OpenApiDocument, OpenApiOperation, Schema } from "../../load/openapi-document.js";
import { valueAt } from "../../load/json-ref.js";
import type { TypeRef } from "../../model/ir.js";

export const EVENT_STREAM = "text/event-stream";

/** Whether a media type is a stream of server-sent events. */
export function isEventStreamType(mediaType: string): boolean {
  return bareMediaType(mediaType) === EVENT_STREAM;
}

/**
 * How the events of the operation's `status` answer in `mediaType` carry their data (JSON when the schema of the data
 * is an object or a list, or names a JSON content type), and the type of one event as a `data` output lists it.
 */
export function eventsOf(
  doc: OpenApiDocument,
  op: OpenApiOperation,
  status: string,
  mediaType: string,
): { events: EventData; item: TypeRef } {
  const media = mediaOf(doc, op, status, mediaType);
  const item = flat(doc, (media?.itemSchema ?? media?.schema) as Schema | undefined);
  const dataSchema = flat(doc, (item?.properties as Record<string, Schema> | undefined)?.data);
  const described = dataSchema ?? item;
  const json =
    isStructuredSchema(described) ||
    (typeof described?.contentMediaType === "string" && isJsonMediaType(described.contentMediaType));
  // The data's type where openapi-typescript types it: the media type's `schema` (not 3.2's itemSchema), an object.
  const typed = json && media?.itemSchema === undefined && media?.schema !== undefined && isStructuredSchema(described);
  const data: TypeRef | undefined = typed
    ? {
        kind: "response",
        operationId: op.operationId,
        ...(op.named ? {} : { at: { path: op.path, method: op.method.toLowerCase() } }),
        status: Number(status),
        ...rangeOf(op, status),
        mediaType,
        steps: dataSchema ? [{ field: "data", optional: false }] : [],
      }
    : undefined;
  return { events: json ? "json" : "text", item: { kind: "event", json, ...(data ? { data } : {}) } };
}

/** The answer's media type object as the document writes it, its `$ref`s followed. */
/** The range the document keys the `status` answer by (`2XX`), where it does: openapi-typescript's key for it. */
export function rangeOf(op: OpenApiOperation, status: string): { range?: string } {
  const range = op.responses.find((r) => r.status === status)?.range;
  return range ? { range } : {};
}

export function mediaOf(
  doc: OpenApiDocument,
  op: OpenApiOperation,
  status: string,
  mediaType: string,
): Schema | undefined {
  try {
    const responses = doc.resolve((valueAt(doc.source.data, [...op.location, "responses"]) ?? {}) as Schema);
    const raw = (responses[status] ?? responses[`${status[0]}XX`] ?? responses[`${status[0]}xx`]) as Schema | undefined;
    const content = raw ? (doc.resolve(raw).content as Record<string, Schema> | undefined) : undefined;
    const media = content?.[mediaType];
    return media ? doc.resolve(media) : undefined;
  } catch {
    return undefined;
  }
}

/** `schema` with its refs and allOf flattened; undefined where the document cannot (a cycle, a dangling ref). */
export function flat(doc: OpenApiDocument, schema: Schema | undefined): Schema | undefined {
  if (!schema || typeof schema !== "object") return undefined;
  try {
    return doc.flatten(schema);
  } catch {
    return undefined;
  }
}
