// A value of one shape of a `oneOf` that other shapes take too, changed so that they refuse it. Open objects overlap:
// a value of one takes every field another lists but leaves out, so a body of the fields of one shape (or of none)
// meets several, and by JSON Schema's letter no `oneOf` of them is met. A value meeting exactly one exists when a
// field tells the shapes apart: one both list whose value one takes and the other refuses (an enum of its own, at any
// depth), one the other requires and the chosen shape does not (left out), or one only the other lists, given a value
// of a type it refuses (the chosen shape, open, takes any). The fields are read through `$ref`s, `allOf` members and
// the shapes of a union inside a shape; every change is checked (the other refuses, the chosen still takes), so what
// is read here only orders the tries. A text of two enums that share values is one of the chosen's values no other
// takes. Bounded: a number of checks for one walk's values (the caller's), and nesting.
import { escapeKey, resolvePointer as nodeAt } from "./sample-lookup.js";

type Node = Record<string, unknown>;

/** What the walk checks values with: the document's letter, and every reading the value must meet (`meets`). */
export interface ToldApartChecks {
  /** Whether the schema at `pointer` takes `value` by the letter (a shape that takes it must be told apart). */
  valid(value: unknown, pointer: string): boolean;
  /** Whether `value` meets the schema at `pointer` as every reader must take it (the chosen shape, still). */
  meets(value: unknown, pointer: string): boolean;
}

/** Checks one walk tries, at most (each validates a whole value against one shape): a start for `budget`. */
export const TOLD_APART_CHECKS = 2000;
/** Objects inside objects told apart, at most (a field both list, an object whose own field differs). */
const MAX_NESTING = 4;
/** Values of another type than the field's, tried in turn: the first the other shape refuses (and the chosen takes). */
const FOREIGN: readonly unknown[] = ["", 0, false, [], {}];

/** The fields a shape lists (each with the pointers of its schemas) and those it requires, through refs and parts. */
interface Listed {
  properties: Map<string, string[]>;
  required: Set<string>;
}

/**
 * `value` (a value of the shape at `chosen`) changed so that each shape at `others` refuses it by the letter while
 * the chosen shape still meets it; undefined when no change found within the bounds does. `budget`: the checks left
 * (spent here, shared by the walk's unions).
 */
export function toldApart(
  document: Node,
  checks: ToldApartChecks,
  budget: { checks: number },
  value: unknown,
  chosen: string,
  others: readonly string[],
): unknown {
  if (budget.checks <= 0 || !checks.meets(value, chosen)) return undefined;
  if (!isNode(value)) return loneEnumValue(document, checks, budget, chosen, others);
  return apart(document, checks, budget, value, chosen, others, 0);
}

/**
 * A value of the chosen shape's enum that every other shape refuses: two lists of names that share some (a metric
 * of every kind, and those of one kind), where the first of the list meets both and so no `oneOf`. The first such,
 * in the enum's order; undefined where every value is another's too (then no value meets exactly one shape).
 */
function loneEnumValue(
  document: Node,
  checks: ToldApartChecks,
  budget: { checks: number },
  chosen: string,
  others: readonly string[],
): unknown {
  const schema = resolvedAt(document, chosen);
  if (!isNode(schema) || !Array.isArray(schema.enum)) return undefined;
  for (const candidate of schema.enum) {
    budget.checks -= others.length + 1;
    if (budget.checks < 0) return undefined;
    if (others.every((other) => !checks.valid(candidate, other)) && checks.meets(candidate, chosen)) return candidate;
  }
  return undefined;
}

function apart(
  document: Node,
  checks: ToldApartChecks,
  budget: { checks: number },
  value: unknown,
  chosen: string,
  others: readonly string[],
  nesting: number,
): unknown {
  if (!isNode(value) || nesting > MAX_NESTING) return undefined;
  const own = listedFields(document, chosen);
  let current: Node = value;
  const check = (fn: () => boolean) => --budget.checks >= 0 && fn();
  const takes = (candidate: Node, at: string) => check(() => checks.valid(candidate, at));
  // A change for one shape may let another take the value again (a union inside it, now met by one of its shapes):
  // passes until none takes it, as many as there are shapes.
  for (let pass = 0; pass <= others.length; pass++) {
    const taking = others.filter((other) => takes(current, other));
    if (!taking.length) return current;
    for (const other of taking) {
      if (!takes(current, other)) continue;
      const changed = refusedBy(document, checks, budget, current, chosen, own, other, nesting);
      if (changed === undefined) return undefined;
      current = changed;
    }
  }
  return others.some((other) => takes(current, other)) ? undefined : current;
}

/** `value` with one field changed so that the shape at `other` refuses it and the chosen one still meets it. */
function refusedBy(
  document: Node,
  checks: ToldApartChecks,
  budget: { checks: number },
  value: Node,
  chosen: string,
  own: Listed,
  other: string,
  nesting: number,
): Node | undefined {
  const theirs = listedFields(document, other);
  const works = (candidate: Node) =>
    --budget.checks >= 0 && !checks.valid(candidate, other) && --budget.checks >= 0 && checks.meets(candidate, chosen);
  // A field the other requires and the chosen does not: left out.
  for (const field of theirs.required) {
    if (!Object.hasOwn(value, field) || own.required.has(field)) continue;
    const { [field]: _left, ...without } = value;
    if (works(without)) return without;
  }
  // Fields both list first (a value of the chosen one's own), then those only the other lists.
  const fields = [...theirs.properties.keys()].sort(
    (a, b) => Number(!own.properties.has(a)) - Number(!own.properties.has(b)),
  );
  for (const field of fields) {
    if (budget.checks <= 0) return undefined;
    for (const candidate of fieldCandidates(document, checks, budget, value, field, own, theirs, nesting)) {
      const next = { ...value, [field]: candidate };
      if (works(next)) return next;
    }
  }
  return undefined;
}

/** Values of `field` to try, the chosen shape's own first: its enum's, its object told apart, then other types. */
function* fieldCandidates(
  document: Node,
  checks: ToldApartChecks,
  budget: { checks: number },
  value: Node,
  field: string,
  own: Listed,
  theirs: Listed,
  nesting: number,
): Generator<unknown> {
  const mine = own.properties.get(field) ?? [];
  for (const at of mine) {
    const schema = resolvedAt(document, at);
    if (!isNode(schema)) continue;
    if ("const" in schema) yield schema.const;
    if (Array.isArray(schema.enum)) yield* schema.enum;
  }
  // An object both list: its own fields told apart, one level down (a nested option's `type` of another enum).
  if (isNode(value[field]) || mine.some((at) => listsFields(resolvedAt(document, at)))) {
    const inner = isNode(value[field]) ? value[field] : {};
    for (const at of mine) {
      const made = apart(document, checks, budget, inner, at, theirs.properties.get(field) ?? [], nesting + 1);
      if (made !== undefined) yield made;
    }
  }
  yield* FOREIGN;
}

/** The schema at `pointer`, its `$ref`s followed. */
function resolvedAt(document: Node, pointer: string): unknown {
  let node = nodeAt(document, pointer);
  for (let hops = 0; hops < 16 && isNode(node) && typeof node.$ref === "string" && node.$ref.startsWith("#"); hops++)
    node = nodeAt(document, node.$ref.slice(1));
  return node;
}

/** The fields the schema at `pointer` lists and requires: its own, its `allOf` members', its shapes' (any nesting). */
function listedFields(document: Node, pointer: string): Listed {
  const listed: Listed = { properties: new Map(), required: new Set() };
  const seen = new Set<string>();
  const visit = (at: string, depth: number, inUnion: boolean): void => {
    if (depth > 12 || seen.has(at)) return;
    seen.add(at);
    const node = nodeAt(document, at);
    if (!isNode(node)) return;
    if (typeof node.$ref === "string") {
      if (node.$ref.startsWith("#")) visit(node.$ref.slice(1), depth + 1, inUnion);
      return;
    }
    if (isNode(node.properties))
      for (const name of Object.keys(node.properties)) {
        const list = listed.properties.get(name) ?? [];
        list.push(`${at}/properties/${escapeKey(name)}`);
        listed.properties.set(name, list);
      }
    // A union's shapes each require their own: what all of them require is not known here, so only the shape's own.
    if (!inUnion && Array.isArray(node.required))
      for (const name of node.required) if (typeof name === "string") listed.required.add(name);
    const parts = [
      ...(Array.isArray(node.allOf) ? node.allOf.map((_, i) => [`${at}/allOf/${i}`, inUnion] as const) : []),
      ...["oneOf", "anyOf"].flatMap((key) =>
        Array.isArray(node[key]) ? node[key].map((_, i) => [`${at}/${key}/${i}`, true] as const) : [],
      ),
    ];
    for (const [part, shape] of parts) visit(part, depth + 1, shape);
  };
  visit(pointer, 0, false);
  return listed;
}

/** Whether a schema reads as an object's: it lists fields, or says `object` (its parts aside). */
function listsFields(schema: unknown): boolean {
  return isNode(schema) && (schema.type === "object" || isNode(schema.properties) || Array.isArray(schema.allOf));
}

function isNode(value: unknown): value is Node {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
