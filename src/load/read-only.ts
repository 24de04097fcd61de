// readOnly in requests (OpenAPI 3.x): a property marked `readOnly: true` is
// sent by the server only, so "required" does not apply to it in a request.
// Drafts, coverage checks and the values the suite makes for a request read
// an object's required fields through these.
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
 * A copy of a whole document in which no object schema requires a property
 * whose own schema (or the one its local $ref names) is readOnly: the schemas
 * as a request must meet them. Nothing else changes.
 */
export function withoutReadOnlyRequired(document: Node): Node {
  const copy = structuredClone(document);
  const target = (v: unknown): unknown => {
    for (let hops = 0; isNode(v) && typeof v.$ref === "string" && v.$ref.startsWith("#/") && hops < 8; hops++) {
      v = v.$ref
        .slice(2)
        .split("/")
        .map((s) => decodeURIComponent(s).replace(/~1/g, "/").replace(/~0/g, "~"))
        .reduce<unknown>((n, k) => (isNode(n) || Array.isArray(n) ? (n as Node)[k] : undefined), copy);
    }
    return v;
  };
  const seen = new Set<unknown>();
  const walk = (node: unknown): void => {
    if (!node || typeof node !== "object" || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) return node.forEach(walk);
    const n = node as Node;
    if (Array.isArray(n.required) && isNode(n.properties)) {
      const properties = n.properties;
      n.required = n.required.filter(
        (name) =>
          !(
            typeof name === "string" &&
            Object.hasOwn(properties, name) &&
            (target(properties[name]) as Node | undefined)?.readOnly === true
          ),
      );
      if ((n.required as unknown[]).length === 0) delete n.required;
    }
    for (const v of Object.values(n)) walk(v);
  };
  walk(copy);
  return copy;
}
