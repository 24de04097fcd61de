// A value inside a JSON parameter that is one of some scalar kinds or one of some objects (a recipient given by its id
// or as the object, an id or the expanded object): the document's `oneOf`/`anyOf` of scalar types beside objects. Read
// as neither a union of objects (schema-place.ts `shapesOf`) nor one of scalars (scalar-kinds.ts), it limited nothing:
// `[42]` was sent where a text or an object is asked, a model saw a list of anything, a typed caller `unknown[]`
// (issue 59). Recorded as both, NestedLimits' `kinds` beside its `shapes`, which the runtime's check, a model's schema,
// the typed client's type and the suite's draws read.
import type { NestedLimits } from "@blockwright/runtime/internal";
import { typeOf, type OpenApiDocument, type Schema } from "../../load/openapi-document.js";
import { isNullMember, SCALARS } from "./scalar-kinds.js";

/** How a mixed union's parts are read: a scalar member's limits, and the shapes of the union of its objects alone. */
export interface MixedReaders {
  kind: (member: Schema) => NestedLimits | undefined;
  /** The objects' union (the document's keyword and discriminator kept): its shapes, or undefined where unreadable. */
  shapes: (objects: Schema) => NestedLimits | undefined;
}

/**
 * The kinds and shapes of a union of scalars and objects, null too where a member or the schema admits it; undefined
 * for any other schema (all scalars, all objects, a list or a union among its members: read elsewhere, or not at all).
 */
export function mixedUnionOf(doc: OpenApiDocument, s: Schema, read: MixedReaders): NestedLimits | undefined {
  const keyword = Array.isArray(s.oneOf) ? "oneOf" : Array.isArray(s.anyOf) ? "anyOf" : undefined;
  if (!keyword || (s.oneOf && s.anyOf) || s.type !== undefined || s.properties !== undefined) return undefined;
  let nullable = s.nullable === true;
  const scalars: Schema[] = [];
  const objects: Schema[] = [];
  for (const raw of s[keyword] as Schema[]) {
    const m = raw && typeof raw === "object" ? doc.flatten(raw) : {};
    if (isNullMember(m)) nullable = true;
    else if (m.oneOf || m.anyOf) return undefined;
    else if (typeof m.type === "string" && SCALARS.has(m.type)) scalars.push(m);
    else if (typeOf(m) === "object" || (m.properties !== null && typeof m.properties === "object")) objects.push(raw);
    else return undefined;
  }
  if (!scalars.length || !objects.length) return undefined;
  const kinds: NestedLimits[] = [];
  for (const member of scalars) {
    const { nullable: memberNull, ...kind } = read.kind(member) ?? {};
    if (memberNull) nullable = true;
    if (kind.type === undefined || !SCALARS.has(kind.type)) return undefined;
    kinds.push(kind);
  }
  const discriminator = s.discriminator !== undefined ? { discriminator: s.discriminator } : {};
  const shapes = read.shapes({ [keyword]: objects, ...discriminator });
  if (!shapes?.shapes) return undefined;
  return { kinds, ...shapes, ...(nullable ? { nullable: true as const } : {}) };
}

/** The types a value of these limits may be of (`object` for its shapes), or undefined where it may be of any. */
export function kindTypes(n: NestedLimits | undefined): string[] | undefined {
  if (!n) return undefined;
  const types = n.kinds?.map((k) => k.type as string) ?? (n.type !== undefined ? [n.type] : []);
  return n.shapes ? [...types, "object"] : types.length ? types : undefined;
}

/**
 * The limits a manifest's one `type` (a scalar's: checkNestedLooser, one of the kinds) leaves of a value of several
 * kinds: that kind's own limits (an integer a number kind's), no shape; any other limits as they are.
 */
export function narrowedTo(limits: NestedLimits, type: string | undefined): NestedLimits {
  if (!type || !limits.kinds) return limits;
  const { shapes: _s, tag: _t, exclusive: _e, byFields: _b, kinds, ...rest } = limits;
  const kind = kinds.find((k) => k.type === type) ?? kinds.find((k) => type === "integer" && k.type === "number");
  return { ...rest, ...kind };
}
