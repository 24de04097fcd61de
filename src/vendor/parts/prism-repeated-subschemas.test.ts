// A schema Prism checks that writes the same subschemas out again and again (a
// densely linked answer as the mock reads it, src/mocks/open-all-of.ts) is
// compiled with each of them a schema of its own (prism-repeated-subschemas.cjs):
// the check says what Prism's own says of the same values, word for word, and
// what is left written out is what the sharing must not touch.
import { createRequire } from "node:module";
import { describe, expect, it, vi } from "vitest";
import { mockDocument } from "../../mocks/mock-document.js";
import { prismOperations, type PrismSteps } from "../../mocks/mock-operations.js";

const require = createRequire(import.meta.url);
type Json = Record<string, unknown>;
type Check = (
  value: unknown,
  schema: object,
  coerce: boolean,
  context: string,
  prefix: string,
  bundle?: object,
) => unknown;
interface PrismChecks {
  validateAgainstSchema: Check;
  convertAjvErrors: (...args: unknown[]) => unknown;
}
const { sharedBundleValidation } = require("./prism-shared-bundle.cjs") as {
  sharedBundleValidation: (prism: PrismChecks) => Check;
};
const { subschemaSharing } = require("./prism-repeated-subschemas.cjs") as {
  subschemaSharing: (register: (id: string, schema: Json) => void) => (root: Json) => Json;
};
const prism = require("../prism.cjs") as PrismSteps;

/** Prism's own validators/utils.js, loaded apart from the one src/vendor/prism.cjs changes. */
function prismOwnChecks(): PrismChecks {
  const path = require.resolve("@stoplight/prism-http/dist/validator/validators/utils");
  const cached = require.cache[path];
  delete require.cache[path];
  try {
    return require(path) as PrismChecks;
  } finally {
    if (cached) require.cache[path] = cached;
    else delete require.cache[path];
  }
}

const ref = (i: number) => ({ $ref: `#/components/schemas/ZqNode${i}` });
const COUNT = 5;

/**
 * Densely linked schemas: each node links the next three and the first (a cycle), by a field, a list, a nullable allOf,
 * a union of overlapping shapes (an answer's `oneOf`, read as `anyOf`) and a part closed beside its closed members
 * (read as the fields of all).
 */
function zqDense(): Json {
  const schemas: Json = {
    ZqPart: {
      type: "object",
      additionalProperties: false,
      required: ["zqcode"],
      properties: { zqcode: { type: "string", maxLength: 4 } },
    },
  };
  for (let i = 0; i < COUNT; i++) {
    // Alike but for one value (the label's length) in every other node.
    const zqtag = { type: "object", properties: { zqlabel: { type: "string", maxLength: 3 + (i % 2) } } };
    const properties: Json = { zqid: { type: "string", minLength: 2 }, zqback: ref(0), zqtag };
    if (i + 1 < COUNT) {
      properties.zqnext = ref(i + 1);
      properties.zqeither = {
        oneOf: [ref(i + 1), { type: "object", properties: { zqid: { type: "string" }, zqnote: { type: "string" } } }],
      };
    }
    if (i + 2 < COUNT) properties.zqlist = { type: "array", maxItems: 2, items: ref(i + 2) };
    if (i + 3 < COUNT) properties.zqmaybe = { allOf: [ref(i + 3)], nullable: true };
    properties.zqclosed = {
      type: "object",
      additionalProperties: false,
      allOf: [
        { $ref: "#/components/schemas/ZqPart" },
        { type: "object", additionalProperties: false, properties: { zqcount: { type: "integer", minimum: 0 } } },
      ],
    };
    schemas[`ZqNode${i}`] = { type: "object", required: ["zqid"], properties };
  }
  const answer = (schema: Json) => ({ description: "Nodes.", content: { "application/json": { schema } } });
  return {
    openapi: "3.0.3",
    info: { title: "Zq dense", version: "1" },
    paths: {
      "/zqnodes/{zqid}": {
        get: {
          parameters: [{ name: "zqid", in: "path", required: true, schema: { type: "string" } }],
          responses: { "200": answer(ref(0)), "201": answer({ type: "array", items: ref(2) }) },
        },
      },
    },
    components: { schemas },
  };
}

/** A seeded draw (mulberry32). */
function draws(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A value of node `i`, nested up to `depth`, of `budget.left` objects at most, with a mistake here and there (a wrong
 * type, a field too many…).
 */
function zqValue(i: number, depth: number, draw: () => number, budget = { left: 30 }): unknown {
  budget.left--;
  const odd = () => draw() < 0.02;
  if (odd()) return draw() < 0.5 ? "zq-not-an-object" : null;
  const value: Json = { zqid: odd() ? 7 : odd() ? "z" : `zq${i}` };
  const deeper = (j: number) =>
    j < COUNT && depth > 0 && budget.left > 0 && draw() < 0.6 ? zqValue(j, depth - 1, draw, budget) : undefined;
  const next = deeper(i + 1);
  if (next !== undefined) value.zqnext = next;
  const either = deeper(i + 1);
  // Both shapes' fields (two branches met), or the other shape's only.
  if (either !== undefined) value.zqeither = draw() < 0.3 ? { zqid: "zq", zqnote: odd() ? 1 : "note" } : either;
  const items = [deeper(i + 2), deeper(i + 2), ...(odd() ? [deeper(i + 2)] : [])].filter((v) => v !== undefined);
  if (items.length) value.zqlist = items;
  if (draw() < 0.5) value.zqmaybe = draw() < 0.3 ? null : (deeper(i + 3) ?? null);
  if (draw() < 0.3) value.zqback = deeper(0) ?? { zqid: "zq0" };
  if (draw() < 0.6)
    value.zqclosed = {
      ...(odd() ? {} : { zqcode: odd() ? "zq-too-long" : "zq1" }),
      ...(draw() < 0.5 ? { zqcount: odd() ? -1 : 3 } : {}),
      ...(odd() ? { zqother: true } : {}),
    };
  if (draw() < 0.25) value.zqtag = { zqlabel: "zqlabel".slice(0, 3 + Math.floor(draw() * 2)) };
  if (odd()) value.zqunlisted = "kept";
  return value;
}

describe("a densely linked answer, as the mock reads it, checked with its repeated subschemas shared", () => {
  const [operation] = prismOperations(
    mockDocument(zqDense(), () => false),
    prism,
  ) as {
    responses: { contents: { schema: Json }[] }[];
    __bundled__: Json;
  }[];
  // The mock's copy now writes each schema it changes once and refers to it (src/mocks/open-all-of.ts); a document
  // may still write such an answer out as a tree, as the copy did before: each reference written out six levels deep.
  const bundled = (operation?.__bundled__ ?? {}) as Record<string, Json>;
  const written = (schema: unknown, depth: number): unknown => {
    if (Array.isArray(schema)) return schema.map((s) => written(s, depth));
    if (!schema || typeof schema !== "object") return schema;
    const ref = (schema as { $ref?: unknown }).$ref;
    const name = typeof ref === "string" && ref.startsWith("#/__bundled__/") ? ref.slice(14) : undefined;
    if (name !== undefined && depth > 0 && bundled[name] !== undefined) return written(bundled[name], depth - 1);
    return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, written(v, depth)]));
  };
  const answers = (operation?.responses ?? []).map((r) => r.contents[0]?.schema as Json);
  const [ok, created] = answers.map((schema) => written(schema, 6) as Json);
  // What the mock checks: its answers as it writes them.
  const [okRead, createdRead] = answers;

  it("is written out as a tree of its rewritten schemas (the shape a document may write)", () => {
    expect(JSON.stringify(ok).length).toBeGreaterThan(20_000);
    expect(JSON.stringify(ok)).toContain('"anyOf"');
  });

  it("says what Prism's own check says of 400 values, word for word, coercing or not, for both answers", () => {
    const own = prismOwnChecks();
    const left = vi.fn(own.validateAgainstSchema);
    const shared = sharedBundleValidation({ validateAgainstSchema: left, convertAjvErrors: own.convertAjvErrors });
    const draw = draws(64);
    let refused = 0;
    for (let n = 0; n < 400; n++) {
      const list = n % 2 === 1;
      const node = list ? 2 : draw() < 0.5 ? 0 : 1;
      const value = list
        ? [zqValue(node, 5, draw), zqValue(node, 5, draw)]
        : zqValue(node, 4 + Math.floor(draw() * 6), draw);
      const schema = list ? createdRead : okRead;
      const coerce = n % 3 === 0;
      const theirs = own.validateAgainstSchema(
        structuredClone(value),
        schema as object,
        coerce,
        "output",
        "body",
        operation?.__bundled__,
      );
      const ours = shared(structuredClone(value), schema as object, coerce, "output", "body", operation?.__bundled__);
      expect(ours, JSON.stringify(value)).toEqual(theirs);
      if ((theirs as { _tag: string })._tag === "Some") refused++;
    }
    // Values of both verdicts, and none left to Prism.
    expect(refused).toBeGreaterThan(40);
    expect(400 - refused).toBeGreaterThan(40);
    expect(left).not.toHaveBeenCalled();
  });

  it("writes each repeated subschema once, for every answer that holds it", () => {
    const registered: string[] = [];
    const share = subschemaSharing((id) => registered.push(id));
    const first = share(structuredClone(ok as Json));
    const count = registered.length;
    expect(JSON.stringify(first).length).toBeLessThan(JSON.stringify(ok).length / 10);
    expect(new Set(registered).size).toBe(count);
    // The list's items reach subschemas the first answer holds too (their rewrite alike): referred to, not registered
    // again.
    const second = JSON.stringify(share(structuredClone(created as Json)));
    const reused = registered.slice(0, count).filter((id) => second.includes(`"$ref":"${id}"`));
    expect(reused.length).toBeGreaterThan(0);
    expect(new Set(registered).size).toBe(registered.length);
  });
});

describe("the sharing of repeated subschemas", () => {
  const twice = (inner: Json) => ({ type: "object", properties: { a: inner, b: structuredClone(inner) } });
  const nested = { type: "object", properties: { zq: { type: "string" } } };
  const run = (root: Json) => {
    const registered = new Map<string, Json>();
    return { root: subschemaSharing((id, schema) => registered.set(id, schema))(root), registered };
  };

  it("refers to a subschema written twice, alike in every keyword and value", () => {
    const { root, registered } = run(twice(nested));
    expect([...registered.values()]).toEqual([nested]);
    const [id] = registered.keys();
    expect(root).toEqual({ type: "object", properties: { a: { $ref: id }, b: { $ref: id } } });
  });

  it("leaves written out a leaf, a subschema written once, and two that differ in order or in a value", () => {
    const leaf = twice({ type: "string", enum: ["a", "b"] });
    expect(run(leaf).root).toBe(leaf);
    const reordered = { anyOf: [nested, { properties: nested.properties, type: "object" }] };
    expect(run(reordered).root).toBe(reordered);
    const valued = { anyOf: [nested, { ...nested, minProperties: 1 }] };
    expect(run(valued).root).toBe(valued);
  });

  it("leaves written out one that reads $schema, or holds a value JSON writes as another (-0, Infinity)", () => {
    for (const inner of [
      { ...nested, $schema: "https://json-schema.org/draft/2020-12/schema" },
      { ...nested, enum: [{ zq: -0 }] },
      { ...nested, maximum: Number.POSITIVE_INFINITY },
    ]) {
      const root = twice(inner);
      expect(run(root).registered.size).toBe(0);
    }
  });

  it("leaves a schema whole where one reads what others evaluated (unevaluatedProperties)", () => {
    const root = { ...twice(nested), unevaluatedProperties: false };
    expect(run(root).root).toBe(root);
  });
});
