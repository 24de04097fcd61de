// Files inside a multipart field: an object of binary strings (`files: {pfx_file, crt_file}`), a map of them
// (`additionalProperties: {format: binary}`), or a list of such objects. OpenAPI sends such a field as one JSON part
// (the Encoding Object's default for an object), which carries no file's bytes: the link refuses a parameter placed
// there (files.ts), and `add` leaves such a field out or refuses its operation (import/draft/files.ts).
import { isBinaryString } from "../../load/media-types.js";
import type { Schema } from "../../load/openapi-document.js";

/** A schema's $ref followed, or undefined. */
export type Resolve = (schema: unknown) => Schema | undefined;

const MAX_DEPTH = 8;

/**
 * Where files sit inside a field (`/pfx_file`, `/{}`, `/*\/scan`); none when it is a file, a list of files, or holds
 * none.
 */
export function nestedFilePlaces(resolve: Resolve, field: unknown): string[] {
  const top = resolve(field);
  if (!top || isBinaryString(top)) return [];
  if (top.type === "array" && isBinaryString(resolve(top.items))) return [];
  const out: string[] = [];
  const seen = new Set<unknown>();
  const walk = (node: Schema | undefined, at: string, depth: number) => {
    if (!node || depth > MAX_DEPTH || seen.has(node) || out.length >= 4) return;
    if (depth > 0 && isBinaryString(node)) {
      out.push(at || "/");
      return;
    }
    seen.add(node);
    for (const [name, child] of Object.entries((node.properties ?? {}) as Record<string, unknown>))
      walk(resolve(child), `${at}/${name}`, depth + 1);
    if (node.additionalProperties && typeof node.additionalProperties === "object")
      walk(resolve(node.additionalProperties), `${at}/{}`, depth + 1);
    if (node.items) walk(resolve(node.items), `${at}/*`, depth + 1);
    for (const key of ["allOf", "oneOf", "anyOf"] as const)
      for (const branch of Array.isArray(node[key]) ? (node[key] as unknown[]) : []) walk(resolve(branch), at, depth);
    seen.delete(node);
  };
  walk(top, "", 0);
  return out;
}
