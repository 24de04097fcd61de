// Which operations of a published document the user means: named by
// operationId (`GetCustomers`), as `METHOD /path` (`GET /v1/customers`), or by
// a path that has one operation (`/chat.postMessage`, or `chat.postMessage`:
// RPC-style APIs name their methods by path); or whole groups, by tag or by a
// path prefix. A name, tag or prefix that matches nothing is refused with the
// closest the document has.
import { itemAt } from "@blockwright/runtime/internal";
import type { OperationAt } from "./cut.js";
import { operationRef, ownOperationId } from "../../load/operation-index.js";

type Json = Record<string, unknown>;

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

export interface DocumentOperation extends OperationAt {
  operationId?: string;
  summary?: string;
  tags?: string[];
}

/**
 * Groups of operations to take besides those named: every operation of one of the tags, or under one of the path
 * prefixes.
 */
export interface OperationGroups {
  tags?: readonly string[];
  /** Whole segments: `/v1/users` takes `/v1/users` and `/v1/users/{id}`, not `/v1/usersettings`. */
  pathPrefixes?: readonly string[];
}

export interface SelectedOperation extends DocumentOperation {
  /** The name the user gave. */
  asked: string;
  /** Taken by a group (`all`, a tag, a path prefix), not named: left out, not refused, where no call could succeed. */
  grouped?: true;
  /** The published operationId, left out because an earlier chosen operation has it too (shared-operation-ids.ts). */
  sharedId?: string;
  /**
   * The schemes its requirements named, left out: the document declares none
   * (auth/requirements/undeclared-schemes.ts).
   */
  undeclaredSchemes?: string[];
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
      const { operationId, summary, tags } = op as Json;
      const named = Array.isArray(tags) ? tags.filter((t): t is string => typeof t === "string") : [];
      out.push({
        path,
        method,
        ...(ownOperationId(operationId) !== undefined ? { operationId: operationId as string } : {}),
        ...(typeof summary === "string" ? { summary } : {}),
        ...(named.length ? { tags: named } : {}),
      });
    }
  }
  return out;
}

/**
 * The document's operations, or UnknownOperations saying it has none: a document of no paths, or of webhooks alone
 * (events its service sends, not calls), gives add nothing to draft, and an empty list would leave the user guessing.
 */
export function someOperations(doc: Json): DocumentOperation[] {
  const operations = documentOperations(doc);
  if (operations.length) return operations;
  const hooks = doc.webhooks !== null && typeof doc.webhooks === "object" ? Object.keys(doc.webhooks) : [];
  const shown = hooks.slice(0, 5).map((h) => JSON.stringify(h));
  const named = `${shown.join(", ")}${hooks.length > shown.length ? `, … ${hooks.length - shown.length} more` : ""}`;
  throw new UnknownOperations(
    "the document describes no operations to call (its paths hold none): nothing to add" +
      (hooks.length
        ? `; its ${hooks.length === 1 ? "webhook is an event" : `${hooks.length} webhooks are events`} the service ` +
          `sends (${named}), which a provider's manifest takes as triggers beside the operations of the API that ` +
          "sends them (docs/guides/triggers.md)"
        : ""),
  );
}

/**
 * The operations `names` name, in the order given (each once), or every one for `all`; then those of `groups` (a tag,
 * a path prefix) in the document's order; throws UnknownOperations listing every name, tag or prefix that takes none.
 * `all`: the document's operations, where the caller has them already (someOperations).
 */
export function selectOperations(
  doc: Json,
  names: readonly string[],
  groups: OperationGroups = {},
  all: DocumentOperation[] = documentOperations(doc),
): SelectedOperation[] {
  const whole = (o: DocumentOperation): SelectedOperation => ({
    ...o,
    asked: o.operationId ?? `${o.method.toUpperCase()} ${o.path}`,
    grouped: true,
  });
  // `all` alone, where no operation is named so: every operation of the document fetch can send, in its order.
  if (names.length === 1 && names[0] === "all" && !all.some((o) => o.operationId === "all"))
    return all.filter(sendable).map(whole);
  const chosen: SelectedOperation[] = [];
  const problems: string[] = [];
  const take = (found: DocumentOperation, asked: string, grouped = false) => {
    if (!chosen.some((c) => c.path === found.path && c.method === found.method))
      chosen.push({ ...found, asked, ...(grouped ? { grouped: true as const } : {}) });
  };
  for (const asked of names) {
    const found = find(all, asked);
    if (typeof found === "string") problems.push(found);
    else take(found, asked);
  }
  for (const tag of groups.tags ?? []) {
    const tagged = all.filter((o) => o.tags?.includes(tag) && sendable(o));
    if (!tagged.length) problems.push(`no operation has the tag ${JSON.stringify(tag)}${tagNames(all, tag)}`);
    for (const o of tagged) take(o, whole(o).asked, true);
  }
  for (const prefix of groups.pathPrefixes ?? []) {
    const base = prefix.replace(/\/+$/, "");
    const under = all.filter((o) => (o.path === base || o.path.startsWith(`${base}/`) || base === "") && sendable(o));
    if (!under.length)
      problems.push(`no operation's path is ${JSON.stringify(base || "/")} or under it; --list prints them all`);
    for (const o of under) take(o, whole(o).asked, true);
  }
  if (problems.length) throw new UnknownOperations(problems.join("; "));
  return chosen;
}

/**
 * Whether fetch can send the operation's method: TRACE is a forbidden method (fetch refuses it before any request), so
 * a group (`all`, a tag, a path prefix) leaves it out, and named, draftProvider refuses it.
 */
export function sendable(o: { method: string }): boolean {
  return o.method.toLowerCase() !== "trace";
}

/** The document's tags, for a tag that names none: the closest first (a few), or that it has none. */
function tagNames(all: DocumentOperation[], asked: string): string {
  const tags = [...new Set(all.flatMap((o) => o.tags ?? []))];
  if (!tags.length) return " (the document tags none of its operations)";
  const target = normal(asked);
  const near = tags
    .sort((a, b) => distance(normal(a), target) - distance(normal(b), target) || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, 5);
  return (
    ` (its tags${tags.length > near.length ? `, the closest of ${tags.length}` : ""}: ` +
    `${near.map((t) => JSON.stringify(t)).join(", ")})`
  );
}

/** The operation `asked` names, or why none (a sentence). */
function find(all: DocumentOperation[], asked: string): DocumentOperation | string {
  const note = /^\((?:no|shared) operationId\)\s*(.*)$/.exec(asked);
  if (note) return listNote(all, asked, note[1]);
  const byId = all.filter((o) => o.operationId === asked);
  if (byId.length === 1) return itemAt(byId, 0);
  if (byId.length > 1)
    return (
      `${JSON.stringify(asked)} is the operationId of ${byId.length} operations ` +
      `(${byId.map((o) => `"${o.method.toUpperCase()} ${o.path}"`).join(", ")}): name one as "METHOD /path"`
    );
  const spaced = /^([A-Za-z]+)\s+(\/\S*)$/.exec(asked);
  if (spaced) {
    const [, method = "", path = ""] = spaced;
    const op = all.find((o) => o.method === method.toLowerCase() && o.path === path);
    if (op) return op;
  }
  for (const path of asked.startsWith("/") ? [asked] : [asked, `/${asked}`]) {
    const at = all.filter((o) => o.path === path);
    if (at.length === 1) return itemAt(at, 0);
    if (at.length > 1)
      return (
        `${JSON.stringify(asked)} is a path with ${at.length} operations (${at.map(describe).join(", ")}): name one ` +
        `by its operationId or as "METHOD ${path}"`
      );
  }
  // RPC-style APIs name their methods chat.postMessage, and their documents' operationIds chat_postMessage.
  const loose = all.filter((o) => o.operationId !== undefined && normal(o.operationId) === normal(asked));
  if (loose.length === 1) return itemAt(loose, 0);
  const near = closest(all, asked);
  return (
    `no operation ${JSON.stringify(asked)} in the document${near.length ? ` (closest: ${near.join(", ")})` : ""}; ` +
    "--list prints them all"
  );
}

/**
 * `--list`'s first column in parentheses, copied as a name: its note on why the line has none `--operations` takes (no
 * operationId, or one several operations share); the line's METHOD /path, its second column, is the name.
 */
function listNote(all: DocumentOperation[], asked: string, id = ""): string {
  const lines = all.filter((o) => (id ? o.operationId === id : o.operationId === undefined));
  const shown = lines.slice(0, 2).map((o) => `"${o.method.toUpperCase()} ${o.path}"`);
  return (
    `${JSON.stringify(asked)} is --list's note that the line has no name of its own: name the operation by its ` +
    `METHOD /path, the line's second column${shown.length ? ` (as ${shown.join(", ")})` : ""}`
  );
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
    return {
      name: describe(o),
      score: Math.min(
        ...names.map((n) =>
          n.includes(target) || target.includes(n) ? Math.abs(n.length - target.length) / 4 : distance(n, target),
        ),
      ),
    };
  });
  const limit = Math.max(2, Math.floor(target.length / 3));
  return scored
    .filter((s) => s.score <= limit)
    .sort((a, b) => a.score - b.score || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .slice(0, 3)
    .map((s) => JSON.stringify(s.name));
}

/** Levenshtein distance, one row at a time. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (row[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    previous = row;
  }
  return previous[b.length] ?? 0;
}
