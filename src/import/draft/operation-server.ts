// An operation's own address: OpenAPI 3 lets an operation, or its path item, name servers of its own (uploads on
// another host, a part of the API under another path). The first one is where its requests go, not the document's:
// drafted as the operation's `server` (link/server/operation-server.ts reads it as generate will), or a note saying
// why it cannot be.
import type { ManifestOperation } from "../../load/precompiled/manifest-types.js";
import { ownServer } from "../../link/server/operation-server.js";
import type { ReviewNote } from "../manifest-yaml.js";

/** The operation's `server` when the document serves it elsewhere, with its note; nothing otherwise. */
export function draftOwnServer(
  data: unknown,
  path: string,
  method: string,
  name: string,
  at: (string | number)[],
  notes: ReviewNote[],
): Pick<ManifestOperation, "server"> {
  const own = ownServer(data, path, method);
  if (!own) return {};
  if ("problem" in own) {
    notes.push({
      at,
      note:
        `${name} names a server of its own, not drafted: ${own.problem}. Its calls cannot go to the provider's ` +
        "address instead: leave the operation out, or write its server",
    });
    return {};
  }
  notes.push({
    at: [...at, "server"],
    note:
      `${name} names a server of its own (${own.url}), not the document's: its calls, and the credential, go to ` +
      "this address",
  });
  return { server: own.address };
}
