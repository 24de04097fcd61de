// A path that begins with parameters defaulting to a segment (`/{apiVersion}/things/…`, `apiVersion` a path
// parameter defaulting to `v4`): where an API moved its version out of the server's address (`https://host/v4`) into
// its paths, a call leaving the parameter at its default goes to the same address as before. document-diff.ts finds
// each operation also at that address, and compares its server and its parameters as the same place.
import { type Found, keyOf, list, object, operationsOf, serverPath } from "./document-operations.js";
import { deref, type DocumentSet } from "./schema-flat.js";

/** A default that is one segment of an address as written (`v4`, `2024-01`), nothing to encode. */
const SEGMENT = /^[A-Za-z0-9._~-]+$/;

export interface LeadingDefaults {
  /** The leading parameters' names. */
  names: Set<string>;
  /** Their defaults as a path (`/v4`), the rest of the path after it. */
  prefix: string;
  rest: string;
}

/** The leading path parameters of an operation's path that default to a segment, or undefined where none does. */
export function leadingDefaults(docs: DocumentSet, f: Found): LeadingDefaults | undefined {
  const defaults = new Map<string, string>();
  for (const [raw, file] of [
    ...list(f.item.parameters).map((p) => [p, f.itemFile] as const),
    ...list(f.op.parameters).map((p) => [p, f.file] as const),
  ]) {
    const { node, file: at } = deref(docs, { schema: raw, file });
    if (node.in !== "path" || typeof node.name !== "string") continue;
    const schema = deref(docs, { schema: node.schema, file: at }).node;
    const value = schema.default;
    const listed = !Array.isArray(schema.enum) || schema.enum.includes(value);
    if (typeof value === "string" && SEGMENT.test(value) && listed) defaults.set(node.name, value);
    else defaults.delete(node.name);
  }
  const names = new Set<string>();
  let prefix = "";
  let rest = f.path;
  for (let m = rest.match(/^\/\{([^}/]+)\}(?=\/|$)/); m; m = rest.match(/^\/\{([^}/]+)\}(?=\/|$)/)) {
    const value = defaults.get(m[1] as string);
    if (value === undefined) break;
    names.add(m[1] as string);
    prefix += `/${value}`;
    rest = rest.slice(m[0].length);
  }
  return names.size ? { names, prefix, rest: rest || "/" } : undefined;
}

/**
 * The operations by key (document-operations.ts `operationsOf`) and the server's path; each operation found also at
 * its leading parameters' defaults (`GET /v4/things`, the server's path before it too) where none is there already.
 */
export function operationsWithDefaults(docs: DocumentSet): [Map<string, Found>, string] {
  const found = operationsOf(docs);
  const serverPrefix = serverPath(object(docs.files.get(docs.root)));
  for (const f of new Set(found.values())) {
    const at = leadingDefaults(docs, f);
    if (!at) continue;
    for (const path of [`${at.prefix}${at.rest}`, `${serverPrefix}${at.prefix}${at.rest}`]) {
      const key = keyOf(f.method, path);
      if (!found.has(key)) found.set(key, f);
    }
  }
  return [found, serverPrefix];
}

/** The key document-diff.ts compares a leading parameter defaulting to a segment by, beside its name. */
export const DEFAULTED = "path:default:";

/**
 * Each operation's address path by its key (`POST /{}/things`): the server's path, then its path with its leading
 * parameters written as their defaults (`/v4/things`), for the moves operation-moves.ts finds at the same address.
 */
export function addressPaths(doc: unknown): Map<string, string> {
  const docs: DocumentSet = { root: "", files: new Map([["", doc]]) };
  const [found, server] = operationsWithDefaults(docs);
  const out = new Map<string, string>();
  for (const f of new Set(found.values())) {
    const at = leadingDefaults(docs, f);
    out.set(keyOf(f.method, f.path), `${server}${at ? `${at.prefix}${at.rest}` : f.path}`);
  }
  return out;
}
