// A path item as a mock serves it: under the document's server path, or, for the operations whose own server names
// another (link/server/operation-server.ts: an upload host's `/api/2.0`), under that one, as the service serves them,
// so that a call sent where the document says is answered and one sent under the document's path is not.
import { ownServer } from "../link/server/operation-server.js";
import { OPERATION_METHODS } from "../load/openapi-document.js";
import { inRouteOrder } from "../load/operation-index.js";

type Json = Record<string, unknown>;

/**
 * The path item split by the path each of its operations is served under (`base` where none names its own): the item
 * as it is when all are served under `base`; else each part with its operations only, their servers left out (where
 * they are served is in the key).
 */
export function servedParts(document: unknown, path: string, item: unknown, base: string): [string, unknown][] {
  if (item === null || typeof item !== "object" || Array.isArray(item)) return [[base, item]];
  const under = new Map<string, string[]>();
  for (const method of OPERATION_METHODS) {
    if (!(method in item)) continue;
    const own = ownServer(document, path, method);
    const at = own && "path" in own ? own.path : base;
    under.set(at, [...(under.get(at) ?? []), method]);
  }
  if (under.size <= 1 && (under.size === 0 || under.has(base))) return [[base, item]];
  const { servers: _, ...fields } = item as Json;
  const shared = Object.fromEntries(Object.entries(fields).filter(([k]) => !OPERATION_METHODS.includes(k as never)));
  return [...under].map(([at, methods]) => [
    at,
    {
      ...shared,
      ...Object.fromEntries(
        methods.map((m) => {
          const { servers: __, ...op } = (item as Json)[m] as Json;
          return [m, op];
        }),
      ),
    },
  ]);
}

/** The path items in the order a mock routes them (inRouteOrder), each split by where its operations are served. */
export function servedInRouteOrder(document: unknown, paths: Record<string, unknown>, base: string) {
  return inRouteOrder(paths).flatMap(([path, whole]) =>
    servedParts(document, path, whole, base).map(([under, item]) => [path, item, under] as const),
  );
}
