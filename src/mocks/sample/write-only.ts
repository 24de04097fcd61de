// Fields written only (`writeOnly: true`: a password, a secret the API takes and never gives back), which OpenAPI
// sends in requests only: the mocks' answers leave them out, the answers they draw and the records a stateful mock
// keeps of what a request sent alike. (Prism checks an answer without them, and a closed object then refused one.)

import { markedOnly } from "../../load/read-only.js";
import { resolvePointer } from "./sample-lookup.js";

type Node = Record<string, unknown>;

/** Schemas followed through `$ref`s at most, against a chain of references to references. */
const MOST_LINKS = 16;

/** Whether `schema` is written only (load/read-only.ts's markedOnly: its own, its `$ref`'s, an `allOf` member's). */
export function writtenOnly(document: Node, schema: unknown): boolean {
  return markedOnly(document, schema, "writeOnly");
}

/** Whether `schema` is read only, as writtenOnly reads `writeOnly`: OpenAPI sends such a field in answers only. */
export function readOnly(document: Node, schema: unknown): boolean {
  return markedOnly(document, schema, "readOnly");
}

type Flag = "readOnly" | "writeOnly";

/**
 * `value` without the fields its schema writes only, at every depth (an object's properties, those of its `allOf`
 * members and union branches, a list's items); the value itself where it holds none.
 */
export function withoutWrittenOnly(document: Node, schema: unknown, value: unknown): unknown {
  return withoutMarked(document, schema, value, "writeOnly", 0);
}

/**
 * `value` without the fields its schema reads only, as withoutWrittenOnly: what a request sends of a document's request
 * example (an example copied from an answer carried them).
 */
export function withoutReadOnly(document: Node, schema: unknown, value: unknown): unknown {
  return withoutMarked(document, schema, value, "readOnly", 0);
}

function withoutMarked(document: Node, schema: unknown, value: unknown, flag: Flag, depth: number): unknown {
  if (depth > 32 || value === null || typeof value !== "object") return value;
  const parts = schemaParts(document, schema);
  if (Array.isArray(value)) {
    const items = parts.map((p) => p.items).filter((i) => i !== undefined);
    if (!items.length) return value;
    const kept = value.map((v) => items.reduce((w: unknown, i) => withoutMarked(document, i, w, flag, depth + 1), v));
    return kept.every((v, i) => v === value[i]) ? value : kept;
  }
  let out: Node | undefined;
  for (const [name, field] of Object.entries(value)) {
    const declared = parts.flatMap((p) => (isNode(p.properties) && name in p.properties ? [p.properties[name]] : []));
    if (declared.some((d) => markedOnly(document, d, flag))) {
      out ??= { ...(value as Node) };
      delete out[name];
      continue;
    }
    const kept = declared.reduce((w: unknown, d) => withoutMarked(document, d, w, flag, depth + 1), field);
    if (kept !== field) (out ??= { ...(value as Node) })[name] = kept;
  }
  return out ?? value;
}

/** The schema and every schema it is made of (its `$ref`s followed; `allOf`, `oneOf`, `anyOf` members), once each. */
function schemaParts(document: Node, schema: unknown): Node[] {
  const out: Node[] = [];
  const seen = new Set<unknown>();
  const visit = (node: unknown, links: number): void => {
    if (!isNode(node) || seen.has(node) || links > MOST_LINKS || out.length > 256) return;
    seen.add(node);
    if (typeof node.$ref === "string") {
      if (node.$ref.startsWith("#")) visit(resolvePointer(document, node.$ref.slice(1)), links + 1);
      return;
    }
    out.push(node);
    for (const key of ["allOf", "oneOf", "anyOf"])
      if (Array.isArray(node[key])) for (const member of node[key]) visit(member, links);
  };
  visit(schema, 0);
  return out;
}

function isNode(value: unknown): value is Node {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
