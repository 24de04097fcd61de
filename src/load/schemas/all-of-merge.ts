// The keywords of an `allOf`'s members merged into one schema (OpenApiDocument.flatten). A value meets every member,
// so where two members bound the same thing the merge keeps the tighter bound (the lower maximum, the enum's values
// both allow, integer over number), else the first member's keyword; a schema-valued keyword both give (`items`) is
// the merge of both. Members' patterns, and a `not` of a pattern, are one pattern (member-patterns.ts); what else no
// single keyword can say keeps the first: the request judge and the mocks hold a value to every member all the same.
import { patternOfMembers } from "./member-patterns.js";

type Schema = Record<string, unknown>;

/** `flatten`: a schema's `$ref`s resolved and its `allOf` merged into one schema (OpenApiDocument.flatten). */
export class AllOfMerge {
  /** The schemas an `allOf` being flattened holds (itself and its members), while it is: a merge meeting one stops. */
  private readonly flattening = new Set<Schema>();
  /** How many merges of same-named properties are under way, one inside another (at most 8 before one is lazy). */
  private merging = 0;
  /**
   * Each `allOf` schema's merge as flattened with no merge under way, when it depends on the schema alone: the link
   * asks again for the same schemas at every operation that answers them (a whole published API's inherited entities,
   * every level of an output's path), and a merge made anew each time was a twentieth of its CPU and its garbage.
   */
  private readonly merged = new WeakMap<Schema, Schema>();
  /** Each merge's schema as written (its `allOf` and the object the document holds): `sourceOf`. */
  private readonly sources = new WeakMap<Schema, Schema>();

  constructor(private readonly resolve: (schema: Schema) => Schema) {}

  /**
   * The schema's own keywords and properties count as a member, the first. A property several members name is the
   * merge of every one's schema: a member that only describes a field, or narrows its enum, keeps the other's type
   * and bounds; the last one's own words (description, example) kept.
   */
  flatten(schema: Schema): Schema {
    const resolved = this.resolve(schema);
    if (!Array.isArray(resolved.allOf)) return resolved;
    // Inside another merge, what comes out depends on that merge too (a schema it holds is left lazy): made anew.
    if (this.merging || this.flattening.size) return this.merge(resolved);
    let merged = this.merged.get(resolved);
    if (!merged) this.merged.set(resolved, (merged = this.merge(resolved)));
    return merged;
  }

  /** The schema as written (a component whose `allOf` it merges, say) of a schema `flatten` gave; else the schema. */
  sourceOf(schema: Schema): Schema {
    return this.sources.get(schema) ?? schema;
  }

  private merge(resolved: Schema): Schema {
    const raw = (resolved.allOf as Schema[]).map((m) => this.resolve(m));
    const members = raw.map((m) => this.flatten(m));
    const held = [...new Set([resolved, ...raw])].filter((s) => !this.flattening.has(s));
    for (const s of held) this.flattening.add(s);
    try {
      const merged: Schema = { ...resolved, allOf: undefined };
      const named = new Map<string, Schema[]>();
      const name = (properties: unknown) => {
        for (const [k, v] of Object.entries((properties ?? {}) as Record<string, Schema>))
          named.set(k, [...(named.get(k) ?? []), v]);
      };
      name(resolved.properties);
      const required = new Set<string>((resolved.required as string[]) ?? []);
      for (const flat of members) {
        name(flat.properties);
        for (const r of (flat.required as string[]) ?? []) required.add(r);
        mergeMemberKeywords(merged, flat, (list) => this.mergedSchemas(list));
      }
      const properties: Record<string, Schema> = {};
      for (const [k, list] of named) properties[k] = list.length === 1 ? (list[0] as Schema) : this.mergedSchemas(list);
      // An allOf of no object (`allOf: [$ref a union of texts]` beside a description) gains no empty properties or
      // required list: read as an object's, they made its value an object.
      const objectLike = [resolved, ...members].some((m) => m.properties !== undefined || m.required !== undefined);
      if (objectLike) {
        merged.properties = properties;
        merged.required = [...required];
      } else delete merged.required;
      // A `nullable` of the allOf's own makes the whole admit null (the request judge reads it so); one of a member's
      // only where no other member refuses null: a null meets every member or fails the allOf.
      if (merged.nullable === true && resolved.nullable !== true && members.some(refusesNull)) delete merged.nullable;
      const pattern = patternOfMembers([resolved, ...members], this.resolve);
      if (pattern !== undefined) merged.pattern = pattern;
      delete merged.allOf;
      this.sources.set(merged, resolved);
      return merged;
    } finally {
      for (const s of held) this.flattening.delete(s);
    }
  }

  /**
   * Schemas a value meets all of (a field's, in the order the schema and its members name it), merged. One that an
   * allOf being flattened holds (a schema holding itself deeper down), or a ninth merge inside others, leaves them an
   * `allOf`, merged when read; so does one that does not resolve, failing when read as before.
   */
  private mergedSchemas(list: Schema[]): Schema {
    // The last definition first: its description, example or format is the one kept (a later member refines a field
    // an earlier one declares, as the last one's schema alone used to be), the others adding what it leaves out.
    const lazy: Schema = { allOf: [...list].reverse() };
    if (this.merging >= 8) return lazy;
    this.merging++;
    try {
      if (list.some((s) => this.flattening.has(this.resolve(s)))) return lazy;
      const merged = this.flatten(lazy);
      // A merged field (a text, a number) gains no empty properties or required list it did not have.
      if (!Object.keys(merged.properties ?? {}).length) delete merged.properties;
      if (!((merged.required as string[] | undefined) ?? []).length) delete merged.required;
      return merged;
    } catch {
      return lazy;
    } finally {
      this.merging--;
    }
  }
}

/** Whether a member refuses null by itself: a type (not null) without 3.0's `nullable`, or values listed without it. */
function refusesNull(member: Schema): boolean {
  if (member.nullable === true) return false;
  if (Array.isArray(member.enum)) return !member.enum.includes(null);
  return typeof member.type === "string" && member.type !== "null";
}

/** Bounds the lower of two keeps (OpenAPI 3.1's numeric `exclusiveMaximum` among them). */
const UPPER = new Set(["maxLength", "maxItems", "maxProperties", "exclusiveMaximum"]);
/** Bounds the higher of two keeps. */
const LOWER = new Set(["minLength", "minItems", "minProperties", "exclusiveMinimum"]);

/**
 * `member`'s keywords (its `properties` and `required` aside: the caller merges those) into `merged`, tightening what
 * both give; `both` merges two schemas a keyword of each holds.
 */
function mergeMemberKeywords(merged: Schema, member: Schema, both: (schemas: Schema[]) => Schema): void {
  tighterBound(merged, member, "maximum", "exclusiveMaximum", 1);
  tighterBound(merged, member, "minimum", "exclusiveMinimum", -1);
  for (const [key, value] of Object.entries(member)) {
    if (key === "properties" || key === "required" || key === "allOf" || value === undefined) continue;
    if (key === "maximum" || key === "minimum" || (/^exclusiveM(ax|in)imum$/.test(key) && typeof value === "boolean"))
      continue;
    const kept = merged[key];
    merged[key] = kept === undefined ? value : tighter(key, kept, value, both);
  }
}

function tighter(key: string, kept: unknown, next: unknown, both: (schemas: Schema[]) => Schema): unknown {
  if (typeof kept === "number" && typeof next === "number") {
    if (UPPER.has(key)) return Math.min(kept, next);
    if (LOWER.has(key)) return Math.max(kept, next);
    // A multiple of both, where one is a multiple of the other.
    if (key === "multipleOf") return next % kept === 0 ? next : kept;
  }
  if (key === "enum" && Array.isArray(kept) && Array.isArray(next)) {
    const shared = kept.filter((v) => next.some((w) => sameValue(v, w)));
    // Members whose enums share nothing admit no value: the document contradicts itself, and the first enum stays.
    return shared.length ? shared : kept;
  }
  if (key === "type") return tighterType(kept, next);
  if (key === "uniqueItems") return kept === true || next === true;
  if (key === "items" && isSchema(kept) && isSchema(next) && kept !== next) return both([kept, next]);
  return kept;
}

/** The types both allow (3.1 lists them): integer where one says number and the other integer. */
function tighterType(kept: unknown, next: unknown): unknown {
  const list = (t: unknown) => (Array.isArray(t) ? t : [t]).filter((x): x is string => typeof x === "string");
  const [a, b] = [list(kept), list(next)];
  const shared = [
    ...new Set(
      a.flatMap((t) =>
        b.includes(t)
          ? [t]
          : (t === "number" && b.includes("integer")) || (t === "integer" && b.includes("number"))
            ? ["integer"]
            : [],
      ),
    ),
  ];
  if (!shared.length) return kept;
  return shared.length === 1 && !(Array.isArray(kept) && Array.isArray(next)) ? shared[0] : shared;
}

/**
 * `into`'s `bound` made the tighter of its own and `from`'s, OpenAPI 3.0's boolean exclusive flag beside it going with
 * the bound kept (at an equal bound, exclusive if either is). `sign`: 1 for a maximum, -1 for a minimum.
 */
function tighterBound(into: Schema, from: Schema, bound: string, flag: string, sign: 1 | -1): void {
  const [a, b] = [into[bound], from[bound]];
  if (typeof b !== "number") return;
  const flagOf = (s: Schema) => (typeof s[flag] === "boolean" ? (s[flag] as boolean) : undefined);
  if (typeof a !== "number" || sign * (b - a) < 0) {
    into[bound] = b;
    if (flagOf(from) !== undefined) into[flag] = flagOf(from);
    else if (flagOf(into) !== undefined) delete into[flag];
  } else if (a === b && flagOf(from) === true) into[flag] = true;
}

function isSchema(value: unknown): value is Schema {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function sameValue(a: unknown, b: unknown): boolean {
  return a === b || (typeof a === "object" && a !== null && JSON.stringify(a) === JSON.stringify(b));
}
