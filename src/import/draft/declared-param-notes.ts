// What a note says of a declared parameter the runtime sends otherwise than the document might be read to: a query
// value null may be (no pair), an object header of lists or objects (no form in style simple), a list or object of a
// style the runtime does not write. Each drafted by params.ts; the note says what a call then does.
import type { ManifestParam } from "../../load/precompiled/manifest-types.js";
import type { OpenApiDocument, Schema } from "../../load/openapi-document.js";
import type { explodedQueryObjects } from "../shapes/query-object.js";
import { safeFlatten } from "./param-schema.js";

/** A parameter the operation declares, or a field of an object query parameter (shapes/query-object.ts). */
export type Declared = ReturnType<typeof explodedQueryObjects>[number];

/** The styles the runtime writes a list or an object in, by place. */
const STYLES_SENT: Record<string, readonly string[]> = {
  query: ["form", "spaceDelimited", "pipeDelimited", "deepObject"],
  path: ["simple", "label", "matrix"],
  header: ["simple"],
  cookie: ["form"],
};

/**
 * A query value the document lets be null (3.1's `type: [string, "null"]`, a list's `anyOf: [{type: array}, {type:
 * null}]`): null has no form there, and OpenAPI writes no pair for it. Drafted nullable, so that a caller's null
 * (`--param x=null`) sends nothing, not the text `null` nor a refusal (link/null-values/); the note saying so. Not a
 * value described by `content` (its JSON text has a form for null).
 */
export function nullableQuery(doc: OpenApiDocument, declared: Declared, draft: ManifestParam): string | undefined {
  const styled = draft.type === "json" && declared.content === undefined;
  const scalar = draft.type === "string" || draft.type === "number" || draft.type === "boolean";
  if (declared.in !== "query" || !(scalar || styled) || !declared.schema || !doc.admitsNull(declared.schema))
    return undefined;
  draft.nullable = true;
  return (
    `the spec lets ${declared.name} be null, which a query cannot carry (OpenAPI writes no pair for null): ` +
    `nullable, a call's null sends no ${declared.name}${draft.required ? " (refused: it is required)" : ""}`
  );
}

/**
 * What a note says of an object header in style simple whose fields are lists or objects: the style has no form for
 * them (a header is not percent-encoded, and their JSON text holds the commas between pairs), so the runtime refuses a
 * value holding them; an upstream that reads JSON there is described by `content`.
 */
export function nestedInHeader(doc: OpenApiDocument, declared: Declared, draft: ManifestParam): string | undefined {
  if (declared.in !== "header" || draft.type !== "json" || declared.content !== undefined) return undefined;
  const flat = declared.schema ? safeFlatten(doc, declared.schema) : undefined;
  const fields = Object.entries((flat?.properties ?? {}) as Record<string, Schema>).filter(([, schema]) => {
    const f = safeFlatten(doc, schema);
    return f !== undefined && (f.type === "object" || f.type === "array" || f.properties !== undefined);
  });
  if (!fields.length) return undefined;
  return (
    `header parameter ${declared.name} is an object whose fields ${fields.map(([f]) => f).join(", ")} are lists or ` +
    "objects, which style simple cannot carry in a header: a call giving them is refused before any request; if the " +
    "upstream reads JSON there, describe the parameter with content: application/json in the spec"
  );
}

/** What a note says of a list or object parameter whose style the runtime does not write; undefined when it does. */
export function unsentStyle(declared: Declared, draft: ManifestParam): string | undefined {
  const raw = declared as unknown as Schema;
  const style =
    typeof raw.style === "string" ? raw.style : declared.in === "query" || declared.in === "cookie" ? "form" : "simple";
  const explode = typeof raw.explode === "boolean" ? raw.explode : style === "form";
  // Forms of scalars alone (an id or a name) go anywhere a scalar goes.
  const scalars = draft.anyOf?.every((f) => f.type !== "json") === true;
  // The runtime writes a list or an object as its style says: in the query (form, spaceDelimited, pipeDelimited,
  // deepObject), the path (simple, label, matrix), a header (simple) and a cookie (form); one described by
  // `content` as its JSON.
  if (
    draft.type !== "json" ||
    scalars ||
    declared.content !== undefined ||
    (STYLES_SENT[declared.in] ?? []).includes(style)
  )
    return undefined;
  return (
    `${declared.in} parameter ${declared.name} is ` +
    `${draft.jsonType ?? "structured"}${raw.style ? ` (style ${style}${explode ? ", exploded" : ""})` : ""}, ` +
    "which the runtime does not send yet"
  );
}
