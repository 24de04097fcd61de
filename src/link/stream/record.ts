// The record of the `stream` concept (link/concept-record.ts): an answer that is a stream of JSON values.
// link/concept-records.ts lists it among the others, in the records' order.
import type { ConceptRecord } from "../concept-record.js";

export const stream = {
  wording:
    "**Streams:** `stream: true` (or `{itemBytes, item, failure}`) reads an operation's answer that is a stream " +
    "of JSON values (`application/x-ndjson`, `application/jsonl`, `application/json-seq`: an export, a feed) " +
    "or of server-sent events (`text/event-stream`: each event `{event, data, id, retry}`, its data JSON where " +
    "the document's schema of it is an object or a list) " +
    "item by item into the outputs `data` (the items) and `metadata.count`, " +
    "each value's item at `item` where given (a JSON pointer: `/result`), a value holding a failure at `failure` " +
    "(`/error`) ending the call with an `upstream` error of its `code` and `message` " +
    "(its other members, a gRPC status's `details`, as the error's `details`), " +
    "each item at most `itemBytes` (default 1 MiB), all within `limits.replyBytes`; " +
    "a client's method gets `.items()`, and `blockwright call` prints one item per line " +
    "(and, when the stream fails after some, the result object on a line after them, exit 1). " +
    "`add` drafts `{item: /result, failure: /error}` for a gRPC transcoding server stream: a 2xx JSON object of " +
    '`result` and `error` titled "Stream result of …", inline or (grpc-gateway v1) named from `x-stream-definitions`.',

  schema: ["stream"],
  tool: ["stream"],
  surface: {},
  link: null,
  contract: { kind: "scenario" },
  shelf: { none: "a stream of JSON values: the files fixture (specs-files/zqfiles) declares it" },
  fields: {
    "operation.stream": { surface: "outputs" },
    "operation.stream.itemBytes": { surface: "outputs" },
    "operation.stream.item": { surface: "outputs" },
    "operation.stream.failure": { surface: "outputs" },
  },
} as const satisfies ConceptRecord;
