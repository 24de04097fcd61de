// The keywords of an `allOf`'s members merged into one schema (OpenApiDocument.flatten). A value meets every member,
// so where two members bound the same thing the merge keeps the tighter bound (the lower maximum, the enum's values
// both allow, integer over number), else the first member's keyword; a schema-valued keyword both give (`items`) is
// the merge of both. Members' patterns, and a `not` of a pattern, are one pattern (member-patterns.ts); what else no
// single keyword can say keeps the first: the request judge and the mocks hold a value to every member all the same.
import { patternOfMembers } from "./member-patterns.js";

type Schema = Record<string, unknown>;

/**
 * A merge as made, and what its making read of the merges around it: where the same schema met again gives the same
 * merge. `consulted`: the schemas it asked whether a merge around held (none did); `deepest`: how many merges deeper
 * than its own it asked whether a ninth was reached (-1: never); `ninth`: whether one was (then it holds only at the
 * same depth, `depth`). A merge that met a schema a merge around it held (left lazy there) is not kept.
 */
interface Made {
  merged: Schema;
  depth: number;
  consulted: Set<Schema>;
  deepest: number;
  ninth: boolean;
}

/** A merge under way: what its making (and each merge inside it) read so far; `lowest`, the outermost holder met. */
interface Making {
  depth: number;
  consulted: Set<Schema>;
  deepest: number;
  ninth: boolean;
  lowest: number;
}

/** Lists of schemas merged (`mergedSchemas`), by their first schema, then the next: the merge kept at the last. */
interface ListNode {
  next?: WeakMap<Schema, ListNode>;
  made?: Made;
}

/** The ninth merge of same-named properties inside others is left lazy. */
const NINTH = 8;

/** `flatten`: a schema's `$ref`s resolved and its `allOf` merged into one schema (OpenApiDocument.flatten). */
export class AllOfMerge {
  /**
   * The schemas an `allOf` being flattened holds (itself and its members), while it is, each with the place of the
   * merge holding it in `making`: a merge meeting one stops.
   */
  private readonly flattening = new Map<Schema, number>();
  /** The merges under way, outermost first. */
  private readonly making: Making[] = [];
  /** How many merges of same-named properties are under way, one inside another (at most 8 before one is lazy). */
  private merging = 0;
  /**
   * Each `allOf` schema's merge, kept where what it gives depends on the schema alone: the link asks again for the
   * same schemas at every operation that answers them (a whole published API's inherited entities, every level of an
   * output's path), and a merge made anew each time was a twentieth of its CPU and its garbage. One made inside
   * another merge is kept too, and given again wherever making it anew would read the same (`holds`): each kind of a
   * deep base was merged again, its whole chain of members, inside every merge naming it (two-fifths of the link on
   * a whole published API of update actions several bases deep).
   */
  private readonly merged = new WeakMap<Schema, Made>();
  /**
   * Each list of same-named properties' merge (`mergedSchemas`), kept as `merged` keeps a schema's: the kinds of one
   * base name its fields again, each kind's merge merging the same lists.
   */
  private readonly lists: ListNode = {};
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
    const made = this.merged.get(resolved);
    if (made && this.holds(made)) {
      this.read(made.consulted, made.deepest < 0 ? -1 : this.merging + made.deepest, made.ninth, Infinity);
      return made.merged;
    }
    return this.merge(resolved, !made || !this.making.length);
  }

  /**
   * Whether a merge kept would be made the same here: it asked of no schema a merge under way holds, and it reached
   * the ninth level at the same depth (or reaches it at none from here). A schema it met held was held by a merge it
   * made itself (one met held by a merge around it was not kept), so is held here too.
   */
  private holds(made: Made): boolean {
    if (made.ninth ? made.depth !== this.merging : this.merging + made.deepest >= NINTH) return false;
    for (const held of this.flattening.keys()) if (made.consulted.has(held)) return false;
    return true;
  }

  /** What a merge's making read, told to the merge under way around it (if any). */
  private read(consulted: Iterable<Schema>, deepest: number, ninth: boolean, lowest: number): void {
    const around = this.making.at(-1);
    if (!around) return;
    for (const s of consulted) around.consulted.add(s);
    around.deepest = Math.max(around.deepest, deepest);
    around.ninth ||= ninth;
    around.lowest = Math.min(around.lowest, lowest);
  }

  /** The schema as written (a component whose `allOf` it merges, say) of a schema `flatten` gave; else the schema. */
  sourceOf(schema: Schema): Schema {
    return this.sources.get(schema) ?? schema;
  }

  /** `resolved`'s members merged; kept (`keep`) where what it gives depends on the schema alone (`merged`). */
  private merge(resolved: Schema, keep = false): Schema {
    const making: Making = { depth: this.merging, consulted: new Set(), deepest: -1, ninth: false, lowest: Infinity };
    const place = this.making.push(making) - 1;
    const held: Schema[] = [];
    try {
      const raw = (resolved.allOf as Schema[]).map((m) => this.resolve(m));
      const members = raw.map((m) => this.flatten(m));
      for (const s of new Set([resolved, ...raw]))
        if (!this.flattening.has(s)) {
          held.push(s);
          this.flattening.set(s, place);
        }
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
      // Kept unless it met a schema a merge around it holds (left lazy there, and only there).
      if (keep && making.lowest >= place)
        this.merged.set(resolved, {
          merged,
          depth: making.depth,
          consulted: making.consulted,
          deepest: making.deepest < 0 ? -1 : making.deepest - making.depth,
          ninth: making.ninth,
        });
      return merged;
    } finally {
      for (const s of held) this.flattening.delete(s);
      this.making.pop();
      this.read(making.consulted, making.deepest, making.ninth, making.lowest);
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
    const making = this.making.at(-1) as Making;
    making.deepest = Math.max(making.deepest, this.merging);
    if (this.merging >= NINTH) {
      making.ninth = true;
      return lazy;
    }
    this.merging++;
    try {
      for (const s of list) {
        const resolved = this.resolve(s);
        const holder = this.flattening.get(resolved);
        if (holder !== undefined) {
          making.lowest = Math.min(making.lowest, holder);
          return lazy;
        }
        making.consulted.add(resolved);
      }
      let node = this.lists;
      for (const s of list) {
        node.next ??= new WeakMap();
        let next = node.next.get(s);
        if (!next) node.next.set(s, (next = {}));
        node = next;
      }
      const made = node.made;
      if (made && this.holds(made)) {
        this.read(made.consulted, made.deepest < 0 ? -1 : this.merging + made.deepest, made.ninth, Infinity);
        return made.merged;
      }
      const merged = this.merge(lazy, !made);
      // A merged field (a text, a number) gains no empty properties or required list it did not have.
      if (!Object.keys(merged.properties ?? {}).length) delete merged.properties;
      if (!((merged.required as string[] | undefined) ?? []).length) delete merged.required;
      node.made ??= this.merged.get(lazy);
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
