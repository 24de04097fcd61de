// byDepth orders the schemas the example walk met as a stable sort by their paths' lengths did (parents before
// children, the order met kept among schemas as deep): the lookup's roots are read in that order.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { byDepth, type SchemaAt } from "./schema-lookup.js";

describe("byDepth", () => {
  it("orders schemas as a stable sort by their paths' lengths", () => {
    const at = fc.record({
      file: fc.constantFrom("zqA.yaml", "zqB.yaml"),
      path: fc.array(fc.oneof(fc.constantFrom("zqP", "properties", "items"), fc.nat(3)), { maxLength: 6 }),
      value: fc.object(),
    });
    fc.assert(
      fc.property(fc.array(at, { maxLength: 40 }), (schemas: SchemaAt[]) => {
        const sorted = [...schemas].sort((a, b) => a.path.length - b.path.length);
        const ordered = byDepth(schemas);
        expect(ordered.length).toBe(sorted.length);
        for (let i = 0; i < sorted.length; i++) expect(ordered[i]).toBe(sorted[i]);
      }),
      { numRuns: 200 },
    );
  });
});
