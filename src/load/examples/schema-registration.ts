// A schema copy's schemas registered for the validator as @cfworker/json-schema's `dereference` registers them (the
// same keys in the same order, the same objects, the same hidden `__absolute_uri__` and `__absolute_ref__`), for the
// example check's lookup (schema-lookup.ts), which registers each root it needs so. `dereference` builds every key's
// pointer segment with four passes of text (`encodePointer`) before it looks at the value, which for most keys
// (`type`, `description`) is no schema, parses a URL for each `$ref` met, and wrote through a recording Proxy: on
// GitHub's whole document (885 roots registered) a fifth of the example check. Here a plain segment is used as it is,
// a key whose value cannot be a schema is passed over, a `$ref`'s address is resolved once a text and base, and the
// keys are written directly. What this does not read as `dereference` does — an `$id`, `id`, `$anchor` or
// `$recursiveRef`, a `$ref` that is not a text, a key `encodePointer` refuses, nesting past MAX_DEPTH (a copy that
// holds itself) — is left to `dereference` itself, before anything is written: the registration is then its own.
import {
  dereference,
  encodePointer,
  ignoredKeyword,
  type Schema,
  schemaArrayKeyword,
  schemaMapKeyword,
} from "@cfworker/json-schema";

type Lookup = Record<string, Schema | boolean>;
type Node = Record<string, unknown>;

/** Nesting past this is left to `dereference` (whose own recursion then ends as it ends). */
const MAX_DEPTH = 400;

/** Thrown where the walk meets what it leaves to `dereference`. */
const NOT_READ_HERE = Symbol("left to dereference");

/** A segment `encodePointer` leaves as it is (escapePointer, then encodeURI: letters, digits, `_`, `.`, `-`). */
const PLAIN_SEGMENT = /^[\w.-]*$/;

/**
 * Each key's segment as `encodePointer` writes it, remembered: a document's schemas repeat a few thousand keys
 * (`properties`, `type`, a field's name) in some hundred thousand keys and paths written (the registered schemas', each
 * check's), and each test of a text, in code the compilers have not optimised yet, cost more than finding it again.
 */
const segments = new Map<string, string>();

/** `encodePointer(key)`, a plain key as it is (a key it refuses throws, as it throws). */
export function pointerSegment(key: string): string {
  let segment = segments.get(key);
  if (segment === undefined) {
    segment = PLAIN_SEGMENT.test(key) ? key : encodePointer(key);
    if (segments.size >= 65536) segments.clear();
    segments.set(key, segment);
  }
  return segment;
}

/**
 * Register `schema` (and each schema inside it) in `lookup` under `base` and `basePointer` as `dereference(schema,
 * lookup, base, basePointer)` does, each key not in `lookup` before pushed to `added` in order, and say so; or, where
 * the schema holds what is left to `dereference` (see the top of this file), write nothing and say false, for the
 * caller to ask `dereference`. Throws as it throws on a key already naming another schema, the keys before it written.
 */
export function registeredHere(
  schema: Schema | boolean,
  lookup: Lookup,
  base: URL,
  basePointer: string,
  added: string[],
): boolean {
  const found: Found = { keys: [], schemas: [], refs: [] };
  try {
    collect(schema, `${base.href}#`, basePointer, base, found, 0);
  } catch {
    // Left to `dereference` (NOT_READ_HERE), or a key or address it refuses: it throws where it throws, having written
    // what it writes before.
    return false;
  }
  const { keys, schemas, refs } = found;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    const value = schemas[i] as Schema | boolean;
    const known = lookup[key];
    if (known !== undefined && known !== value) throw new Error(`Duplicate schema URI "${key}".`);
    if (!Object.hasOwn(lookup, key)) added.push(key);
    lookup[key] = value;
    if (typeof value !== "object") continue;
    if ((value as Node).__absolute_uri__ === undefined)
      Object.defineProperty(value, "__absolute_uri__", { enumerable: false, value: key });
    const ref = refs[i];
    if (ref !== undefined && (value as Node).__absolute_ref__ === undefined)
      Object.defineProperty(value, "__absolute_ref__", { enumerable: false, value: ref });
  }
  return true;
}

/** What a walk found, in `dereference`'s order: each key, the schema under it and its `$ref`'s address. */
interface Found {
  keys: string[];
  schemas: unknown[];
  refs: (string | undefined)[];
}

function collect(schema: unknown, prefix: string, pointer: string, base: URL, found: Found, depth: number): void {
  if (schema !== null && typeof schema === "object" && !Array.isArray(schema)) {
    const node = schema as Node;
    if (node.$id || node.id || node.$anchor || node.$recursiveRef || depth > MAX_DEPTH) throw NOT_READ_HERE;
  } else if (schema !== true && schema !== false) return;
  found.keys.push(pointer ? prefix + pointer : prefix.slice(0, -1));
  found.schemas.push(schema);
  if (typeof schema !== "object") {
    found.refs.push(undefined);
    return;
  }
  const node = schema as Node;
  const ref = node.$ref;
  if (ref && typeof ref !== "string") throw NOT_READ_HERE;
  found.refs.push(ref ? resolvedRef(ref as string, base) : undefined);
  for (const key in node) {
    if (ignoredKeyword[key]) continue;
    const sub = node[key];
    // `dereference` makes each key's segment first (a key encodeURI refuses throws there), then passes over a value
    // that is neither an object nor a boolean.
    const segment = pointerSegment(key);
    if (sub === null || (typeof sub !== "object" && typeof sub !== "boolean")) continue;
    const at = `${pointer}/${segment}`;
    if (Array.isArray(sub)) {
      if (schemaArrayKeyword[key])
        for (let i = 0; i < sub.length; i++) collect(sub[i], prefix, `${at}/${i}`, base, found, depth + 1);
    } else if (schemaMapKeyword[key] && typeof sub === "object") {
      const map = sub as Node;
      for (const name in map) {
        const inner = `${at}/${pointerSegment(name)}`;
        collect(map[name], prefix, inner, base, found, depth + 1);
      }
    } else if (!schemaMapKeyword[key]) collect(sub, prefix, at, base, found, depth + 1);
  }
}

/** `$ref` addresses resolved against their base, as `dereference` resolves them (a document names a few hundred). */
const resolved = new Map<string, Map<string, string>>();

function resolvedRef(ref: string, base: URL): string {
  let ofBase = resolved.get(base.href);
  if (ofBase === undefined) {
    if (resolved.size >= 256) resolved.clear();
    resolved.set(base.href, (ofBase = new Map()));
  }
  let href = ofBase.get(ref);
  if (href === undefined) {
    // `dereference`'s own resolution (a URL, its fragment normalised), read from the hidden property it defines.
    const probe = { $ref: ref } as Schema & { __absolute_ref__?: string };
    dereference(probe, Object.create(null) as Lookup, base);
    href = probe.__absolute_ref__ as string;
    if (ofBase.size >= 4096) ofBase.clear();
    ofBase.set(ref, href);
  }
  return href;
}
