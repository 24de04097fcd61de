// Where an operation the older version of a document had, and the newer no longer has at its method and path, went:
// one rule for `upstream`'s comparison (document-diff.ts), its re-cut (upstream/moved-operations.ts) and the
// manifest's operationId followed (upstream/renamed-operations.ts). Moved, it is the one operation of the newer
// version at a method and path the older did not have that either keeps its operationId (`/v1/keys/{serial}` →
// `/v2/keys/{serial}`), or takes the same method at its path under a prefix of whole segments and a name of its words
// (an identity service's `GET /clients` `listOAuth2Clients` → `GET /admin/clients` `adminListOAuth2Clients`, or
// `adminCreateIdentity` → `createIdentity` under `/admin`) that the older version gave no operation. Anything else
// (two such, another method, another name) is no move: the operation is gone. One served at the same address (its
// server's path become a leading parameter defaulting to it, `https://host/v4` + `/things` → `/{version}/things`) is
// moved whatever its name.
import { nameWords } from "../load/schemas/name-words.js";
import { type Found, keyOf } from "./document-operations.js";

export interface OperationPlace {
  method: string;
  path: string;
  operationId?: string;
  /** The path its address reads (version-path.ts `addressPaths`), where its caller knows it. */
  address?: string;
}

const placeKey = (o: OperationPlace) => keyOf(o.method, o.path);
/** The path part of its key (`/a/{}/b`). */
const pathKey = (o: OperationPlace) => placeKey(o).slice(o.method.length + 1);

/** Whether one name's words are all among the other's (`listClients` and `adminListClients`, either way). */
function sameWords(a: string, b: string): boolean {
  const [x, y] = [new Set(nameWords(a)), new Set(nameWords(b))];
  const within = (s: Set<string>, t: Set<string>) => [...s].every((w) => t.has(w));
  return x.size > 0 && y.size > 0 && (within(x, y) || within(y, x));
}

/**
 * The operation of `newer` that `gone` moved to (see the top of this file), or undefined; `older` is every operation of
 * the older version (its places and names).
 */
export function movedTo<T extends OperationPlace>(
  gone: OperationPlace,
  older: readonly OperationPlace[],
  newer: readonly T[],
): T | undefined {
  const olderPlaces = new Set(older.map(placeKey));
  const olderNames = new Set(older.flatMap((o) => (o.operationId ? [o.operationId] : [])));
  const fresh = newer.filter((o) => !olderPlaces.has(placeKey(o)));
  const id = gone.operationId;
  const named = id ? fresh.filter((o) => o.operationId === id) : [];
  if (named.length) return named.length === 1 ? named[0] : undefined;
  // Served at the same address under another path and name: its version moved from the server into a parameter
  // defaulting to it (version-path.ts).
  const address = gone.address && keyOf(gone.method, gone.address);
  const there = address ? fresh.filter((o) => o.address && keyOf(o.method, o.address) === address) : [];
  if (there.length === 1) return there[0];
  if (!id || newer.some((o) => o.operationId === id)) return undefined;
  const path = pathKey(gone);
  const prefixed = fresh.filter((o) => {
    const at = pathKey(o);
    return (
      o.method.toUpperCase() === gone.method.toUpperCase() &&
      path !== "/" &&
      // Under a prefix of whole segments: `path` starts with its own `/`.
      at.length > path.length &&
      at.endsWith(path) &&
      o.operationId !== undefined &&
      !olderNames.has(o.operationId) &&
      sameWords(id, o.operationId)
    );
  });
  return prefixed.length === 1 ? prefixed[0] : undefined;
}

/** The operation of `after` that `x` moved to, where it moved (document-diff.ts' comparison). */
export function movedOperation(x: Found, before: Map<string, Found>, after: Map<string, Found>): Found | undefined {
  const place = (f: Found) => ({
    method: f.method,
    path: f.path,
    ...(typeof f.op.operationId === "string" && f.op.operationId !== "" ? { operationId: f.op.operationId } : {}),
  });
  const found = movedTo(
    place(x),
    [...new Set(before.values())].map(place),
    [...new Set(after.values())].map((f) => ({ ...place(f), f })),
  );
  return found?.f;
}
