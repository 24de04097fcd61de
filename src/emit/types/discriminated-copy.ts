// What openapi-typescript's transform writes into the document it is given, copied, and only that.
//
// Its discriminator scan (scanDiscriminators) patches an enum of the discriminator's values into each schema a
// discriminator maps (patchDiscriminatorEnum: an item pushed onto the schema's allOf, or its properties and required
// set), its only write. The document is the generator's own (the IR and the examples hold parts of it), so the
// transform gets a copy; a whole published API's document copied whole (structuredClone) was a third of the memory the
// types' step added. Here the schemas a discriminator may map are copied, with the lists the patch writes to, and the
// objects on the way to them; the rest is shared with the document, which the transform only reads.

import { mayBeUnindexable } from "./hoisted-refs.js";
import { isNullTypedUnion } from "./null-type-unions.js";

/** What one walk of the document finds for the types' step. */
export interface DocumentTraits {
  /** Some object has a `discriminator` with a `propertyName` (what the scan acts on). */
  readonly discriminated: boolean;
  /**
   * The refs the scan may patch: every string of a discriminator's `mapping`, every `$ref` in the `oneOf` beside a
   * discriminator (a superset: the scan's second pass patches only schemas a mapping names).
   */
  readonly mapped: ReadonlySet<string>;
  /** Some object schema lists an `enum` value that is no object (the transform throws there: emit-types.ts). */
  readonly objectEnums: boolean;
  /** The `$ref`s the transform may type as no type at all (hoisted-refs.ts), to be given a type of their own. */
  readonly deepRefs: ReadonlySet<string>;
  /** Some schema is typed `null` beside a union of other kinds (null-type-unions.ts). */
  readonly nullTypedUnions: boolean;
}

export function documentTraits(document: unknown): DocumentTraits {
  const mapped = new Set<string>();
  const deepRefs = new Set<string>();
  let discriminated = false;
  let objectEnums = false;
  let nullTypedUnions = false;
  const stack: unknown[] = [document];
  while (stack.length) {
    const value = stack.pop();
    if (value === null || typeof value !== "object") continue;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) stack.push(value[i]);
      continue;
    }
    const record = value as Record<string, unknown>;
    const discriminator = record.discriminator as { propertyName?: unknown; mapping?: unknown } | null | undefined;
    if (discriminator !== null && typeof discriminator === "object" && discriminator.propertyName) {
      discriminated = true;
      mapsOf(discriminator.mapping, record.oneOf, mapped);
    }
    if (!objectEnums && Array.isArray(record.enum) && isObjectEnum(record)) objectEnums = true;
    if (!nullTypedUnions && record.type !== undefined && isNullTypedUnion(record)) nullTypedUnions = true;
    const ref = record.$ref;
    if (typeof ref === "string" && !deepRefs.has(ref) && mayBeUnindexable(ref)) deepRefs.add(ref);
    // `for…in`: Object.keys and `for…of` made an array and an iterator's results at each node.
    for (const key in record) if (Object.hasOwn(record, key)) stack.push(record[key]);
  }
  return { discriminated, mapped, objectEnums, deepRefs, nullTypedUnions };
}

/** The refs a discriminator's mapping names (read as the scan reads it, `for…in`) and its sibling oneOf's refs. */
function mapsOf(mapping: unknown, oneOf: unknown, into: Set<string>): void {
  if (mapping) {
    const map = mapping as Record<string, unknown>;
    for (const key in map) if (typeof map[key] === "string") into.add(map[key] as string);
  }
  if (!Array.isArray(oneOf)) return;
  for (const item of oneOf)
    if (item !== null && typeof item === "object" && typeof (item as { $ref?: unknown }).$ref === "string")
      into.add((item as { $ref: string }).$ref);
}

/** An object schema whose `enum` lists a value that is no object (withoutObjectEnums' test). */
export function isObjectEnum(record: Record<string, unknown>): boolean {
  const types = Array.isArray(record.type) ? record.type : [record.type];
  const values = record.enum;
  return types.includes("object") && Array.isArray(values) && values.some((v) => v !== null && typeof v !== "object");
}

/**
 * `document` with each object `resolve` finds for a ref of `refs` copied, and its allOf, properties and required (what
 * the patch writes to), and every object and list holding one of those copied on the way; the rest the document's own.
 * Each is copied once wherever it is met (a list two schemas share, as a YAML alias makes it, stays shared, as
 * structuredClone keeps it and the patch writes it).
 */
export function copiedWhereMapped(
  document: unknown,
  refs: ReadonlySet<string>,
  resolve: (root: unknown, ref: string) => unknown,
): unknown {
  const written = new Set<object>();
  for (const ref of refs) {
    const target = resolve(document, ref);
    if (target === null || typeof target !== "object" || Array.isArray(target)) continue;
    written.add(target);
    for (const key of ["allOf", "properties", "required"]) {
      const value = (target as Record<string, unknown>)[key];
      if (value !== null && typeof value === "object") written.add(value);
    }
  }
  if (!written.size) return document;
  const copies = new Map<object, object>();
  const copy = (node: unknown): unknown => {
    if (node === null || typeof node !== "object") return node;
    const done = copies.get(node);
    if (done) return done;
    const items = node as Record<string, unknown>;
    let out: Record<string, unknown> | undefined;
    // A list by its indexes, an object's own keys by `for…in`: Object.keys made an array at each of the document's
    // nodes (a whole published API's: docs/contributing/performance.md, the forty-fourth round).
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const item = copy(node[i]);
        if (item !== node[i]) (out ??= shallow(items))[i] = item;
      }
    } else {
      for (const key in items) {
        if (!Object.hasOwn(items, key)) continue;
        const item = copy(items[key]);
        if (item !== items[key]) (out ??= shallow(items))[key] = item;
      }
    }
    if (!out && written.has(node)) out = shallow(items);
    if (!out) return node;
    copies.set(node, out);
    return out;
  };
  return copy(document);
}

function shallow(node: Record<string, unknown>): Record<string, unknown> {
  return (Array.isArray(node) ? [...node] : { ...node }) as Record<string, unknown>;
}
