// Prism's check of a request or an answer with the mock's bundle compiled once
// (prism-shared-bundle.cjs) says what Prism's own says, word for word, of the
// same values: the operations of a document as the mocks make them
// (mock-operations.ts), their schemas reaching one another, a cycle, formats,
// coercion, a schema Ajv refuses; and leaves to Prism what only a root can
// resolve (`$id`s, a `$ref` into no bundled schema).
import { createRequire } from "node:module";
import { describe, expect, it, vi } from "vitest";
import { prismOperations, type PrismSteps } from "../../mocks/mock-operations.js";

const require = createRequire(import.meta.url);
type Check = (
  value: unknown,
  schema: object,
  coerce: boolean,
  context: string,
  prefix: string | undefined,
  bundle?: object,
) => unknown;
interface PrismChecks {
  validateAgainstSchema: Check;
  convertAjvErrors: (...args: unknown[]) => unknown;
}

/**
 * Prism's own validators/utils.js, a copy loaded apart from the one src/vendor/prism.cjs changes (its own Ajv instances,
 * its function as Prism wrote it).
 */
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

const { sharedBundleValidation } = require("./prism-shared-bundle.cjs") as {
  sharedBundleValidation: (prism: PrismChecks) => Check;
};
const prism = require("../prism.cjs") as PrismSteps;

/** Prism's own check, and the shared one, which hands what it leaves to a spy of Prism's. */
function both() {
  const own = prismOwnChecks();
  const left = vi.fn(own.validateAgainstSchema);
  const shared = sharedBundleValidation({ validateAgainstSchema: left, convertAjvErrors: own.convertAjvErrors });
  return { own: own.validateAgainstSchema, shared, left };
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const DOCUMENT = {
  openapi: "3.0.3",
  info: { title: "Zq checks", version: "1" },
  paths: {
    "/zq-pets": {
      post: {
        requestBody: { content: { "application/json": { schema: ref("ZqPet") } } },
        responses: { "200": { description: "ok", content: { "application/json": { schema: ref("ZqPetList") } } } },
      },
    },
    "/zq-trees": {
      put: {
        requestBody: { content: { "application/json": { schema: ref("ZqTree") } } },
        responses: { "200": { description: "ok", content: { "application/json": { schema: ref("ZqEither") } } } },
      },
    },
  },
  components: {
    schemas: {
      ZqPet: {
        type: "object",
        required: ["name", "tag"],
        additionalProperties: false,
        properties: {
          name: { type: "string", minLength: 2 },
          tag: ref("ZqTag"),
          born: { type: "string", format: "date-time" },
          weight: ref("ZqWeight"),
          kind: { enum: ["cat", "dog"] },
          // A property named as a keyword is a schema still.
          enum: ref("ZqTag"),
        },
      },
      ZqTag: { type: "object", required: ["label"], properties: { label: { type: "string", pattern: "^[a-z]+$" } } },
      ZqWeight: { type: "number", minimum: 0, multipleOf: 0.5 },
      ZqPetList: { type: "array", maxItems: 3, items: ref("ZqPet") },
      // A cycle.
      ZqTree: {
        type: "object",
        properties: { value: { type: "integer" }, children: { type: "array", items: ref("ZqTree") } },
      },
      ZqEither: { oneOf: [ref("ZqPet"), ref("ZqTag"), { type: "null" }] },
    },
  },
};

interface Operation {
  request?: { body?: { contents?: { schema?: object }[] } };
  responses: { contents?: { schema?: object }[] }[];
  __bundled__?: object;
}
const operations = prismOperations(structuredClone(DOCUMENT), prism) as Operation[];
const [pets, trees] = operations as [Operation, Operation];
const bodyOf = (o: Operation) => o.request?.body?.contents?.[0]?.schema as object;
const answerOf = (o: Operation) => o.responses[0]?.contents?.[0]?.schema as object;

const PET = { name: "zq", tag: { label: "abc" }, born: "2026-11-26T10:00:00Z", weight: 2.5, kind: "cat" };
/** Each schema checked with values it takes and values it refuses in every way it can. */
const CASES: [string, object, unknown[]][] = [
  [
    "a body reaching bundled schemas",
    bodyOf(pets),
    [
      PET,
      { ...PET, tag: { label: "ABC" } },
      { ...PET, tag: {} },
      { ...PET, born: "yesterday" },
      { ...PET, weight: -1 },
      { ...PET, weight: 0.3 },
      { ...PET, kind: "cow", extra: 1 },
      { ...PET, enum: { label: 7 } },
      { name: "z" },
      "not an object",
      null,
    ],
  ],
  ["an answer reaching them through a list", answerOf(pets), [[PET], [PET, PET, PET, PET], [{ ...PET, tag: 1 }], {}]],
  [
    "a schema inside itself",
    bodyOf(trees),
    [
      { value: 1, children: [{ value: 2, children: [{ value: 3 }] }] },
      { value: 1, children: [{ value: 2, children: [{ value: "three" }] }] },
      { children: "none" },
    ],
  ],
  [
    "a oneOf of bundled schemas",
    answerOf(trees),
    [PET, { label: "abc" }, null, { name: "zq", tag: { label: "abc" }, label: "x" }, 4],
  ],
];

describe("Prism's check with the bundle compiled once", () => {
  it("is given operations that share one bundle reaching these schemas (the fixture's shape)", () => {
    expect(pets.__bundled__).toBeDefined();
    expect(trees.__bundled__).toBe(pets.__bundled__);
    expect(JSON.stringify(bodyOf(pets))).toContain("#/__bundled__/");
  });

  it.each(CASES)("says what Prism says of %s, word for word", (_name, schema, values) => {
    const { own, shared, left } = both();
    for (const coerce of [false, true])
      for (const value of values) {
        const ours = shared(structuredClone(value), schema, coerce, "input", "body", pets.__bundled__);
        expect(ours, JSON.stringify(value)).toEqual(
          own(structuredClone(value), schema, coerce, "input", "body", pets.__bundled__),
        );
      }
    // Checked by the shared bundle, not handed back to Prism.
    expect(left).not.toHaveBeenCalled();
  });

  it("coerces a parameter's text as Prism does, in the value it checks", () => {
    const { own, shared } = both();
    const schema = { type: "object", properties: { weight: { $ref: "#/__bundled__/ZqWeight" } } };
    const ours = { weight: "2.5" };
    const theirs = { weight: "2.5" };
    expect(shared(ours, schema, true, "input", "query", pets.__bundled__)).toEqual(
      own(theirs, schema, true, "input", "query", pets.__bundled__),
    );
    expect(ours).toEqual(theirs);
    expect(ours.weight).toBe(2.5);
  });

  it("says nothing, as Prism does, of a schema Ajv refuses to compile or its meta-schema refuses", () => {
    const { own, shared, left } = both();
    const bundle = { zqbad: { type: "string", pattern: "(" } };
    const reaching = { type: "object", properties: { a: { $ref: "#/__bundled__/zqbad" } } };
    const refused = { type: "strnig" };
    for (const schema of [reaching, refused]) {
      expect(own({ a: "x" }, schema, false, "input", "body", bundle)).toEqual({ _tag: "None" });
      expect(shared({ a: "x" }, schema, false, "input", "body", bundle)).toEqual({ _tag: "None" });
    }
    expect(left).not.toHaveBeenCalled();
  });

  it("reads a schema under its meta-schema as Prism does: coerced where the check coerces, by its $schema", () => {
    const { own, shared, left } = both();
    const bundle = { zqshort: { type: "string", maxLength: 2 } };
    // The meta-schema's check turns the text into the number it names, in the schema, when it coerces.
    const texts = () => ({ type: "object", properties: { a: { $ref: "#/__bundled__/zqshort" } }, minProperties: "2" });
    const draft2020 = {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "array",
      prefixItems: [{ $ref: "#/__bundled__/zqshort" }],
      items: false,
    };
    for (const [schema, coerce] of [
      [texts(), true],
      [texts(), false],
      [draft2020, false],
    ] as const)
      for (const value of [{ a: "abc" }, { a: "ab", b: 1 }, ["abc"], ["ab", "cd"]])
        expect(shared(structuredClone(value), structuredClone(schema), coerce, "output", "body", bundle)).toEqual(
          own(structuredClone(value), structuredClone(schema), coerce, "output", "body", bundle),
        );
    expect(left).not.toHaveBeenCalled();
  });

  it("leaves to Prism a bundle whose schemas have ids, and a $ref to no bundled schema", () => {
    const { own, shared, left } = both();
    const withId = { ZqNamed: { $id: "https://zq.test/named", type: "string" } };
    const schema = { $ref: "#/__bundled__/ZqNamed" };
    expect(shared(5, schema, false, "input", "body", withId)).toEqual(own(5, schema, false, "input", "body", withId));
    const elsewhere = { $ref: "#/components/schemas/ZqPet" };
    expect(shared(5, elsewhere, false, "input", "body", pets.__bundled__)).toEqual(
      own(5, elsewhere, false, "input", "body", pets.__bundled__),
    );
    expect(left).toHaveBeenCalledTimes(2);
  });
});
