// readOnly in requests (OpenAPI 3.x): a property marked `readOnly: true` is
// sent by the server only, so "required" does not apply to it in a request.
// Drafts, coverage checks and the values the suite makes for a request read
// an object's required fields through these.
import { followLocalRefs } from "./json-ref.js";
import type { OpenApiDocument, Schema } from "./openapi-document.js";

/** The fields a request must carry of an object schema: its `required` (allOf merged) but the readOnly ones. */
export function requiredInRequest(doc: OpenApiDocument, schema: Schema): string[] {
  const flat = doc.flatten(schema);
  const properties = (flat.properties ?? {}) as Record<string, Schema>;
  const required = Array.isArray(flat.required)
    ? (flat.required as unknown[]).filter((n): n is string => typeof n === "string")
    : [];
  return required.filter((name) => !(Object.hasOwn(properties, name) && isReadOnly(doc, properties[name] as Schema)));
}

function isReadOnly(doc: OpenApiDocument, schema: Schema): boolean {
  try {
    return doc.flatten(schema).readOnly === true;
  } catch {
    return false; // a $ref that names nothing: the linker says so elsewhere
  }
}

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * Whether a field's schema says `flag` (readOnly: sent in answers only; writeOnly: in requests only): its own, its
 * local `$ref`'s, or an `allOf` member's. A member's annotation holds for the whole, as Prism reads it (it merges
 * `allOf` before it strips such fields: `position: {allOf: [{$ref: Position}], readOnly: true}`, Position
 * `writeOnly`).
 */
export function markedOnly(document: unknown, schema: unknown, flag: "readOnly" | "writeOnly", depth = 0): boolean {
  if (!isNode(schema) || depth > 16) return false;
  if (schema[flag] === true) return true;
  if (typeof schema.$ref === "string")
    return markedOnly(document, followLocalRefs(document, { $ref: schema.$ref }), flag, depth + 1);
  return Array.isArray(schema.allOf) && schema.allOf.some((member) => markedOnly(document, member, flag, depth + 1));
}

/**
 * A copy of a whole document in which no object schema requires a property
 * read only (markedOnly), whether it declares the property or an `allOf`
 * member does: the schemas as a request must meet them, as the mocks' request
 * bodies are (mocks/read-only-required.ts). Nothing else changes.
 */
export function withoutReadOnlyRequired(document: Node): Node {
  const copy = structuredClone(document);
  const seen = new Set<unknown>();
  const walk = (node: unknown): void => {
    if (!node || typeof node !== "object" || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) return node.forEach(walk);
    const n = node as Node;
    if (Array.isArray(n.required) && (isNode(n.properties) || Array.isArray(n.allOf))) {
      n.required = n.required.filter(
        (name) => !(typeof name === "string" && markedOnly(copy, declaredField(copy, n, name), "readOnly")),
      );
      if ((n.required as unknown[]).length === 0) delete n.required;
    }
    for (const v of Object.values(n)) walk(v);
  };
  walk(copy);
  return copy;
}

/**
 * The schema an object declares its field `name` with: its own property, else an `allOf` member's (local `$ref`s
 * followed: a closed shipment requiring the id its shared shape declares `readOnly`).
 */
function declaredField(document: unknown, schema: unknown, name: string, depth = 0): unknown {
  if (!isNode(schema) || depth > 16) return undefined;
  const node = typeof schema.$ref === "string" ? followLocalRefs(document, { $ref: schema.$ref }) : schema;
  if (!isNode(node)) return undefined;
  if (isNode(node.properties) && Object.hasOwn(node.properties, name)) return node.properties[name];
  for (const member of Array.isArray(node.allOf) ? node.allOf : []) {
    const found = declaredField(document, member, name, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}
