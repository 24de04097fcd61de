// The example check's copies of its schemas (schema-lookup.ts's copyLeavingOut): what structuredClone and the deletes
// made before (each registered schema without `example`, its `x-…` extensions and an unchecked `format`; a checked
// whole-number format bounded), made in one pass without either: the same keys in the same order, a value met twice
// (a YAML alias) copied once and shared, a timestamp's Date cloned.
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { valueAt } from "./json-ref.js";
import { copyLeavingOut, type SchemaAt, SchemaLookup } from "./examples/schema-lookup.js";

afterEach(() => vi.restoreAllMocks());

type Node = Record<string, unknown>;
const FORMATS: ReadonlySet<string> = new Set(["int32", "uuid"]);
const isObject = (v: unknown): v is Node => v !== null && typeof v === "object" && !Array.isArray(v);

/** The copy as it was made: structuredClone, then each registered place's keys deleted. */
function clonedAndDeleted(value: unknown, inner: (string | number)[][]): unknown {
  const copy = structuredClone(value);
  for (const path of inner) {
    const node = valueAt(copy, path) as Node | undefined;
    if (!isObject(node)) continue;
    delete node.example;
    for (const key of Object.keys(node)) if (key.startsWith("x-")) delete node[key];
    if (typeof node.format !== "string" || !FORMATS.has(node.format)) delete node.format;
    else if (node.format === "int32") {
      node.minimum = typeof node.minimum === "number" ? Math.max(node.minimum, -(2 ** 31)) : -(2 ** 31);
      node.maximum = typeof node.maximum === "number" ? Math.min(node.maximum, 2 ** 31 - 1) : 2 ** 31 - 1;
    }
  }
  return copy;
}

/** Schemas of the keys the copy reads: examples, extensions, formats, bounds, nested properties and items. */
const zqSchema = fc.letrec<{ schema: Node }>((tie) => ({
  schema: fc
    .record(
      {
        type: fc.constantFrom("object", "integer", "string"),
        example: fc.oneof(fc.integer(), fc.string(), fc.constant({ id: "zq" })),
        "x-zq": fc.oneof(fc.constant({ id: "zqlow" }), fc.boolean()),
        format: fc.constantFrom("int32", "uuid", "zq-unknown", 3),
        minimum: fc.integer(),
        ["__proto__"]: fc.constant({ zq: 1 }),
        properties: fc.dictionary(fc.constantFrom("zqa", "example", "x-zqb", "format"), tie("schema"), {
          maxKeys: 3,
        }),
        items: tie("schema"),
      },
      { requiredKeys: [] },
    )
    .map((s) => s as Node),
}));

/** Every object place below a schema a walk would register: the schema, its properties' and its items'. */
function places(schema: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (!isObject(schema)) return [];
  const out = [at];
  if (isObject(schema.properties))
    for (const k of Object.keys(schema.properties)) out.push(...places(schema.properties[k], [...at, "properties", k]));
  if (schema.items !== undefined) out.push(...places(schema.items, [...at, "items"]));
  return out;
}

const registeredAt = (root: unknown, inner: (string | number)[][]) =>
  new Set(inner.map((p) => valueAt(root, p)).filter(isObject) as object[]);

describe("the example check's schema copies", () => {
  it("are what structuredClone and the deletes made, keys in the same order", () => {
    fc.assert(
      fc.property(zqSchema.schema, fc.array(fc.boolean(), { maxLength: 40 }), (root, picks) => {
        // Some of the places registered (a place not registered keeps all its keys).
        const inner = places(root).filter((_, i) => picks[i] !== false);
        const copy = copyLeavingOut(root, registeredAt(root, inner), FORMATS, new Map());
        const old = clonedAndDeleted(root, inner);
        expect(copy).toStrictEqual(old);
        expect(JSON.stringify(copy)).toBe(JSON.stringify(old));
      }),
    );
  });

  it("copies a value met twice once, shared as structuredClone shares it, and a Date as a Date", () => {
    const owner = { type: "object", example: { id: 1 }, properties: { id: { type: "integer", format: "int32" } } };
    const when = new Date("2026-11-28T00:00:00Z");
    const root = { type: "object", properties: { a: owner, b: owner }, default: { when } };
    const inner = places(root);
    const copy = copyLeavingOut(root, registeredAt(root, inner), FORMATS, new Map()) as Node;
    expect(copy).toStrictEqual(clonedAndDeleted(root, inner));
    const properties = copy.properties as Node;
    expect(properties.a).toBe(properties.b);
    expect(properties.a).not.toBe(owner);
    expect((copy.default as { when: Date }).when).toStrictEqual(when);
    expect((copy.default as { when: Date }).when).not.toBe(when);
  });

  it("registers a document's schemas without a structured clone of their plain data", () => {
    const clone = vi.spyOn(globalThis, "structuredClone");
    const pet = { type: "object", example: { id: 1 }, properties: { id: { type: "integer", "x-zq": { id: "zq" } } } };
    const path = ["components", "schemas", "Pet"];
    const schemas: SchemaAt[] = [
      { file: "/zq/specs/zqcopy/openapi.yaml", path, value: pet },
      { file: "/zq/specs/zqcopy/openapi.yaml", path: [...path, "properties", "id"], value: pet.properties.id },
    ];
    const all = new SchemaLookup(schemas, false, FORMATS).all();
    expect(Object.keys(all)).toHaveLength(2);
    expect(clone).not.toHaveBeenCalled();
  });
});
