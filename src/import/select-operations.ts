// Which operations of a published document the user means: named by
// operationId (`GetCustomers`), as `METHOD /path` (`GET /v1/customers`), or by
// a path that has one operation (`/chat.postMessage`, or `chat.postMessage`:
// RPC-style APIs name their methods by path). A name that matches nothing is
// refused with the closest names the document has.
import { itemAt } from "@blockwright/runtime/internal";
import type { OperationAt } from "./cut.js";
import { operationRef } from "../load/operation-index.js";

type Json = Record<string, unknown>;

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

export interface DocumentOperation extends OperationAt {
  operationId?: string;
  summary?: string;
}

export interface SelectedOperation extends DocumentOperation {
  /** The name the user gave. */
  asked: string;
}

export class UnknownOperations extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UnknownOperations";
  }
}

/** Every operation of the document, in its order. */
export function documentOperations(doc: Json): DocumentOperation[] {
  const out: DocumentOperation[] = [];
  const paths = doc.paths !== null && typeof doc.paths === "object" ? (doc.paths as Json) : {};
  for (const [path, item] of Object.entries(paths)) {
    if (item === null || typeof item !== "object") continue;
    for (const method of METHODS) {
      const op = (item as Json)[method];
      if (op === null || typeof op !== "object") continue;
      const { operationId, summary } = op as Json;
      out.push({ path, method, ...(typeof operationId === "string" ? { operationId } : {}), ...(typeof summary === "string" ? { summary } : {}) });
    }
  }
  return out;
}

/** The operations `names` name, in the order given (each once), or every one for `all`; throws UnknownOperations listing every name that names none. */
export function selectOperations(doc: Json, names: readonly string[]): SelectedOperation[] {
  const all = documentOperations(doc);
  // `all` alone, where no operation is named so: every operation of the document, in its order.
  if (names.length === 1 && names[0] === "all" && !all.some((o) => o.operationId === "all")) return all.map((o) => ({ ...o, asked: o.operationId ?? `${o.method.toUpperCase()} ${o.path}` }));
  const chosen: SelectedOperation[] = [];
  const problems: string[] = [];
  for (const asked of names) {
    const found = find(all, asked);
    if (typeof found === "string") problems.push(found);
    else if (!chosen.some((c) => c.path === found.path && c.method === found.method)) chosen.push({ ...found, asked });
  }
  if (problems.length) throw new UnknownOperations(problems.join("; "));
  return chosen;
}

/** The operation `asked` names, or why none (a sentence). */
function find(all: DocumentOperation[], asked: string): DocumentOperation | string {
  const byId = all.filter((o) => o.operationId === asked);
  if (byId.length === 1) return itemAt(byId, 0);
  const spaced = /^([A-Za-z]+)\s+(\/\S*)$/.exec(asked);
  if (spaced) {
    const [, method = "", path = ""] = spaced;
    const op = all.find((o) => o.method === method.toLowerCase() && o.path === path);
    if (op) return op;
  }
  for (const path of asked.startsWith("/") ? [asked] : [asked, `/${asked}`]) {
    const at = all.filter((o) => o.path === path);
    if (at.length === 1) return itemAt(at, 0);
    if (at.length > 1) return `${JSON.stringify(asked)} is a path with ${at.length} operations (${at.map(describe).join(", ")}): name one by its operationId or as "METHOD ${path}"`;
  }
  // RPC-style APIs name their methods chat.postMessage, and their documents' operationIds chat_postMessage.
  const loose = all.filter((o) => o.operationId !== undefined && normal(o.operationId) === normal(asked));
  if (loose.length === 1) return itemAt(loose, 0);
  const near = closest(all, asked);
  return `no operation ${JSON.stringify(asked)} in the document${near.length ? ` (closest: ${near.join(", ")})` : ""}; --list prints them all`;
}

function describe(o: DocumentOperation): string {
  return operationRef(o.method, o.path, o.operationId);
}

function normal(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, "");
}

/** Up to three operations whose id or path is nearest to `asked` (edit distance over the normalised names). */
function closest(all: DocumentOperation[], asked: string): string[] {
  const target = normal(asked);
  if (!target) return [];
  const scored = all.map((o) => {
    const names = [o.operationId, o.path].filter((n): n is string => n !== undefined).map(normal);
    return { name: describe(o), score: Math.min(...names.map((n) => (n.includes(target) || target.includes(n) ? Math.abs(n.length - target.length) / 4 : distance(n, target)))) };
  });
  const limit = Math.max(2, Math.floor(target.length / 3));
  return scored
    .filter((s) => s.score <= limit)
    .sort((a, b) => a.score - b.score || a.name.localeCompare(b.name))
    .slice(0, 3)
    .map((s) => JSON.stringify(s.name));
}

/** Levenshtein distance, one row at a time. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min((previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = row;
  }
  return previous[b.length] ?? 0;
}
