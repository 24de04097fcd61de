// The operations of one version of a published document, found by method and path (with and without its server's
// path before it), and what the comparisons of document-diff.ts share to read them and record a change.
import type { KindId, Severity } from "./kinds.js";
import { deref, type DocumentSet } from "./schema-flat.js";

export type Json = Record<string, unknown>;

export const object = (v: unknown): Json =>
  v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {};
export const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
export const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
export const text = (v: unknown) => (typeof v === "string" ? v.replace(/\s+/g, " ").trim() : "");

/** `GET /a/{}/b`: method and path, parameter names dropped. */
export const keyOf = (method: string, path: string) =>
  `${method.toUpperCase()} ${`/${path.replace(/^\/+/, "")}`.replace(/\/+$/, "").replace(/\{[^}]*\}/g, "{}") || "/"}`;

/**
 * The path of a document's first server, which prefixes its paths on the wire (`/api` of
 * `https://chat.example.com/api`, `/v2/{region}` of `https://{host}/v2/{region}/`), no slash at its end: its scheme
 * and authority left out however they are written, with variables too (`{protocol}://{hostname}:{port}`, whose path
 * is none: was read as a relative path of that text, so that no operation of the document was found under it), its
 * variables kept as written.
 */
export function serverPath(doc: Json): string {
  const url = object(list(doc.servers)[0]).url;
  if (typeof url !== "string") return "";
  const path = url
    .replace(/^[^/?#]*:\/\/[^/?#]*/, "")
    .replace(/^\/\/[^/?#]*/, "")
    .replace(/[?#].*$/s, "");
  // A relative address (`/api`), or one written without its scheme (`api.example.com/v1`), read from the root.
  return (path.startsWith("/") || !path ? path : `/${path}`).replace(/\/+$/, "");
}

export interface Found {
  op: Json;
  /** Its method, lower-case, as the path item names it. */
  method: string;
  item: Json;
  /** The operation's file, and its path item's. */
  file: string;
  itemFile: string;
  path: string;
}

/** Every operation of a document by key, with and without its server's path before it. */
export function operationsOf(docs: DocumentSet): Map<string, Found> {
  const doc = object(docs.files.get(docs.root));
  const prefix = serverPath(doc);
  const out = new Map<string, Found>();
  for (const [path, raw] of Object.entries(object(doc.paths))) {
    const { node: item, file } = deref(docs, { schema: raw, file: docs.root });
    for (const method of METHODS) {
      if (!item[method] || typeof item[method] !== "object") continue;
      // An operation may itself be a reference into another file: its own references start there.
      const op = deref(docs, { schema: item[method], file });
      const found = { op: op.node, method, item, file: op.file, itemFile: file, path };
      out.set(keyOf(method, path), found);
      if (prefix) out.set(keyOf(method, `${prefix}${path}`), found);
    }
  }
  return out;
}

/** Records one change of an operation (document-diff.ts gives each comparison its own). */
export type Add = (
  kind: KindId,
  location: string,
  pointer: string,
  extra?: { old?: unknown; new?: unknown; severity?: Severity; note?: string },
) => void;
