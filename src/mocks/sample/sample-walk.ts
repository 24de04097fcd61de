// One value's walk through a schema (schema-sample.ts says how a value is made): the bounds of depth, visits
// and union branches, a seeded choice of each union's branch, and realistic leaves where asked.
import { MESSAGE_KEY } from "../../model/message-fields.js";
import { unsafeIntegerAt } from "../../model/safe-integers.js";
import { isEnumOfLabels } from "../../load/text-enum.js";
import { formatPatternOf } from "../../model/format-aliases.js";
import { firstMadeString } from "../../model/string-values.js";
import { discriminated, escapeKey, isNode, resolvePointer, SHAPE_KEYS } from "./sample-lookup.js";
import { baseKindValue } from "./sample-base-kinds.js";
import { hash, mulberry32, type RealisticValues, singular } from "../realistic-values.js";
import { FORMAT_STRINGS, numberOf, realisticNumber, textRulesOf } from "./sample-leaves.js";
import { TOLD_APART_CHECKS, toldApart, type ToldApartChecks } from "./sample-told-apart.js";
import { carriedFields, type LeftOut, leftOutOf, type SampleBounds } from "./sample-bounds.js";
import { itemSchema, listOfItemShapes } from "./sample-list-shapes.js";
import { LETTER_ONE_OF, takenByOneBranch } from "./letter-one-of.js";
import { firstOfTwins } from "./sample-twins.js";
import { mergedAllOf } from "./sample-merged-all-of.js";

export type { SampleBounds } from "./sample-bounds.js";

type Node = Record<string, unknown>;

/** A realistic value's optional properties stop below this nesting. */
const REALISTIC_DEPTH = 6;

export class OverBudget extends Error {}

export class Walk {
  private visits = 0;
  /** Checks left for telling a union's value apart from the other branches that take it (sample-told-apart.ts). */
  private readonly apartChecks = { checks: TOLD_APART_CHECKS };
  private readonly maxDepth: number;
  private readonly maxVisits: number;
  private readonly maxBranches: number;
  private readonly seed: number;
  private readonly textFields: boolean;
  /** The fewest items of a list the bounds ask, beyond the schema's minItems (sample-bounds.ts). */
  private readonly listItems: number;
  private readonly leave: LeftOut;
  /** The depth whose objects get their optional properties too (a union branch told from the others by them). */
  private fullDepth: number | undefined;
  /** The depth whose list holds one item at least (a union's list branch told from the others by its item). */
  private itemDepth: number | undefined;
  private readonly realistic: RealisticValues | undefined;
  /** The realistic draws: one generator for the whole value, seeded by the seed and the pointer. */
  private readonly draw: () => number;
  /** The name of the field being made (a list's items take the list's), for realistic values. */
  private name: string | undefined;
  /** Optional fields being made around this point: a union's value of several shapes leaves the nearest out. */
  private optional = 0;

  constructor(
    private readonly sampler: ToldApartChecks,
    private readonly document: Node,
    bounds: SampleBounds,
    pointer: string,
  ) {
    this.maxDepth = bounds.maxDepth ?? 12;
    this.maxVisits = bounds.maxVisits ?? 5000;
    this.maxBranches = bounds.maxBranches ?? 6;
    this.seed = bounds.seed ?? 0;
    this.textFields = bounds.textFields === true;
    // With text fields (an error answer), a list holds one item at least: where its messages are (`errorMessages`,
    // `detail[].msg`).
    this.listItems = Math.max(bounds.listItems ?? 0, this.textFields ? 1 : 0);
    this.leave = leftOutOf(bounds);
    if (bounds.everyField) this.fullDepth = 0;
    this.realistic = bounds.realistic;
    this.draw = mulberry32(hash(this.seed, pointer));
  }

  /** Whether optional properties and more list items are still made: realistic, shallow, and half the budget left. */
  private rich(depth: number): boolean {
    return this.realistic !== undefined && depth < REALISTIC_DEPTH && this.visits < this.maxVisits / 2;
  }

  /** `make` for the field `name`. */
  private field(
    name: string | undefined,
    schema: unknown,
    pointer: string,
    depth: number,
    trail: Set<string>,
  ): unknown {
    const outer = this.name;
    this.name = name;
    try {
      return this.make(schema, pointer, depth, trail);
    } finally {
      this.name = outer;
    }
  }

  /**
   * A value of `schema` (at `pointer`), undefined when it cannot be made here (too deep, a cycle, an impossible
   * branch).
   */
  make(schema: unknown, pointer: string, depth: number, trail: Set<string>): unknown {
    if (++this.visits > this.maxVisits) throw new OverBudget();
    if (schema === true || schema === undefined) return "string";
    if (!isNode(schema)) return undefined;
    if (typeof schema.$ref === "string") {
      const ref = schema.$ref;
      if (!ref.startsWith("#") || trail.has(ref)) return undefined;
      // An enum beside the reference (`{$ref: Dataset, enum: [paf]}`: one value of the list it names), which 3.0
      // ignores and Prism's check reads (in a union's branch): a value of both, where the reference takes some.
      const both = Array.isArray(schema.enum)
        ? schema.enum.filter((v) => v !== null && this.sampler.valid(v, ref.slice(1)))
        : [];
      if (both.length) return this.realistic ? both[Math.floor(this.draw() * both.length)] : both[0];
      const made = (to: string) => this.make({ $ref: to }, ref.slice(1), depth, trail); // a discriminated base's kind
      const kind = baseKindValue(this.document, ref, hash(this.seed, ref), this.sampler, made);
      if (kind !== undefined) return kind;
      return this.make(resolvePointer(this.document, ref.slice(1)), ref.slice(1), depth, new Set([...trail, ref]));
    }
    if ("const" in schema) return schema.const;
    // The document's own example of the schema, where it is valid (and holds no integer a JavaScript number rounds): an
    // error's list of messages holds one, where the fewest items hold none.
    const example =
      "example" in schema ? schema.example : Array.isArray(schema.examples) ? schema.examples[0] : undefined;
    if (example != null && unsafeIntegerAt(example) === undefined && this.sampler.valid(example, pointer))
      return example;
    if (Array.isArray(schema.enum) && !isEnumOfLabels(schema)) {
      const values = schema.enum.filter((v) => v !== null);
      if (this.realistic && values.length) return values[Math.floor(this.draw() * values.length)];
      return values[0] ?? schema.enum[0];
    }
    const union = Array.isArray(schema.oneOf) ? "oneOf" : Array.isArray(schema.anyOf) ? "anyOf" : undefined;
    if (union) return this.union(schema, union, pointer, depth, trail);
    if (Array.isArray(schema.allOf)) {
      // Objects in parts (a reference's required `type` in one member, its enum in another): one object of all of them.
      const merged = mergedAllOf(this.document, schema, pointer, trail);
      if (merged) return this.plain(merged.schema, pointer, depth, merged.trail, merged.pointers);
      const parts = schema.allOf.map((part, i) => this.make(part, `${pointer}/allOf/${i}`, depth, trail));
      if (parts.some((p) => p === undefined)) return undefined;
      const own = this.plain(schema, pointer, depth, trail);
      // Objects in every member: the untyped node's own value, a text made of nothing it says, is none of them.
      const objectParts = parts.every(isNode);
      const objects = [...parts, ...(own === undefined || (objectParts && !isNode(own)) ? [] : [own])];
      if (objects.every(isNode)) return mergedParts(objects, (value) => this.sampler.valid(value, pointer));
      // Scalars in parts (`allOf: [{nullable: true}, {$ref: a pattern}]`): a part's value every member takes (an
      // address's `format: email` in one, a pattern in the other: the pattern's draw is no address), else one the
      // whole schema takes, not just the first's.
      const members = schema.allOf.map((part, i) =>
        isNode(part) && typeof part.$ref === "string" && part.$ref.startsWith("#")
          ? part.$ref.slice(1)
          : `${pointer}/allOf/${i}`,
      );
      return (
        parts.find((part) => members.every((member) => this.sampler.valid(part, member))) ??
        parts.find((part) => this.sampler.valid(part, pointer)) ??
        parts[0]
      );
    }
    return this.plain(schema, pointer, depth, trail);
  }

  /**
   * One branch, tried from a seeded start (or `first`); a value the whole schema (siblings of the union included)
   * accepts.
   */
  private union(
    schema: Node,
    key: "oneOf" | "anyOf",
    pointer: string,
    depth: number,
    trail: Set<string>,
    first?: number,
  ): unknown {
    const branches = schema[key] as unknown[];
    // Realistic: each value draws its own branch (a list's items of several kinds).
    const start = !branches.length
      ? 0
      : first !== undefined
        ? first
        : this.realistic
          ? Math.floor(this.draw() * branches.length)
          : hash(this.seed, pointer) % branches.length;
    const { [key]: _union, ...siblings } = schema;
    const hasSiblings = Object.keys(siblings).some((k) => SHAPE_KEYS.has(k));
    const base = hasSiblings ? this.plain(siblings, pointer, depth, trail) : undefined;
    // Values a branch made that the union refused (another branch takes them too), by branch.
    const taken: [number, unknown][] = [];
    // A document's oneOf the mock reads as anyOf (letter-one-of.ts): a value one shape alone takes first.
    const letter = key === "anyOf" && schema[LETTER_ONE_OF] === true;
    let loose: [unknown] | undefined;
    const alone = (v: unknown, index: number) =>
      !letter || takenByOneBranch(this.sampler, v, { pointer, key, count: branches.length, index });
    // Of a oneOf's twins (alike but for their words) one is tried: a value of one is of all (sample-twins.ts).
    const twins = new Set<string>();
    for (let i = 0, tried = 0; i < branches.length && tried < this.maxBranches; i++) {
      const index = (start + i) % branches.length;
      if (key === "oneOf" && !firstOfTwins(twins, branches[index])) continue;
      tried++;
      // The fewest properties first; then, should that value match another branch too, the branch's optional ones (a
      // realistic value has them already).
      for (const full of this.realistic ? [false] : [false, true]) {
        const [outer, outerItem] = [this.fullDepth, this.itemDepth];
        this.fullDepth = full ? depth : outer;
        // An empty list meets every list branch ("add" items or "delete" items): one item may tell them apart.
        this.itemDepth = full ? depth : outerItem;
        const branch = this.make(branches[index], `${pointer}/${key}/${index}`, depth, trail);
        [this.fullDepth, this.itemDepth] = [outer, outerItem];
        if (branch === undefined) break;
        const value = isNode(base) && isNode(branch) ? { ...base, ...branch } : branch;
        const named = discriminated(schema, branches[index], value, this.document);
        for (const v of named === undefined ? [value] : [named, value]) {
          if (!this.sampler.meets(v, pointer)) continue;
          if (alone(v, index)) return v;
          loose ??= [v];
        }
        taken.push([index, value]);
      }
    }
    // None that one shape alone takes: the optional field holding it left out, else the value kept as it met.
    if (loose) return this.optional > 0 ? undefined : loose[0];
    // No branch's value met the union alone (open objects overlap): one told apart from the other branches that take
    // it, where a field can (not a realistic answer's, whose fields would then hold other types).
    if (key !== "oneOf" || this.realistic) return undefined;
    for (const [index, value] of taken) {
      const others = branches.flatMap((_, j) => (j === index ? [] : [`${pointer}/${key}/${j}`]));
      const chosen = `${pointer}/${key}/${index}`;
      const told = toldApart(this.document, this.sampler, this.apartChecks, value, chosen, others);
      if (told !== undefined && this.sampler.meets(told, pointer)) return told;
    }
    for (const [index] of taken) {
      const list = listOfItemShapes(this.document, branches[index], `${pointer}/${key}/${index}`, trail, {
        maxBranches: this.maxBranches,
        item: (items, itemsKey, at, itemsTrail, first) => this.union(items, itemsKey, at, depth + 1, itemsTrail, first),
        meets: (value) => this.sampler.meets(value, pointer),
      });
      if (list !== undefined) return list;
    }
    return undefined;
  }

  /** Whether a property's schema (its `$ref` followed once) is plain text: a string, not a union. */
  private isText(property: unknown): boolean {
    const schema =
      isNode(property) && typeof property.$ref === "string" && property.$ref.startsWith("#")
        ? resolvePointer(this.document, property.$ref.slice(1))
        : property;
    return isNode(schema) && schema.type === "string" && !Array.isArray(schema.oneOf) && !Array.isArray(schema.anyOf);
  }

  /** An object: its required fields, the optional ones the walk lets in, and keys enough for minProperties. */
  private plainObject(
    schema: Node,
    pointer: string,
    depth: number,
    trail: Set<string>,
    propertyPointers?: Map<string, string>,
  ): Node | undefined {
    if (depth >= this.maxDepth) return undefined;
    const out: Node = {};
    const { properties, leftOut } = carriedFields(this.document, schema, this.leave);
    // A field by name: its property, else what additionalProperties allows.
    const named = (name: string) =>
      Object.hasOwn(properties, name)
        ? this.field(
            name,
            properties[name],
            propertyPointers?.get(name) ?? `${pointer}/properties/${escapeKey(name)}`,
            depth + 1,
            trail,
          )
        : this.field(
            name,
            isNode(schema.additionalProperties) ? schema.additionalProperties : true,
            `${pointer}/additionalProperties`,
            depth + 1,
            trail,
          );
    for (const name of Array.isArray(schema.required) ? schema.required : []) {
      if (typeof name !== "string" || leftOut.has(name)) continue;
      const value = named(name);
      if (value === undefined) return undefined;
      Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
    }
    if (this.fullDepth === depth || this.textFields || this.rich(depth)) {
      for (const [name, property] of Object.entries(properties)) {
        // Optional fields only as many as maxProperties lets in (an error's source: parameter, pointer or example).
        if (typeof schema.maxProperties === "number" && Object.keys(out).length >= schema.maxProperties) break;
        // With text fields, one named for the error too, whatever it holds: the way to `Errors/Error/0/Description`.
        const wanted = this.isText(property) || (this.textFields && MESSAGE_KEY.test(name));
        if (Object.hasOwn(out, name) || (this.fullDepth !== depth && !this.rich(depth) && !wanted)) continue;
        this.optional++;
        const at = propertyPointers?.get(name) ?? `${pointer}/properties/${escapeKey(name)}`;
        const value = this.field(name, property, at, depth + 1, trail);
        this.optional--;
        if (value !== undefined)
          Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
      }
    }
    const fewest = typeof schema.minProperties === "number" ? schema.minProperties : 0;
    for (let i = 0; Object.keys(out).length < fewest && i < fewest + 8; i++) {
      const name = Object.keys(properties).find((p) => !Object.hasOwn(out, p)) ?? `key${i + 1}`;
      const value = named(name);
      if (value === undefined) return undefined;
      out[name] = value;
    }
    return out;
  }

  /** A list: as many items as the walk makes (within minItems and maxItems), each sampled from its place. */
  private plainArray(schema: Node, pointer: string, depth: number, trail: Set<string>): unknown[] | undefined {
    const fewest = typeof schema.minItems === "number" ? Math.min(schema.minItems, 100) : 0;
    const most = typeof schema.maxItems === "number" ? schema.maxItems : Infinity;
    // Realistic: 1–3 items, within minItems and maxItems.
    const count = this.rich(depth)
      ? Math.max(fewest, Math.min(most, 1 + Math.floor(this.draw() * 3)))
      : Math.max(fewest, Math.min(most, this.itemDepth === depth ? Math.max(1, this.listItems) : this.listItems));
    // The items that must be made (a realistic value's or an error answer's too); past them, those the bounds ask.
    const kept = this.rich(depth) || this.textFields ? count : fewest;
    if (count > 0 && depth >= this.maxDepth) return kept > 0 ? undefined : [];
    const items: unknown[] = [];
    for (let i = 0; i < count; i++) {
      const item = this.field(singular(this.name), itemSchema(schema, i), `${pointer}/items`, depth + 1, trail);
      // An item the bounds ask that cannot be made here (a cycle, too deep): the list without it.
      if (item === undefined) return i >= kept ? items : undefined;
      items.push(item);
    }
    return items;
  }

  private plain(
    schema: Node,
    pointer: string,
    depth: number,
    trail: Set<string>,
    propertyPointers?: Map<string, string>,
  ): unknown {
    const type = Array.isArray(schema.type) ? (schema.type.find((t) => t !== "null") ?? schema.type[0]) : schema.type;
    if (
      type === "object" ||
      (type === undefined &&
        (isNode(schema.properties) || schema.additionalProperties !== undefined || Array.isArray(schema.required)))
    ) {
      return this.plainObject(schema, pointer, depth, trail, propertyPointers);
    }
    if (type === "array" || (type === undefined && schema.items !== undefined))
      return this.plainArray(schema, pointer, depth, trail);
    // A whole-number format makes a number whole (int32, int64: what the format's check wants).
    const whole = type === "integer" || schema.format === "int32" || schema.format === "int64";
    if (type === "integer" || type === "number")
      return realisticNumber(this.realistic, this.name, this.draw, schema, whole) ?? numberOf(schema, whole);
    // A flag's documented default is what an answer that says nothing else carries (`ok`, default true: a success's
    // answer; a coin flip made success answers that said they failed).
    if (type === "boolean")
      return typeof schema.default === "boolean" ? schema.default : this.realistic ? this.draw() < 0.5 : true;
    if (type === "null") return null;
    if (type === "string" || type === undefined) {
      if (schema.format === "binary") return "";
      const rules = textRulesOf(schema);
      let pattern: RegExp | undefined;
      try {
        pattern = rules.pattern === undefined ? undefined : new RegExp(rules.pattern, "u");
      } catch {
        return undefined;
      }
      const length = (v: string) => [...v].length;
      const fits = (v: string) =>
        (!pattern || pattern.test(v)) &&
        length(v) >= (rules.minLength ?? 0) &&
        length(v) <= (rules.maxLength ?? Infinity);
      const drawn = this.realistic?.text(this.name, rules, this.draw);
      if (drawn !== undefined && fits(drawn)) return drawn;
      const fixed = FORMAT_STRINGS[String(schema.format)];
      if (fixed !== undefined && (fits(fixed) || formatPatternOf(schema.format) === undefined)) return fixed;
      return firstMadeString(rules, fits);
    }
    return undefined;
  }
}

/**
 * The objects an `allOf`'s members made, as one: in order, a later one's value of a field replacing an earlier one's;
 * where that breaks the whole (`valid`) and they disagree on a field (a kind's example of the whole record, its ids
 * no uuids, after the record's member made valid ones), the earlier ones' values kept instead. Checked only then.
 */
function mergedParts(objects: Record<string, unknown>[], valid: (value: unknown) => boolean): Record<string, unknown> {
  const merged: Record<string, unknown> = Object.assign({}, ...objects);
  const disagree = objects.some((o, i) =>
    Object.keys(o).some((k) =>
      objects.slice(0, i).some((e) => k in e && JSON.stringify(e[k]) !== JSON.stringify(o[k])),
    ),
  );
  if (!disagree || valid(merged)) return merged;
  const earlierFirst: Record<string, unknown> = Object.assign({}, ...[...objects].reverse());
  return valid(earlierFirst) ? earlierFirst : merged;
}
