// Where an operation is served, compared between two versions of a document (a part of document-diff.ts's
// comparison): the first address of its effective servers (its own, else its path's, else the document's), each
// variable given its default, as a client without a choice of its own would call it. An address that moved is a call
// to the old one that may fail; where the newer document still lists the old address among its servers, the move is
// a new first choice and the old address stays served.
import { type Add, type Found, list, object } from "./document-operations.js";
import type { DocumentSet } from "./schema-flat.js";
import { withServerDefaults } from "../common/url/server-defaults.js";
import { leadingDefaults } from "./version-path.js";

/** A server's address with each `{variable}` its default (left as written where it has none), no trailing slash. */
function addressOf(server: unknown): string | undefined {
  const url = object(server).url;
  if (typeof url !== "string") return undefined;
  return withServerDefaults(url, object(server), (name) => `{${name}}`).replace(/\/+$/, "") || "/";
}

/** The addresses an operation is served at, in order: its own servers, else its path's, else the document's. */
function addressesOf(docs: DocumentSet, f: Found): string[] {
  const doc = object(docs.files.get(docs.root));
  const own = [f.op.servers, f.item.servers, doc.servers].find((s) => list(s).length > 0);
  return list(own).flatMap((s) => addressOf(s) ?? []);
}

export function compareServers(older: DocumentSet, x: Found, newer: DocumentSet, y: Found, add: Add): void {
  const before = addressesOf(older, x);
  const after = addressesOf(newer, y);
  const [was] = before;
  const [now] = after;
  if (was === undefined || now === undefined || was === now) return;
  // The address's path moved into the paths as parameters defaulting to it (version-path.ts): the same address.
  const whole = (address: string, docs: DocumentSet, f: Found) =>
    `${address.replace(/\/+$/, "")}${leadingDefaults(docs, f)?.prefix ?? ""}`;
  if (whole(was, older, x) === whole(now, newer, y)) return;
  add("api-server-changed", "server", "", {
    old: was,
    new: now,
    ...(after.includes(was)
      ? {
          severity: "non-breaking" as const,
          note: "another address is listed first; the old one is still among the operation's servers",
        }
      : {}),
  });
}
