// `stream`: an operation whose success answer is a stream of JSON values, one
// per line (`application/x-ndjson`, `application/jsonl`) or JSON text
// sequences (`application/json-seq`, RFC 7464), as an export or a feed answers,
// or of server-sent events (`text/event-stream`: event-data.ts), each event an item.
// The runtime reads it item by item (runtime/call/stream-items.ts), each item
// bounded, into the fixed outputs `data` and `metadata.count`.
import type { OutputSpec, StreamSpec } from "@blockwright/runtime/internal";
import { bareMediaType, type OpenApiOperation } from "../../load/openapi-document.js";
import type { ManifestOperation } from "../../load/precompiled/manifest-types.js";
import type { LinkContext, Path } from "../context.js";
import type { LinkedOutput } from "../outputs/outputs.js";
import type { TypeRef } from "../../model/ir.js";
import { eventsOf, isEventStreamType } from "./event-data.js";
import { linkLineMembers } from "./line-members.js";

/** The most bytes one item may have when the manifest says none: 1 MiB. */
export const DEFAULT_ITEM_BYTES = 1024 * 1024;

/**
 * Whether a media type is a stream of JSON values: newline-delimited JSON (any of its names) or JSON text sequences.
 */
export function isStreamType(mediaType: string): boolean {
  const bare = bareMediaType(mediaType);
  return (
    /^application\/(x-)?(nd-?json|jsonl|json-?lines)$/.test(bare) ||
    /^application\/([a-z0-9.+-]+\+)?json-seq$/.test(bare)
  );
}

/** Whether a media type is a stream a `stream` tool reads: of JSON values, or of server-sent events. */
export function isStreamAnswerType(mediaType: string): boolean {
  return isStreamType(mediaType) || isEventStreamType(mediaType);
}

/** The outputs every stream tool has: the runtime fills them from the items it read (stream-items.ts). */
const STREAM_OUTPUTS: readonly OutputSpec[] = [
  {
    path: "data",
    type: "array",
    description: "The items of the stream, in the order they came.",
    optional: false,
    source: { expression: "$response.body#/items", ref: { kind: "body", pointer: ["items"] }, required: true },
  },
  {
    path: "metadata.count",
    type: "number",
    description: "How many items the stream held.",
    optional: false,
    source: {
      expression: "$response.body#/items",
      ref: { kind: "body", pointer: ["items"] },
      count: true,
      required: true,
    },
  },
];

/** The stream of an operation that answers one (`stream`), with its outputs; undefined otherwise. */
export function linkStream(
  ctx: LinkContext,
  at: Path,
  mop: ManifestOperation,
  op: OpenApiOperation,
): { stream: StreamSpec; outputs: LinkedOutput[] } | undefined {
  const declared = mop.stream;
  if (declared === undefined || declared === false) return undefined;
  if (mop.download)
    ctx.fail(
      "BW2022",
      [...at, "stream"],
      "an operation answers a file (download) or a stream of items (stream), not both",
      "key",
    );
  if (Object.keys(mop.outputs).length) {
    ctx.fail(
      "BW2022",
      [...at, "outputs"],
      `an operation that answers a stream of items (stream) has the outputs data and metadata.count; ` +
        `its outputs must be {} (got ${Object.keys(mop.outputs).join(", ")})`,
      "value",
    );
  }
  const answer = op.responses
    .filter((r) => /^2\d\d$/.test(r.status))
    .sort((a, b) => Number(a.status) - Number(b.status))
    .find((r) => r.mediaTypes.some(isStreamAnswerType));
  if (!answer) {
    const answered = op.responses
      .filter((r) => /^2\d\d$/.test(r.status))
      .map((r) => `${r.status}: ${r.mediaTypes.join(", ") || "no body"}`)
      .join("; ");
    ctx.fail(
      "BW2021",
      [...at, "stream"],
      `operation "${op.operationId}" in ${ctx.openapiName} answers no stream of JSON values ` +
        `(application/x-ndjson, application/jsonl, application/json-seq) nor of server-sent events ` +
        `(text/event-stream): ${answered || "no 2xx answer"}`,
      "value",
    );
    return undefined;
  }
  const itemBytes =
    typeof declared === "object" && declared.itemBytes !== undefined ? declared.itemBytes : DEFAULT_ITEM_BYTES;
  // Server-sent events when the answer offers no stream of JSON values: each item an event.
  const eventType = answer.mediaTypes.some(isStreamType) ? undefined : answer.mediaTypes.find(isEventStreamType);
  const events = eventType === undefined ? undefined : eventsOf(ctx.doc, op, answer.status, eventType);
  const mediaTypes = answer.mediaTypes.filter(events ? isEventStreamType : isStreamType);
  // Where each value holds its item and its failure (stream.item, stream.failure): the item typed as that member.
  const members = linkLineMembers(
    ctx,
    at,
    typeof declared === "object" ? declared : {},
    op,
    answer.status,
    mediaTypes[0],
    events !== undefined,
  );
  // Each item as the document's schema of the stream's media type says (openapi-typescript types one item there).
  const whole: TypeRef = {
    kind: "response",
    operationId: op.operationId,
    ...(op.named ? {} : { at: { path: op.path, method: op.method.toLowerCase() } }),
    status: Number(answer.status),
    ...(answer.range ? { range: answer.range } : {}),
    mediaType: mediaTypes[0] ?? "application/x-ndjson",
    steps: members?.steps ?? [],
  };
  // An item read at stream.item is there in each item handed out (a value without it fails the call), even where the
  // schema leaves the member optional (as a gRPC transcoding stream's `result` is).
  const item: TypeRef = events?.item ?? (members?.item ? { kind: "defined", of: whole } : whole);
  const outputs: LinkedOutput[] = [
    { spec: structuredClone(STREAM_OUTPUTS[0] as OutputSpec), type: { kind: "list", of: item } },
    { spec: structuredClone(STREAM_OUTPUTS[1] as OutputSpec), type: { kind: "primitive", name: "number" } },
  ];
  return {
    stream: {
      status: Number(answer.status),
      mediaTypes,
      itemBytes,
      ...(events ? { events: events.events } : {}),
      ...(members?.item ? { item: members.item } : {}),
      ...(members?.failure ? { failure: members.failure } : {}),
      ...(members?.failureCode ? { failureCode: members.failureCode } : {}),
    },
    outputs,
  };
}
