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

function serverPath(doc: Json): string {
  const url = object(list(doc.servers)[0]).url;
  try {
    return new URL(typeof url === "string" ? url.replace(/\{[^}]*\}/g, "x") : "", "https://x.invalid").pathname.replace(
      /\/+$/,
      "",
    );
  } catch {
    return "";
  }
}

export interface Found {
  op: Json;
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
      const found = { op: op.node, item, file: op.file, itemFile: file, path };
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
