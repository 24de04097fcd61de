// A reply's field saying where its page stopped, sent back as where the next
// page starts: `LastEvaluatedKey` → the JSON body's `ExclusiveStartKey`,
// `LastEvaluatedTableName` → `ExclusiveStartTableName`, `nextToken` →
// `startingToken`, for pagination.ts. The names alone say little (a reply's
// `lastName` beside a body's `startName` is no paging), so the two must also
// be of one schema: a text or a number, or an object (a record's key, a map
// of its attribute values) that the runtime sends back whole in the body.
import { formatPointer } from "@blockwright/runtime/internal";
import { typeOf, type OpenApiDocument, type OpenApiOperation, type Schema } from "../../load/openapi-document.js";
import { safeFlatten } from "./param-schema.js";
import type { NextSlot } from "./paging-reply.js";

// Where this page stopped: `LastEvaluatedKey`, `last_key`, `nextToken`; the rest of the name is what is sent back.
const STOPPED = /^(last_?(evaluated_?)?|next_?)(.+)$/i;
// Where the next page starts: `ExclusiveStartKey`, `start_key`, `startingToken`, `StartAfterKey`.
const STARTS = /^(exclusive_?)?start(ing)?_?(after_?)?(.+)$/i;
// What a schema says of the value itself, compared; its words and examples are not.
const WORDS = new Set(["description", "title", "example", "examples", "externalDocs", "deprecated", "default"]);

// Nothing said: flattening an allOf gives its schema `properties: {}` and `required: []`, a bare schema has none.
const EMPTY = new Set(["{}", "[]"]);

type Parameter = OpenApiOperation["parameters"][number];

/** The reply's field and the request's place it is sent back at, and whether the value is an object. */
export interface ResumeField {
  field: string[];
  name: string;
  send: NextSlot;
  object: boolean;
}

const key = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, "");

/** The schema as JSON without its words: two places of one schema give the same text. */
function valueShape(doc: OpenApiDocument, schema: Schema | undefined): string | undefined {
  const flat = schema ? safeFlatten(doc, schema) : undefined;
  if (!flat) return undefined;
  const strip = (node: unknown): unknown =>
    Array.isArray(node)
      ? node.map(strip)
      : node !== null && typeof node === "object"
        ? Object.fromEntries(
            Object.entries(node)
              .filter(([k, v]) => !WORDS.has(k) && !k.startsWith("x-") && !EMPTY.has(JSON.stringify(v)))
              .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
              .map(([k, v]) => [k, strip(v)]),
          )
        : node;
  return JSON.stringify(strip(flat));
}

/**
 * The top-level field of the reply `body` named as where the page stopped whose value a drafted parameter (`usable`)
 * or a drafted top-level field of the JSON body (`bodyFields`, else any) takes, named as where the next page starts,
 * of the same schema; an object only in the body.
 */
export function resumeField(
  doc: OpenApiDocument,
  body: Schema,
  op: OpenApiOperation,
  usable: (p: Parameter) => boolean,
  bodyFields?: readonly string[],
): ResumeField | undefined {
  const requestBody = op.requestBody?.encoding === "json" ? safeFlatten(doc, op.requestBody.schema) : undefined;
  const bodySchemas = (requestBody?.properties ?? {}) as Record<string, Schema>;
  // Every field of the body, when the caller names none (what the reply is, before any parameter is drafted).
  bodyFields ??= Object.keys(bodySchemas);
  const places = [
    ...op.parameters
      .filter((p) => (p.in === "query" || p.in === "header") && usable(p))
      .map((p) => ({ name: p.name, schema: p.schema, send: { in: p.in as "query" | "header", name: p.name } })),
    ...bodyFields.map((f) => ({
      name: f,
      schema: bodySchemas[f],
      send: { in: "body" as const, pointer: formatPointer([f]) },
    })),
  ];
  for (const [name, schema] of Object.entries((body.properties ?? {}) as Record<string, Schema>)) {
    const stopped = STOPPED.exec(name)?.[3];
    if (!stopped || key(stopped).length < 3) continue;
    const shape = valueShape(doc, schema);
    const type = typeOf(safeFlatten(doc, schema) ?? {});
    const object = type === "object";
    if (!shape || !(object || type === "string" || type === "integer" || type === "number")) continue;
    const place = places.find((p) => {
      const starts = STARTS.exec(p.name)?.[4];
      return (
        starts !== undefined &&
        key(starts) === key(stopped) &&
        key(p.name) !== key(name) &&
        (!object || p.send.in === "body") &&
        valueShape(doc, p.schema) === shape
      );
    });
    if (place) return { field: [name], name: place.name, send: place.send, object };
  }
  return undefined;
}
