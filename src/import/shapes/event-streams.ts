// Answers that are a stream of server-sent events (`text/event-stream`) beside
// JSON, and the boolean that switches between them: the drafter asks for the
// JSON (a JSON tool reads no event stream) and leaves the switch out.
// And answers that are a stream of JSON values (ndjson, JSON text sequences) or,
// with no JSON beside, of server-sent events: drafted `stream: true`
// (link/stream/streams.ts); offered beside JSON, the switch is left out too.
// A switch that defaults to true (the upstream streams unless told not to) is
// sent false, a constant.
import { typeOf, type OpenApiDocument, type OpenApiOperation, type Schema } from "../../load/openapi-document.js";
import type { ManifestConstant } from "../../load/precompiled/manifest-types.js";
import { isStreamAnswerType, isStreamType } from "../../link/stream/streams.js";
import { isJsonMediaType } from "../../load/media-types.js";

/**
 * The `stream` drafted where the operation answers a stream of JSON values or of server-sent events (and no JSON
 * body), said in a note: `true`, or `lines`, the members its values hold their item and failure in
 * (`stream.item`, `stream.failure`); undefined where it answers none.
 */
export function answersItems(
  doc: OpenApiDocument,
  op: OpenApiOperation,
  name: string,
  at: (string | number)[],
  notes: { at: (string | number)[]; note: string }[],
  lines?: { item: string; failure: string },
): true | { item: string; failure: string } | undefined {
  const answer = doc.bodyResponse(op)
    ? undefined
    : op.responses.find((r) => /^2\d\d$/.test(r.status) && r.mediaTypes.some(isStreamAnswerType));
  if (answer) {
    const values = answer.mediaTypes.filter(isStreamType);
    const what = values.length
      ? `a stream of JSON values (${values.join(", ")})`
      : "a stream of server-sent events (text/event-stream)";
    const items = values.length ? "items (data)" : "events (data, each {event, data, id, retry})";
    const drafted = values.length && lines ? `{item: ${lines.item}, failure: ${lines.failure}}` : "true";
    const read = drafted === "true" ? "" : ` (each value's ${lines?.item.slice(1)}, a failure the call's error)`;
    notes.push({
      at,
      note:
        `${name} answers ${what}: drafted stream: ${drafted}, whose outputs are its ${items}${read} and their ` +
        "count, each item at most 1 MiB",
    });
  }
  if (!answer) return undefined;
  return answer.mediaTypes.some(isStreamType) && lines ? lines : true;
}

/** The schema with `$ref`s and allOf resolved, or undefined when a `$ref` names nothing. */
function safeFlatten(doc: OpenApiDocument, schema: Schema): Schema | undefined {
  try {
    return doc.flatten(schema);
  } catch {
    return undefined;
  }
}

/** Whether a 2xx reply of the operation can be a stream of server-sent events (`text/event-stream`). */
export function answersEvents(doc: OpenApiDocument, rawOp: Schema): boolean {
  return Object.entries((rawOp.responses ?? {}) as Record<string, Schema>).some(([status, raw]) => {
    if (!/^2(\d\d|XX)$/.test(status)) return false;
    try {
      return Object.keys((doc.resolve(raw).content ?? {}) as object).some(
        (t) => t.split(";")[0]?.trim().toLowerCase() === "text/event-stream",
      );
    } catch {
      return false;
    }
  });
}

/** A boolean named `stream`: the switch between a JSON answer and a stream of events. */
export function isStreamFlag(doc: OpenApiDocument, name: string, schema: Schema): boolean {
  if (!/^stream$/i.test(name)) return false;
  const flat = safeFlatten(doc, schema);
  const t = flat ? typeOf(flat) : undefined;
  const kinds =
    flat && !t && Array.isArray(flat.anyOf ?? flat.oneOf)
      ? ((flat.anyOf ?? flat.oneOf) as Schema[]).map((s) => typeOf(safeFlatten(doc, s) ?? {}))
      : [t];
  return kinds.includes("boolean");
}

/**
 * Whether a flag's schema takes false (no `enum` or `const` leaving it out): a switch a call may turn off. One that
 * takes true alone (a streaming variant's `enum: [true]`) is no switch, drafted as any field of one value is.
 */
export function admitsFalse(flat: Schema | undefined): boolean {
  if (flat?.const !== undefined) return flat.const === false;
  return !Array.isArray(flat?.enum) || flat.enum.includes(false);
}

export function streamNote(name: string): string {
  return (
    `${name} is left out: true makes the upstream answer a stream of server-sent events (text/event-stream), which ` +
    "a JSON tool does not read; without it the answer is JSON"
  );
}

/** Whether a 2xx reply of the operation is JSON or, as its media types offer beside it, a stream of JSON values. */
export function answersItemsBesideJson(doc: OpenApiDocument, rawOp: Schema): boolean {
  return Object.entries((rawOp.responses ?? {}) as Record<string, Schema>).some(([status, raw]) => {
    if (!/^2(\d\d|XX)$/.test(status)) return false;
    let types: string[];
    try {
      types = Object.keys((doc.resolve(raw).content ?? {}) as object);
    } catch {
      return false;
    }
    return types.some(isStreamType) && types.some(isJsonMediaType);
  });
}

/**
 * The body's switch between JSON and a stream, as drafted: left out (no call sends it: the answer is JSON), or, where
 * it defaults to true, a constant false the package sends itself, so that the upstream answers the JSON the tool
 * reads rather than a stream of its parts.
 */
export function streamFlagDraft(
  name: string,
  flat: Schema | undefined,
  events: boolean,
): { constant?: ManifestConstant; note: string } {
  const stream = events ? "a stream of server-sent events (text/event-stream)" : "a stream of JSON values, one a line";
  if (flat?.default !== true)
    return {
      note: events
        ? streamNote(name)
        : `${name} is left out: true makes the upstream answer ${stream}, which a JSON tool does not read; ` +
          "without it the answer is JSON",
    };
  return {
    constant: { in: "body", pointer: `/${name.replace(/~/g, "~0").replace(/\//g, "~1")}`, value: false },
    note:
      `${name} defaults to true, which makes the upstream answer ${stream} rather than JSON: drafted as a ` +
      "constant false the package sends itself, so that each call gets the JSON answer its outputs read",
  };
}
