// The changes to the operations we do not call, counted (upstream lists
// only those to the operations we call). Each operation's parts — every
// parameter, its request body, each response, its security — are compared
// in place by what they say to a caller (descriptions, examples and
// extensions left out), a schema they reach through a `$ref` compared once
// for all of them. So the count costs one pass over the two documents,
// however large, recursive or densely linked: the comparison that names
// each change (changes/document-diff.ts) is kept for the operations we call.
import { pacer } from "../common/checkpoint.js";
import { refTarget } from "../load/json-ref.js";
import { OPERATION_METHODS } from "../load/openapi-document.js";
import { operationKey, serverPathOf } from "./facts.js";

type Json = Record<string, unknown>;

const object = (v: unknown): Json => (v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {});
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** Keys that say nothing a caller's request or reading depends on. */
const TEXT = new Set(["description", "summary", "title", "example", "examples", "externalDocs", "tags", "operationId"]);

const said = (key: string) => !TEXT.has(key) && !key.startsWith("x-");

function saidCount(keys: readonly string[]): number {
  let count = 0;
  for (const key of keys) if (said(key)) count++;
  return count;
}

/**
 * Two versions of a document's parts compared in place: two values are the same when they say the same to a caller
 * (text left out), a `$ref` the same when both name the same schema and it is the same in both versions (compared
 * once per name; a schema met again inside itself is taken as the same there). No copy is made.
 */
class Sameness {
  /** By reference: the same in both versions; `true` too while it is being compared. */
  private readonly refs = new Map<string, boolean>();

  constructor(
    private readonly older: Json,
    private readonly newer: Json,
  ) {}

  same(x: unknown, y: unknown): boolean {
    if (x === y) return true;
    if (Array.isArray(x) || Array.isArray(y)) {
      if (!Array.isArray(x) || !Array.isArray(y) || x.length !== y.length) return false;
      for (let i = 0; i < x.length; i++) if (!this.same(x[i], y[i])) return false;
      return true;
    }
    if (x === null || y === null || typeof x !== "object" || typeof y !== "object") return false;
    const a = x as Json;
    const b = y as Json;
    // Counted before anything is compared (a `$ref` compared is remembered), without a filtered copy of either's keys:
    // this runs for every part of every operation.
    const keys = Object.keys(a);
    if (saidCount(keys) !== saidCount(Object.keys(b))) return false;
    for (const key of keys) {
      if (!said(key)) continue;
      if (!Object.hasOwn(b, key)) return false;
      if (key === "$ref" && typeof a.$ref === "string" && typeof b.$ref === "string") {
        if (a.$ref !== b.$ref || !this.sameRef(a.$ref)) return false;
      } else if (!this.same(a[key], b[key])) return false;
    }
    return true;
  }

  private sameRef(ref: string): boolean {
    const known = this.refs.get(ref);
    if (known !== undefined) return known;
    this.refs.set(ref, true);
    const result = !ref.startsWith("#") || this.same(refTarget(this.older, ref), refTarget(this.newer, ref));
    this.refs.set(ref, result);
    return result;
  }
}

/** An operation of a document, as found: its parts are listed when it is compared (partsOf). */
interface Operation {
  doc: Json;
  item: Json;
  op: Json;
  /** Its key without the server's path (`GET /grants/{}`). */
  own: string;
}

/** A local `$ref` followed (up to 16 hops); what is not an object is read as an empty one. */
function resolved(doc: Json, v: unknown): Json {
  let node = object(v);
  for (let hops = 0; typeof node.$ref === "string" && node.$ref.startsWith("#") && hops < 16; hops++)
    node = object(refTarget(doc, node.$ref));
  return node;
}

/** Each operation of a document, by key. */
async function operationsOf(doc: Json, pace: () => Promise<void>): Promise<Map<string, Operation>> {
  const out = new Map<string, Operation>();
  const serverPath = serverPathOf(doc);
  for (const [path, raw] of Object.entries(object(doc.paths))) {
    const item = resolved(doc, raw);
    for (const method of OPERATION_METHODS) {
      if (item[method] === null || typeof item[method] !== "object") continue;
      await pace();
      const own = operationKey(method, "", path);
      out.set(operationKey(method, serverPath, path), { doc, item, op: resolved(doc, item[method]), own });
    }
  }
  return out;
}

/**
 * The newer version's operations keyed as the older's where only the server's path before them changed (`/v3` →
 * `/v4`, the paths as they were): an operation at the same path of the document is the same operation, as
 * changes/document-diff.ts compares it, not one removed and one added.
 */
function samePlaces(before: Map<string, Operation>, after: Map<string, Operation>): Map<string, Operation> {
  const gone = new Map<string, string>();
  for (const [key, o] of before) if (!after.has(key)) gone.set(o.own, key);
  if (!gone.size) return after;
  const out = new Map<string, Operation>();
  for (const [key, o] of after) {
    const was = before.has(key) ? undefined : gone.get(o.own);
    out.set(was ?? key, o);
  }
  return out;
}

/**
 * An operation's parts (parameters, body, responses, security), by part: made when it is compared rather than for
 * every operation of both documents at once (which the garbage collector carried through the comparison).
 */
function partsOf({ doc, item, op }: Operation): Map<string, unknown> {
  const parts = new Map<string, unknown>();
  for (const p of [...list(item.parameters), ...list(op.parameters)]) {
    const param = resolved(doc, p);
    parts.set(`parameter ${String(param.in)}:${String(param.name)}`, p);
  }
  if (op.requestBody !== undefined) parts.set("request body", op.requestBody);
  for (const [status, response] of Object.entries(object(op.responses))) parts.set(`response ${status}`, response);
  parts.set("security", op.security ?? doc.security ?? []);
  parts.set("deprecated", op.deprecated === true);
  return parts;
}

export interface OtherChanges {
  /**
   * Parts changed (a parameter, a body, a response, the security of an operation; an operation added or removed is
   * one).
   */
  unbound: { count: number; operations: number };
  /** Operations we call that neither version publishes. */
  unmatched: string[];
}

/**
 * The changes between two versions of a published document to the operations whose keys (`METHOD /path/{}`) are
 * not `called`; the event loop turns every few operations (a signal stops it there: `signal`'s reason is thrown).
 */
export async function otherOperationChanges(
  older: Json,
  newer: Json,
  called: ReadonlySet<string>,
  signal?: AbortSignal,
): Promise<OtherChanges> {
  const pace = pacer(signal);
  const before = await operationsOf(older, pace);
  const after = samePlaces(before, await operationsOf(newer, pace));
  const sameness = new Sameness(older, newer);
  let count = 0;
  let operations = 0;
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    if (called.has(key)) continue;
    const older = before.get(key);
    const newer = after.get(key);
    let changed = 0;
    if (!older || !newer) changed = 1;
    else {
      const [a, b] = [partsOf(older), partsOf(newer)];
      // Each part of either, in that order (the older's, then those only the newer has): a `$ref` compared first is
      // the one remembered.
      for (const [part, value] of a) {
        if (!b.has(part) || !sameness.same(value, b.get(part))) changed++;
        await pace();
      }
      for (const part of b.keys())
        if (!a.has(part)) {
          changed++;
          await pace();
        }
    }
    if (changed) operations++;
    count += changed;
  }
  const published = new Set([...before.keys(), ...after.keys()]);
  return { unbound: { count, operations }, unmatched: [...called].filter((k) => !published.has(k)).sort() };
}
