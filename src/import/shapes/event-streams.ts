// Answers that are a stream of server-sent events (`text/event-stream`) beside
// JSON, and the boolean that switches between them: the drafter asks for the
// JSON (the runtime does not read event streams) and leaves the switch out.
import { typeOf, type OpenApiDocument, type Schema } from "../../load/openapi-document.js";

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
      return Object.keys((doc.resolve(raw).content ?? {}) as object).some((t) => t.split(";")[0]?.trim().toLowerCase() === "text/event-stream");
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
  const kinds = flat && !t && Array.isArray(flat.anyOf ?? flat.oneOf) ? ((flat.anyOf ?? flat.oneOf) as Schema[]).map((s) => typeOf(safeFlatten(doc, s) ?? {})) : [t];
  return kinds.includes("boolean");
}

export function streamNote(name: string): string {
  return `${name} is left out: true makes the upstream answer a stream of server-sent events (text/event-stream), which the runtime does not read; without it the answer is JSON`;
}
