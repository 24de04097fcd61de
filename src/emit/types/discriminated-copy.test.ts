// The transform's document copied only where its discriminator scan writes (discriminated-copy.ts): scanned, the copy
// ends as a whole copy (structuredClone) scanned ends, and the document is left as it was, on drawn documents of
// discriminators on a oneOf, inherited through allOf, mapped to objects, to allOfs, through a chain of refs, and to
// schemas shared by two places.
import { createRequire } from "node:module";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { copiedWhereMapped, documentTraits } from "./discriminated-copy.js";

const { scanDiscriminators, resolveRef } = createRequire(import.meta.url)(
  "../../../dist/vendor/openapi-typescript.cjs",
) as {
  scanDiscriminators: (schema: unknown, options: { silent: boolean }) => unknown;
  resolveRef: (schema: unknown, ref: string, options: { silent: boolean }) => unknown;
};

const names = ["ZqA", "ZqB", "ZqC", "ZqD"];
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const mapping = fc.dictionary(
  fc.constantFrom("a", "b", "c"),
  fc.constantFrom(...names.map((n) => `#/components/schemas/${n}`), "#/components/schemas/ZqGone"),
);
const discriminator = fc.record(
  { propertyName: fc.constantFrom("kind", "type"), mapping },
  { requiredKeys: ["propertyName"] },
);
const schema = fc.oneof(
  fc.record(
    {
      type: fc.constant("object"),
      properties: fc.constant({ kind: { type: "string", description: "k" } }),
      required: fc.constant(["id"]),
    },
    { requiredKeys: ["type"] },
  ),
  fc.record({
    type: fc.constant("object"),
    discriminator,
    oneOf: fc.array(fc.constantFrom(...names).map(ref), { maxLength: 3 }),
  }),
  fc.record({
    allOf: fc.array(fc.oneof(fc.constantFrom(...names).map(ref), fc.record({ discriminator })), {
      minLength: 1,
      maxLength: 2,
    }),
  }),
  fc.constantFrom(...names).map(ref),
  fc.constant({ type: "string" }),
);
const document = fc
  .record({ ZqA: schema, ZqB: schema, ZqC: schema, ZqD: schema, shared: fc.boolean() })
  .map(({ shared, ...schemas }) => {
    // A schema held at two places (as a YAML alias or a bundler's reuse makes it): its copy is shared as well.
    const paths = shared
      ? {
          "/zq": {
            get: {
              responses: { "200": { description: "ok", content: { "application/json": { schema: schemas.ZqB } } } },
            },
          },
        }
      : {};
    return { openapi: "3.1.0", info: { title: "zq", version: "1" }, paths, components: { schemas } };
  });

describe("the document copied where the discriminator scan writes", () => {
  beforeAll(() => void vi.spyOn(console, "warn").mockImplementation(() => {}));
  afterAll(() => vi.restoreAllMocks());

  it("ends scanned as the whole copy ends, and leaves the document as it was", () => {
    let patched = 0;
    fc.assert(
      fc.property(document, (drawn) => {
        const before = structuredClone(drawn);
        const whole = structuredClone(drawn);
        const wholeScan = scanDiscriminators(whole, { silent: true });
        const traits = documentTraits(drawn);
        const copy = copiedWhereMapped(drawn, traits.mapped, (root, r) => resolveRef(root, r, { silent: true }));
        const copyScan = scanDiscriminators(copy, { silent: true });
        expect(copyScan).toEqual(wholeScan);
        expect(copy).toEqual(whole);
        expect(drawn).toEqual(before);
        if (JSON.stringify(whole) !== JSON.stringify(before)) patched++;
      }),
      { numRuns: 300 },
    );
    // The drawn documents reached the scan's writes, or the comparison says nothing about them.
    expect(patched).toBeGreaterThan(30);
  });

  it("is the document itself when no discriminator maps a schema", () => {
    const plain = { openapi: "3.1.0", components: { schemas: { ZqA: { type: "object" } } } };
    const traits = documentTraits(plain);
    expect(traits.discriminated).toBe(false);
    expect(copiedWhereMapped(plain, traits.mapped, (root, r) => resolveRef(root, r, { silent: true }))).toBe(plain);
  });
});
