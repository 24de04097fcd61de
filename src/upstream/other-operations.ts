// The changes to the operations we do not call, counted (upstream lists
// only those to the operations we call). Each operation's parts — every
// parameter, its request body, each response, its security — are compared
// by what they say to a caller: the part's own JSON (descriptions, examples
// and extensions left out) and that of every schema it reaches through
// `$ref`s, each read once per document. So the count costs one pass over
// the two documents, however large, recursive or densely linked: the
// comparison that names each change (changes/document-diff.ts) is kept for
// the operations we call.
import { canonical } from "../common/canonical-json.js";
import { refPath, valueAt } from "../load/json-ref.js";
import { OPERATION_METHODS } from "../load/openapi-document.js";
import { operationKey, serverPathOf } from "./facts.js";

type Json = Record<string, unknown>;

const object = (v: unknown): Json => (v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {});
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** Keys that say nothing a caller's request or reading depends on. */
const TEXT = new Set(["description", "summary", "title", "example", "examples", "externalDocs", "tags", "operationId"]);

/** A text as a number: equal texts of either document get the same one, so digests stay short. */
class Texts {
  private readonly ids = new Map<string, number>();
  id(text: string): number {
    let id = this.ids.get(text);
    if (id === undefined) this.ids.set(text, (id = this.ids.size));
    return id;
  }
}

/** A value as canonical JSON without what says nothing to a caller, the `$ref`s in it gathered. */
function contractText(v: unknown, refs: string[]): string {
  if (Array.isArray(v)) return `[${v.map((x) => contractText(x, refs)).join(",")}]`;
  if (v === null || typeof v !== "object") return JSON.stringify(v) ?? "null";
  const parts: string[] = [];
  for (const key of Object.keys(v).sort()) {
    if (TEXT.has(key) || key.startsWith("x-")) continue;
    const value = (v as Json)[key];
    if (key === "$ref" && typeof value === "string") refs.push(value);
    parts.push(`${JSON.stringify(key)}:${contractText(value, refs)}`);
  }
  return `{${parts.join(",")}}`;
}

/** One document's parts read as text, each referenced schema once. */
class Reader {
  private readonly own = new Map<string, { id: number; refs: string[] }>();

  constructor(
    readonly doc: Json,
    private readonly texts: Texts,
  ) {}

  /** A node's own text (its references as written), as a number, and the references in it. */
  private read(node: unknown): { id: number; refs: string[] } {
    const refs: string[] = [];
    return { id: this.texts.id(contractText(node, refs)), refs };
  }

  private component(ref: string): { id: number; refs: string[] } {
    let known = this.own.get(ref);
    if (!known) this.own.set(ref, (known = this.read(ref.startsWith("#") ? safeValueAt(this.doc, ref) : undefined)));
    return known;
  }

  /** What a part says: its own text, then each schema it reaches, by reference, once. */
  digest(part: unknown): string {
    const { id, refs } = this.read(part);
    const reached = new Map<string, number>();
    const queue = [...refs];
    for (let i = 0; i < queue.length; i++) {
      const ref = queue[i] as string;
      if (reached.has(ref)) continue;
      const c = this.component(ref);
      reached.set(ref, c.id);
      queue.push(...c.refs);
    }
    return `${id} ${[...reached]
      .map(([ref, text]) => `${ref}=${text}`)
      .sort()
      .join(" ")}`;
  }

  /** Each operation (by key) and its parts' digests, by part. */
  operations(): Map<string, Map<string, string>> {
    const out = new Map<string, Map<string, string>>();
    const serverPath = serverPathOf(this.doc);
    const resolve = (v: unknown): Json => {
      let node = object(v);
      for (let hops = 0; typeof node.$ref === "string" && node.$ref.startsWith("#") && hops < 16; hops++) node = object(safeValueAt(this.doc, node.$ref));
      return node;
    };
    for (const [path, raw] of Object.entries(object(this.doc.paths))) {
      const item = resolve(raw);
      for (const method of OPERATION_METHODS) {
        if (item[method] === null || typeof item[method] !== "object") continue;
        const op = resolve(item[method]);
        const parts = new Map<string, string>();
        for (const p of [...list(item.parameters), ...list(op.parameters)]) {
          const param = resolve(p);
          parts.set(`parameter ${String(param.in)}:${String(param.name)}`, this.digest(p));
        }
        if (op.requestBody !== undefined) parts.set("request body", this.digest(op.requestBody));
        for (const [status, response] of Object.entries(object(op.responses))) parts.set(`response ${status}`, this.digest(response));
        parts.set("security", canonical(op.security ?? this.doc.security ?? []));
        parts.set("deprecated", String(op.deprecated === true));
        out.set(operationKey(method, serverPath, path), parts);
      }
    }
    return out;
  }
}

function safeValueAt(doc: unknown, ref: string): unknown {
  try {
    return valueAt(doc, refPath(ref));
  } catch {
    return undefined;
  }
}

export interface OtherChanges {
  /** Parts changed (a parameter, a body, a response, the security of an operation; an operation added or removed is one). */
  unbound: { count: number; operations: number };
  /** Operations we call that neither version publishes. */
  unmatched: string[];
}

/** The changes between two versions of a published document to the operations whose keys (`METHOD /path/{}`) are not `called`. */
export function otherOperationChanges(older: Json, newer: Json, called: ReadonlySet<string>): OtherChanges {
  const texts = new Texts();
  const before = new Reader(older, texts).operations();
  const after = new Reader(newer, texts).operations();
  let count = 0;
  let operations = 0;
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    if (called.has(key)) continue;
    const a = before.get(key);
    const b = after.get(key);
    let changed = 0;
    if (!a || !b) changed = 1;
    else for (const part of new Set([...a.keys(), ...b.keys()])) if (a.get(part) !== b.get(part)) changed++;
    if (changed) operations++;
    count += changed;
  }
  const published = new Set([...before.keys(), ...after.keys()]);
  return { unbound: { count, operations }, unmatched: [...called].filter((k) => !published.has(k)).sort() };
}
