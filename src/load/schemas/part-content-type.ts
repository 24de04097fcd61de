// A multipart part's Content-Type, one record for the link (what the runtime sends: link/wire/part-types.ts), the
// request judge (what it accepts: judge/body/multipart.ts) and the changes (what an upstream edit moves:
// changes/wire-forms.ts). The encoding's `contentType` where it names one, else OpenAPI's default for the part's
// schema (3.0.4 and 3.1.1's table): bytes (format binary or byte, 3.1's contentMediaType or contentEncoding, a union
// that may be a file) application/octet-stream, an object application/json, a scalar text/plain. A list goes a part
// per item, each of its items' default; a list sent as one part (a union's value whole) is its JSON text.
import { isBinaryString } from "../media-types.js";

type Node = Record<string, unknown>;

/** What a part's schema makes of it: the default's kind names why the type is what it is. */
export type PartKind = "bytes" | "json" | "list" | "text" | "any";

export interface PartDefault {
  kind: PartKind;
  /** OpenAPI's default type; undefined for a schema that says nothing of its type (`any`). */
  mediaType?: string;
}

export const OCTET_STREAM = "application/octet-stream";

/** Bytes: a binary string, a string of encoded bytes (3.0's format byte, any 3.1 contentEncoding), or a file branch. */
function holdsBytes(node: Node, resolve: (schema: unknown) => Node): boolean {
  if (isBinaryString(node) || node.format === "byte" || typeof node.contentEncoding === "string") return true;
  const branches = node.oneOf ?? node.anyOf;
  return Array.isArray(branches) && branches.some((b) => isBinaryString(resolve(b)));
}

/** OpenAPI's default rules, in order: the first that holds gives the part's type. */
const DEFAULT_RULES: readonly {
  kind: PartKind;
  mediaType: string;
  holds: (node: Node, types: ReadonlySet<string>, resolve: (schema: unknown) => Node) => boolean;
}[] = [
  { kind: "bytes", mediaType: OCTET_STREAM, holds: (node, _types, resolve) => holdsBytes(node, resolve) },
  { kind: "json", mediaType: "application/json", holds: (_node, types) => types.has("object") },
  { kind: "list", mediaType: "application/json", holds: (_node, types) => types.has("array") },
  { kind: "text", mediaType: "text/plain", holds: (_node, types) => types.size > 0 },
];

/**
 * OpenAPI's default Content-Type of a part of this schema. `node`: the schema with its `$ref` followed; `types`: the
 * JSON types it admits (empty: any); `resolve`: a branch's schema with its `$ref` followed.
 */
export function defaultPartType(
  node: Node,
  types: ReadonlySet<string>,
  resolve: (schema: unknown) => Node = (s) => (s !== null && typeof s === "object" ? (s as Node) : {}),
): PartDefault {
  const rule = DEFAULT_RULES.find((r) => r.holds(node, types, resolve));
  return rule ? { kind: rule.kind, mediaType: rule.mediaType } : { kind: "any" };
}

/** The media types an encoding's `contentType` lists, each trimmed and as written (a type, a range, or several). */
export function listedPartTypes(contentType: unknown): string[] {
  return typeof contentType === "string"
    ? contentType
        .split(",")
        .map((t) => t.trim())
        .filter(Boolean)
    : [];
}

/** A part's types: the encoding's where it lists any (`explicit`), else the schema's default (none: any type). */
export function partContentTypes(
  encoding: { contentType?: unknown } | undefined,
  node: Node,
  types: ReadonlySet<string>,
  resolve?: (schema: unknown) => Node,
): { types: string[]; explicit: boolean; default: PartDefault } {
  const listed = listedPartTypes(encoding?.contentType);
  const fallback = defaultPartType(node, types, resolve);
  if (listed.length) return { types: listed, explicit: true, default: fallback };
  return { types: fallback.mediaType ? [fallback.mediaType] : [], explicit: false, default: fallback };
}
