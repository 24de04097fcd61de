// registeredHere registers a schema copy as @cfworker/json-schema's own `dereference` does (the same keys in the same
// order, the same objects under them, the same hidden addresses on each object, the same throw with the same keys
// written before it), or writes nothing and leaves it to `dereference`.
import { dereference, type Schema } from "@cfworker/json-schema";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { registeredHere } from "./schema-registration.js";

type Lookup = Record<string, Schema | boolean>;
const BASE = "file:///zq/zqdoc%20one.yaml";

/** Each object of `value` in preorder (each once), to name a registered object by its place in its own copy. */
function objectsOf(value: unknown, out: object[] = []): object[] {
  if (value === null || typeof value !== "object" || out.includes(value)) return out;
  out.push(value);
  for (const key of Object.keys(value)) objectsOf((value as Record<string, unknown>)[key], out);
  return out;
}

/** What a registration did: the lookup's keys and what each names, each object's hidden addresses, what it threw. */
function outcome(schema: unknown, before: Lookup, register: (copy: Schema, lookup: Lookup) => string[] | undefined) {
  const copy = structuredClone(schema) as Schema;
  const objects = objectsOf(copy);
  const lookup: Lookup = { ...before };
  let thrown: string | undefined;
  let added: string[] | undefined;
  try {
    added = register(copy, lookup);
  } catch (e) {
    thrown = (e as Error).message;
  }
  const named = Object.entries(lookup).map(([k, v]) => [k, typeof v === "object" ? objects.indexOf(v) : v]);
  const hidden = objects.map((o) => [
    (o as { __absolute_uri__?: string }).__absolute_uri__,
    (o as { __absolute_ref__?: string }).__absolute_ref__,
  ]);
  return { named, hidden, thrown, added };
}

function expectAsDereference(schema: unknown, pointer = "", before: Lookup = {}): boolean {
  // A throw is registeredHere's own (it leaves nothing to dereference that it throws on).
  let here = true;
  const ours = outcome(schema, before, (copy, lookup) => {
    const added: string[] = [];
    here = registeredHere(copy, lookup, new URL(BASE), pointer, added);
    if (!here) dereference(copy, lookup, new URL(BASE), pointer);
    return here ? added : undefined;
  });
  const theirs = outcome(schema, before, (copy, lookup) => {
    dereference(copy, lookup, new URL(BASE), pointer);
    return undefined;
  });
  expect({ ...ours, added: undefined }).toEqual(theirs);
  // The keys it says it added: those the lookup did not hold before, in order.
  if (here && !ours.thrown)
    expect(ours.added).toEqual(ours.named.map(([k]) => k).filter((k) => !Object.hasOwn(before, k as string)));
  return here;
}

const zqShape = {
  type: "object",
  required: ["zqKind"],
  discriminator: { propertyName: "zqKind", mapping: { one: "#/components/schemas/zq~1one", two: "zqOther.yaml#/a b" } },
  properties: {
    zqKind: { type: "string", enum: ["one", "two"], readOnly: true, description: "the kind" },
    "a/b~c": { type: "integer", minimum: 1, format: "int32" },
    "caf\u00e9 #1 %41": { $ref: "#/components/schemas/caf%C3%A9", nullable: true },
    zqList: { type: "array", items: { $ref: "zqOther.yaml#/components/schemas/zq%20item" }, uniqueItems: true },
    zqOpen: { type: "object", additionalProperties: false, properties: "not a map" },
    zqLoose: { additionalProperties: true, patternProperties: { "^x-": { type: "string" } } },
    constructor: { type: "string" },
    toString: { allOf: [true, { $ref: "#/definitions/zqT" }, false] },
  },
  allOf: [{ $ref: "#" }, { not: { type: "null" } }],
  anyOf: "not a list",
  oneOf: [{ type: "string" }, { items: [{ type: "number" }, false] }],
  definitions: { zqT: { type: "boolean", xml: { name: "zq" }, externalDocs: { url: "https://zq.invalid" } } },
  examples: [{ zqKind: "one" }],
  default: { zqKind: "two" },
  if: { properties: { zqKind: { const: "one" } } },
  else: true,
};

describe("registeredHere", () => {
  it("registers a schema's keys, objects and addresses as dereference does", () => {
    expect(expectAsDereference(zqShape)).toBe(true);
    expect(expectAsDereference(zqShape, "/components/schemas/zq~1shape")).toBe(true);
    expect(expectAsDereference(true, "/zq")).toBe(true);
    expect(expectAsDereference({ type: "string", when: new Date(0) })).toBe(true);
  });

  it("registers an object met at two places (a YAML alias) under both, its addresses from the first", () => {
    const shared = { type: "object", properties: { zqId: { $ref: "#/zqId" } } };
    expect(expectAsDereference({ properties: { zqA: shared, zqB: { items: shared } }, allOf: [shared] })).toBe(true);
  });

  it("keeps an own __proto__ key as a schema's key", () => {
    const properties = {};
    Object.defineProperty(properties, "__proto__", { value: { type: "string" }, enumerable: true, writable: true });
    expect(expectAsDereference({ type: "object", properties })).toBe(true);
  });

  it("throws on a key naming another schema already, the keys before it written as dereference writes them", () => {
    const before = { [`${BASE}#/zq/properties/zqB`]: { type: "number" } } as Lookup;
    expect(
      expectAsDereference({ properties: { zqA: { type: "string" }, zqB: { type: "string" } } }, "/zq", before),
    ).toBe(true);
  });

  it("leaves to dereference, writing nothing, what it does not read", () => {
    const cases: unknown[] = [
      { properties: { zqA: { $id: "zqA.json", type: "string" } } },
      { properties: { zqA: { id: "#zqA" } } },
      { properties: { zqA: { $anchor: "zqA" } } },
      { properties: { zqA: { $recursiveRef: "#" } } },
      { properties: { zqA: { $ref: { zq: 1 } } } },
      { properties: { "zq\ud800": { type: "string" } } },
      { items: { $ref: "http://[zq" } },
    ];
    for (const schema of cases) {
      const lookup: Lookup = {};
      expect(registeredHere(structuredClone(schema) as Schema, lookup, new URL(BASE), "", [])).toBe(false);
      expect(lookup).toEqual({});
      expectAsDereference(schema);
    }
    let deep: unknown = { type: "string" };
    for (let i = 0; i < 500; i++) deep = { items: deep };
    expect(registeredHere(deep as Schema, {}, new URL(BASE), "", [])).toBe(false);
  });

  it("registers any tree of schema keywords, data and odd keys as dereference does", () => {
    const key = fc.constantFrom(
      "type",
      "properties",
      "items",
      "allOf",
      "oneOf",
      "not",
      "additionalProperties",
      "$defs",
      "discriminator",
      "enum",
      "default",
      "$ref",
      "zq/a",
      "zq~b",
      "zq c",
      "zq#",
      "zq%",
      "0",
    );
    const leaf = fc.oneof(
      fc.boolean(),
      fc.integer(),
      fc.constantFrom("#/zq", "zqOther.yaml#/a%20b", "", "zq"),
      fc.constant(null),
    );
    const { tree } = fc.letrec((tie) => ({
      tree: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        leaf,
        fc.array(tie("tree"), { maxLength: 3 }),
        fc.dictionary(key, tie("tree"), { maxKeys: 4 }),
      ),
    }));
    fc.assert(
      fc.property(fc.dictionary(key, tree, { maxKeys: 5 }), (schema) => {
        expectAsDereference(schema, "/zq");
      }),
      { numRuns: 300 },
    );
  });
});
