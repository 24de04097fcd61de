// Prism's check of an answer holding a discriminated base of many kinds, as the mock's copy reads it (each field of the
// base the union of its kinds, each kind's allOf of the base written out in it: mocks/mock-document.ts): the bundle's
// schemas hand Ajv what many of them write out (the base's fields, in every kind) once, each a schema of its own
// (prism-shared-bundle.cjs), so that it compiles the base's fields once, not once a kind. Counted by the schemas
// handed to Ajv; what the check says is Prism's own, word for word.
import { createRequire } from "node:module";
import { describe, expect, it, vi } from "vitest";
import { mockDocument } from "../../mocks/mock-document.js";
import { prismOperations, type PrismSteps } from "../../mocks/mock-operations.js";
import { manyKinds, ref } from "../../load/schemas/__fixtures__/many-kinds.js";

const require = createRequire(import.meta.url);
type Check = (v: unknown, s: object, coerce: boolean, context: string, prefix: string, bundle?: object) => unknown;
interface PrismChecks {
  validateAgainstSchema: Check;
  convertAjvErrors: (...args: unknown[]) => unknown;
}
const { sharedBundleValidation } = require("./prism-shared-bundle.cjs") as {
  sharedBundleValidation: (prism: PrismChecks) => Check;
};
const prism = require("../prism.cjs") as PrismSteps;
const AjvCore = (require("ajv/dist/core") as { default: { prototype: { addSchema: (...a: unknown[]) => unknown } } })
  .default;

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

// Enough kinds that a base's fields handed once a kind (30 times an Ajv) and once (1) are far apart; the claim is
// counted, not timed. 120 cost 1.5 s of CPU in Prism's own check, which compiles every kind for each operation.
const KINDS = 30;
/** The base's own field: an object of several fields, written out in every kind. */
const WHO = {
  type: "object",
  required: ["zqName"],
  properties: {
    zqName: { type: "string", minLength: 2 },
    zqAt: { type: "string", format: "date-time" },
    zqTags: { type: "array", items: { type: "object", properties: { zqKey: { type: "string", maxLength: 4 } } } },
  },
};
const answered = (schema: object) => ({
  responses: { "200": { description: "ok", content: { "application/json": { schema } } } },
});
const DOCUMENT = {
  openapi: "3.0.3",
  info: { title: "zqkinds", version: "1" },
  paths: {
    "/zqevents": { get: answered({ type: "array", items: ref("ZqEvent") }) },
    "/zqevents/{zqId}": {
      get: {
        parameters: [{ name: "zqId", in: "path", required: true, schema: { type: "string" } }],
        ...answered(ref("ZqEvent")),
      },
    },
  },
  components: {
    schemas: {
      ZqEvent: {
        type: "object",
        required: ["zqType", "zqWho"],
        discriminator: { propertyName: "zqType" },
        properties: { zqType: { type: "string" }, zqWho: WHO },
      },
      ...manyKinds(KINDS, { type: "integer", maximum: 9 }, true),
    },
  },
};

const last = KINDS - 1;
const good = { zqType: `ZqKind${last}`, zqWho: { zqName: "zq", zqTags: [{ zqKey: "ab" }] }, [`zqField${last}`]: 3 };
const VALUES = [
  good,
  { ...good, zqType: "ZqNone" },
  { ...good, [`zqField${last}`]: 10 },
  { ...good, zqWho: { zqName: "z", zqAt: "noon", zqTags: [{ zqKey: "abcde" }] } },
  { ...good, zqWho: undefined },
  { zqType: "ZqKind0", zqWho: { zqName: "zq" }, zqField0: 1 },
  "zq",
];

describe("Prism's check of a base of many kinds, its fields shared across the bundle", () => {
  const operations = prismOperations(
    mockDocument(structuredClone(DOCUMENT), () => false),
    prism,
  ) as {
    path: string;
    responses: { contents: { schema: object }[] }[];
    __bundled__?: object;
  }[];

  it("says what Prism's own check says, and hands Ajv the base's fields once, not once a kind", () => {
    const own = prismOwnChecks();
    const left = vi.fn(own.validateAgainstSchema);
    const shared = sharedBundleValidation({ validateAgainstSchema: left, convertAjvErrors: own.convertAjvErrors });
    let handed = 0;
    const addSchema = AjvCore.prototype.addSchema;
    const spy = vi.spyOn(AjvCore.prototype, "addSchema").mockImplementation(function (this: unknown, ...args) {
      handed += (JSON.stringify(args[0]).match(/"zqTags"/g) ?? []).length;
      return addSchema.apply(this, args);
    });
    let refused = 0;
    try {
      for (const operation of operations) {
        const schema = operation.responses[0]?.contents[0]?.schema as object;
        for (const one of VALUES) {
          const value = operation.path.endsWith("}") ? one : [one];
          const ours = shared(structuredClone(value), schema, false, "output", "body", operation.__bundled__);
          const theirs = own.validateAgainstSchema(
            structuredClone(value),
            schema,
            false,
            "output",
            "body",
            operation.__bundled__,
          );
          expect(ours, JSON.stringify(value)).toEqual(theirs);
          if ((theirs as { _tag: string })._tag === "Some") refused++;
        }
      }
    } finally {
      spy.mockRestore();
    }
    expect(operations).toHaveLength(2);
    expect(refused).toBe(2 * (VALUES.length - 2));
    expect(left).not.toHaveBeenCalled();
    // The base's field (the one schema naming `zqTags`) handed to each Ajv instance once; each kind refers to it.
    expect(handed).toBeGreaterThan(0);
    expect(handed).toBeLessThan(KINDS / 10);
  });
});
