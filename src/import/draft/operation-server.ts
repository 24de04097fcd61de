// An operation's own address: OpenAPI 3 lets an operation, or its path item, name servers of its own (uploads on
// another host, a part of the API under another path). The first one is where its requests go, not the document's.
import { withServerScheme } from "../../link/server/server.js";

type Json = Record<string, unknown>;

/**
 * The first server the operation names (else its path item), when it differs from the document's first: the address
 * its requests go to. `location`: the operation's place in the document (`["paths", path, method]`).
 */
export function ownServerOf(data: Json, location: readonly (string | number)[]): Json | undefined {
  const [, path, method] = location;
  const item = ((data.paths ?? {}) as Json)[String(path)] as Json | undefined;
  const op = item?.[String(method)] as Json | undefined;
  const list = Array.isArray(op?.servers) ? op.servers : Array.isArray(item?.servers) ? item.servers : undefined;
  const first = list?.[0] as Json | undefined;
  if (typeof first?.url !== "string") return undefined;
  const top = Array.isArray(data.servers) ? (data.servers[0] as Json | undefined) : undefined;
  const same = typeof top?.url === "string" && withServerScheme(top.url) === withServerScheme(first.url);
  return same ? undefined : first;
}
