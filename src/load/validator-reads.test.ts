// asValidatorReads (openapi-json-schema.ts) makes of a schema's copy what withImpliedTypes, toJsonSchema and
// discriminatedAsAnyOf make of it in turn: every key, its order, the objects shared, the moved `oneOf`s and the
// nullable schemas listed to wrap, on drawn schemas and on copies holding a node twice (a YAML alias).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  asValidatorReads,
  booleanBounds,
  discriminatedAsAnyOf,
  eachSchemaNode,
  toJsonSchema,
  type Wrap,
  withImpliedTypes,
} from "./openapi-json-schema.js";

/** A value written out: keys in order, symbol-keyed ones too, an object met again named by when it was first met. */
function written(value: unknown, met: Map<object, number>): unknown {
  if (value === null || typeof value !== "object") return value;
  const seen = met.get(value);
  if (seen !== undefined) return { "(met)": seen };
  met.set(value, met.size);
  if (Array.isArray(value)) return value.map((item) => written(item, met));
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) out[key] = written(child, met);
  for (const symbol of Object.getOwnPropertySymbols(value))
    out[`(${String(symbol)})`] = written((value as Record<symbol, unknown>)[symbol], met);
  return out;
}

/** The result and its wraps, each wrap by the objects it names (as `written` numbers them). */
function outcome(result: unknown, wraps: Wrap[]): unknown {
  const met = new Map<object, number>();
  const tree = written(result, met);
  return { tree, wraps: wraps.map((w) => [met.get(w.node), w.holder && met.get(w.holder), w.key]) };
}

function inTurn(schema: unknown, is31: boolean): unknown {
  const copy = structuredClone(schema);
  const wraps: Wrap[] = [];
  withImpliedTypes(copy);
  if (!is31) toJsonSchema(copy, wraps);
  else eachSchemaNode(copy, booleanBounds);
  discriminatedAsAnyOf(copy);
  return outcome(copy, wraps);
}

function inOneWalk(schema: unknown, is31: boolean): unknown {
  const wraps: Wrap[] = [];
  const copy = asValidatorReads(structuredClone(schema), () => structuredClone(schema), is31 ? undefined : wraps);
  return outcome(copy, wraps);
}

const KEYS = [
  "type",
  "nullable",
  "properties",
  "additionalProperties",
  "items",
  "oneOf",
  "anyOf",
  "allOf",
  "not",
  "discriminator",
  "propertyName",
  "$ref",
  "enum",
  "default",
  "example",
  "exclusiveMinimum",
  "minimum",
  "dependencies",
  "x-zqdata",
];

const schemas = fc.letrec((tie) => ({
  node: fc.dictionary(fc.constantFrom(...KEYS), tie("value"), { maxKeys: 5, noNullPrototype: true }),
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom<unknown>(true, false, "string", "object", 3, null),
    tie("node"),
    fc.array(tie("node"), { maxLength: 3 }),
  ),
})).node;

describe("asValidatorReads", () => {
  it("makes of drawn schemas what the three walks make in turn, in 3.0 and 3.1", () => {
    fc.assert(
      fc.property(schemas, fc.boolean(), (schema, is31) => {
        expect(inOneWalk(schema, is31)).toEqual(inTurn(schema, is31));
      }),
      { numRuns: 400 },
    );
  });

  it("reads a union with a discriminator, nullable shapes and bounds as the three do", () => {
    const schema = {
      nullable: true,
      discriminator: { propertyName: "zqkind" },
      anyOf: [{ type: "string" }],
      oneOf: [
        { properties: { zqkind: { type: "string", nullable: true } }, nullable: true },
        { allOf: [{ $ref: "#/zq" }], nullable: true, exclusiveMinimum: true, minimum: 2 },
      ],
      properties: { example: { oneOf: [{}], discriminator: { propertyName: "zq" } } },
    };
    for (const is31 of [false, true]) expect(inOneWalk(schema, is31)).toEqual(inTurn(schema, is31));
  });

  it("walks a copy holding a node twice by the three in turn: the node is implied an object only on one way", () => {
    // Met first under `dependencies` (no schema keyword of withImpliedTypes), then under `properties`: the three give
    // it its type before toJsonSchema reads it nullable; one walk would have read it first.
    const shared = { nullable: true, properties: { zqid: { type: "string" } } };
    const schema = { dependencies: { zqa: shared }, properties: { zqb: shared } };
    const expected = inTurn(schema, false);
    expect(inOneWalk(schema, false)).toEqual(expected);
    expect(JSON.stringify((expected as { tree: unknown }).tree)).toContain('"type":["object","null"]');
    const list = [{ discriminator: { propertyName: "zq" }, oneOf: [{}] }];
    const twice = { allOf: list, anyOf: list };
    for (const is31 of [false, true]) expect(inOneWalk(twice, is31)).toEqual(inTurn(twice, is31));
  });
});
