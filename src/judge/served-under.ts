// The path each operation is served under: the one the judge is given (the document's server's), or the one the
// operation's own server names (link/server/operation-server.ts: an upload host's `/api/2.0`), so that a request is
// routed among the operations served where it was sent, and one sent under another operation's path is refused.
import { ownServer } from "../link/server/operation-server.js";
import type { JudgedOperation } from "./operations.js";

export interface ServedGroup {
  base: string;
  under: RegExp;
  operations: JudgedOperation[];
}

/** The operations grouped by the path they are served under, the longest path first; `base` first among equals. */
export function servedUnder(data: unknown, operations: JudgedOperation[], base: string): ServedGroup[] {
  const groups = new Map<string, JudgedOperation[]>([[base, []]]);
  for (const op of operations) {
    const own = ownServer(data, op.path, op.method);
    const at = own && "path" in own ? own.path : base;
    groups.set(at, [...(groups.get(at) ?? []), op]);
  }
  return [...groups]
    .map(([path, ops]) => ({ base: path, under: basePattern(path), operations: ops }))
    .sort((a, b) => b.base.length - a.base.length);
}

/**
 * The server's path as a pattern of the paths under it: a `{variable}` left in it (the credential's, auth.variable) is
 * any one segment.
 */
export function basePattern(base: string): RegExp {
  const escaped = base
    .split(/(\{[^{}]+\})/)
    .map((part) => (/^\{[^{}]+\}$/.test(part) ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("");
  return new RegExp(`^${escaped}(?=/|$)`);
}
