// A union of kinds told apart by one property, as a discriminated base's field is read (base-kinds.ts) and a
// discriminated union (kinds-read.ts): `anyOf: [{allOf: [Cat], required: [petType], properties: {petType: {enum:
// [cat]}}}, …]`. @cfworker/json-schema checks an `anyOf` branch by branch with no short cut, and a branch's `allOf`
// before its `properties`: every kind's whole schema was walked whatever kind the value's property names, so a value
// of a base of n kinds cost n whole checks (and a kind holding such a value again, n times that). Here each such
// branch is read as `{if: <its rule of the property>, then: <the branch>, else: false}`: the same verdict ("if C then
// B else false" is "C and B", and B holds C), the kinds the property does not name refused by that property alone.
// The errors of a refusal differ (an `else` instead of a kind's own): a reader telling why a value fails (the judge,
// verify) checks again, on a failure only, with the branches as they were (`exhaustively`).

import { eachSchemaNode } from "../openapi-json-schema.js";

type Json = Record<string, unknown>;

const isJson = (value: unknown): value is Json => value !== null && typeof value === "object" && !Array.isArray(value);

/** A branch's keys beside its `allOf` that the guard checks: cheap, and all of the branch's own. */
const GUARD_KEYS = new Set(["required", "properties", "type"]);
/** A property's rule cheap enough to check for every kind: its values listed (or those it may not take). */
const CHEAP_KEYS = new Set(["enum", "const", "type"]);

interface Guarded {
  node: Json;
  full: unknown[];
  guarded: unknown[];
}

/** The unions guarded in each lookup, to be read as they were for a refusal's reasons. */
const guardedIn = new WeakMap<object, Guarded[]>();

const cheap = (rule: unknown): boolean =>
  isJson(rule) &&
  Object.entries(rule).every(
    ([key, value]) =>
      CHEAP_KEYS.has(key) || (key === "not" && isJson(value) && Object.keys(value).every((k) => k === "enum")),
  );

/** The property a branch names its kind by (its one property, of a cheap rule), or undefined for another branch. */
function kindProperty(branch: unknown): string | undefined {
  if (!isJson(branch) || !Array.isArray(branch.allOf) || !isJson(branch.properties)) return undefined;
  if (Object.keys(branch).some((key) => key !== "allOf" && !GUARD_KEYS.has(key))) return undefined;
  const properties = Object.entries(branch.properties);
  const [only] = properties;
  return properties.length === 1 && only && cheap(only[1]) ? only[0] : undefined;
}

/**
 * A kind's branch's guard (its keys beside its `allOf`: the property naming it, required), or undefined for any other
 * branch: a value the guard refuses is no value of the branch, whose whole kind need not be walked.
 */
export function kindGuard(branch: unknown): Json | undefined {
  if (kindProperty(branch) === undefined) return undefined;
  const { allOf: _kind, ...guard } = branch as Json;
  return guard;
}

/** The branch read as "if its property's rule holds, the branch; else nothing". */
function guarded(branch: Json): Json {
  const { allOf: _kind, ...guard } = branch;
  // biome-ignore lint/suspicious/noThenProperty: JSON Schema's keyword, in a registered schema, never awaited
  return { if: guard, then: branch, else: false };
}

/**
 * Each `anyOf` reachable from the registered schemas of `lookup` whose branches (two or more) name their kinds by one
 * property, its branches guarded by their property (see above), in place; how many unions were. `apply` false: the
 * unions found and kept as they were, guarded only during `guardedly` (a reader whose other readings walk the unions'
 * branches as written: verify).
 */
export function withKindsGuarded(lookup: Record<string, unknown>, apply = true): number {
  const unions: Guarded[] = guardedIn.get(lookup) ?? [];
  // Kept as they were, the unions found would be found again: once per lookup.
  if (!apply && guardedIn.has(lookup)) return unions.length;
  // Every registered schema in one walk, each node once, children first (a union inside a kind is guarded first).
  eachSchemaNode(Object.values(lookup), (own) => {
    if (!Array.isArray(own.anyOf)) return;
    const full = own.anyOf as unknown[];
    const properties = full.map(kindProperty);
    const named = properties.filter((p) => p !== undefined);
    if (named.length < 2 || named.some((p) => p !== named[0])) return;
    const branches = full.map((branch, i) => (properties[i] !== undefined ? guarded(branch as Json) : branch));
    if (apply) own.anyOf = branches;
    unions.push({ node: own, full, guarded: branches });
  });
  guardedIn.set(lookup, unions);
  return unions.length;
}

/** `check` run with the unions of `lookup` found by `withKindsGuarded(lookup, false)` guarded, then as they were. */
export function guardedly<T>(lookup: object, check: () => T): T {
  const unions = guardedIn.get(lookup) ?? [];
  for (const union of unions) union.node.anyOf = union.guarded;
  try {
    return check();
  } finally {
    for (const union of unions) union.node.anyOf = union.full;
  }
}

/**
 * `check` run with the unions of `lookup` as they were before guarding (their refusals' errors name the kinds' own
 * reasons, which the readers of a refusal read), then guarded again.
 */
export function exhaustively<T>(lookup: object, check: () => T): T {
  const unions = guardedIn.get(lookup) ?? [];
  for (const union of unions) union.node.anyOf = union.full;
  try {
    return check();
  } finally {
    for (const union of unions) union.node.anyOf = union.guarded;
  }
}
