// What `upstream --accept` carries of a manifest's parts for all operations, where the manifest holds add's draft of
// the older document and add drafts them otherwise from the newer: where an error's code and message are read
// (`errors`: Latitude.sh's fourth version declares its 422 answers as JSON:API errors, `{errors: [{code, detail}]}`,
// where the older had no error schema and add drafted the common places; kept, every such error lost its message),
// and the address (`server`: TextQL's sixteenth version moves its server's path, `https://app.textql.com` become
// `…/rpc/public`, which prefixes every operation's path; kept, generate refused the manifest, BW2018). Parts written by
// hand stay; a shared parameter an address now names (an instance's address) is added. The credential is carried by
// carry-auth.ts.
import type { Document } from "yaml";
import { COMMON_MESSAGE_PLACES, EARLIER_COMMON_MESSAGE_PLACES } from "../import/draft/errors/draft-errors.js";
import { addReviewNotes, draftedNode } from "../import/manifest-yaml.js";
import { addSharedParam, type DraftHead } from "./carry-auth.js";

type Json = Record<string, unknown>;

/** Each part of the head, with what its note and line say it follows. */
const PARTS = {
  errors: "where an error's code and message are read follows the newer document's error answers",
  server: "the address follows the newer document's server",
} as const;

/** The manifest's `errors` and `server` following the newer draft's where it holds the older's; a line for each. */
export function carryHead(yaml: Document, manifest: Json, older: DraftHead, newer: DraftHead, lines: string[]): void {
  for (const [key, what] of Object.entries(PARTS) as [keyof typeof PARTS, string][]) {
    const [was, now] = [older[key], newer[key]];
    if (was === undefined || now === undefined) continue;
    const mine = JSON.stringify(manifest[key] ?? null);
    if ((mine !== JSON.stringify(was) && !earlierDraft(key, manifest[key], was)) || mine === JSON.stringify(now))
      continue;
    yaml.setIn([key], draftedNode(yaml, now));
    addReviewNotes(
      yaml,
      [key],
      [`${what} (blockwright upstream --accept; it was add's draft of the older one): check it`],
    );
    lines.push(`${key}: the newer document's, as add drafts it`);
  }
  followAddressParams(yaml, older, newer, lines);
}

/**
 * Whether the manifest's errors are add's draft of the older document as an earlier add drafted it: the common places
 * it drafted then where this add drafts today's (draft-errors.ts), the rest the same.
 */
function earlierDraft(key: keyof typeof PARTS, mine: unknown, was: unknown): boolean {
  if (key !== "errors" || !isRecord(mine) || !isRecord(was)) return false;
  if (JSON.stringify(was.message) !== JSON.stringify(COMMON_MESSAGE_PLACES)) return false;
  const earlier = EARLIER_COMMON_MESSAGE_PLACES.some(
    (places) => JSON.stringify(places) === JSON.stringify(mine.message),
  );
  return earlier && JSON.stringify({ ...mine, message: was.message }) === JSON.stringify(was);
}

const isRecord = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * A shared parameter an address the manifest now names (its `server.param`, an operation's own) that the manifest
 * lacks: added as the newer draft has it (eGain's `instanceUrl`, each customer's host), or generate refused it. An
 * address the older draft had under that name, that no address names any more and the newer draft has not (the
 * operations' own server gone again, the hosts written out): taken out, or generate refused it as placed nowhere
 * (BW2017).
 */
function followAddressParams(yaml: Document, older: DraftHead, newer: DraftHead, lines: string[]): void {
  const now = yaml.toJS() as Json;
  const have = (now.params ?? {}) as Json;
  const paramOf = (server: unknown) => (server as { param?: unknown } | undefined)?.param;
  const named = new Set(
    [
      paramOf(now.server),
      ...Object.values((now.operations ?? {}) as Record<string, Json>).map((op) => paramOf(op?.server)),
    ].filter((n): n is string => typeof n === "string"),
  );
  for (const name of named) {
    const param = newer.params?.[name];
    if (param === undefined || Object.hasOwn(have, name)) continue;
    addSharedParam(yaml, name, param, "the address the newer document's server asks of each connection");
    lines.push(`params.${name}: the address the newer document's server asks, as add drafts it`);
  }
  for (const [name, param] of Object.entries(have)) {
    const was = older.params?.[name];
    const address = (param as { format?: unknown } | null)?.format === "base-url";
    const elsewhere = JSON.stringify([now.server, now.auth]).includes(JSON.stringify(name));
    if (!address || named.has(name) || elsewhere || newer.params?.[name] !== undefined || was === undefined) continue;
    // An address add drafted under that name (its words, whether each call needs it, follow the operations served
    // there, which versions change), placed nowhere: generate refuses it (BW2017).
    if ((was as { format?: unknown }).format !== "base-url" || (param as { wire?: unknown }).wire !== undefined)
      continue;
    yaml.deleteIn(["params", name]);
    lines.push(`params.${name}: taken out: no address of the newer document asks it`);
  }
}
