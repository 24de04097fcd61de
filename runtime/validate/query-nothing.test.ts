// writesNoPair (what validation counts as not given) and the query's writer (form-body.ts) agree on every value and
// style: a value is counted not given exactly when the writer puts no pair in the query for it.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { styledPairs } from "../call/form-body.js";
import type { FormFieldEncoding } from "../spec/tool-types.js";
import { writesNoPair } from "./query-nothing.js";

const leaf = fc.oneof(fc.constant(null), fc.boolean(), fc.integer(), fc.string({ maxLength: 3 }));
const { value } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc.constant({}),
    fc.constant([]),
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom("a", "b"), tie("value"), { maxKeys: 2 }),
  ),
}));
const encoding: fc.Arbitrary<FormFieldEncoding | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.record({
    style: fc.constantFrom("form", "spaceDelimited", "pipeDelimited", "deepObject") as fc.Arbitrary<
      FormFieldEncoding["style"]
    >,
    explode: fc.boolean(),
  }),
);

describe("a query value that writes no pair", () => {
  it("is the one the writer puts no pair in the query for, in every style", () => {
    fc.assert(
      fc.property(value, encoding, (v, enc) => {
        const wire = { in: "query" as const, name: "zq", ...(enc ? { encoding: enc } : {}) };
        expect(writesNoPair(wire, v)).toBe(styledPairs("zq", v, enc).length === 0);
      }),
      { numRuns: 2000, seed: 36 },
    );
  });

  it("is only a query's: a body's {} or one the document sends as JSON is a value", () => {
    expect(writesNoPair({ in: "query", name: "zq" }, { a: {} })).toBe(true);
    expect(writesNoPair({ in: "query", name: "zq", encoding: { style: "form", explode: true, json: true } }, {})).toBe(
      false,
    );
    expect(writesNoPair({ in: "body", pointer: "/zq" }, {})).toBe(false);
    // Deeper than a call's stack holds: walked, not recursed.
    let deep: unknown = {};
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    expect(writesNoPair({ in: "query", name: "zq", encoding: { style: "deepObject", explode: true } }, deep)).toBe(
      true,
    );
  });
});
