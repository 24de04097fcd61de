// A shape's limits (shape-types.ts's limitsOf): the keywords LIMITS lists that hold a number or a text, in LIMITS'
// order, and no limits at all for a schema without one. Read key by key: a whole published document's surface builds
// tens of thousands of shapes, most without a limit, and each made a list of entries per keyword and an object of them.
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ShapeBuilder } from "./shape.js";

afterEach(() => vi.restoreAllMocks());

const KEYWORDS = [
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minLength",
  "maxLength",
  "pattern",
  "minItems",
  "maxItems",
  "minProperties",
  "maxProperties",
  "multipleOf",
];

const zqLimitValue = fc.oneof(fc.integer(), fc.double({ noNaN: true }), fc.string(), fc.boolean(), fc.constant(null));

describe("a shape's limits", () => {
  it("are the listed keywords of a number or a text, in their order, and none without one", () => {
    fc.assert(
      fc.property(
        fc
          .shuffledSubarray(KEYWORDS)
          .chain((keys) => fc.tuple(...keys.map((k) => fc.tuple(fc.constant(k), zqLimitValue)))),
        (entries) => {
          const schema = { type: "string", ...Object.fromEntries(entries) };
          const expected = KEYWORDS.flatMap((k) => {
            const v = (schema as Record<string, unknown>)[k];
            return typeof v === "number" || typeof v === "string" ? [[k, v] as const] : [];
          });
          const { limits } = new ShapeBuilder(() => undefined).of(schema);
          if (!expected.length) expect(limits).toBeUndefined();
          else expect(Object.entries(limits ?? {})).toEqual(expected);
        },
      ),
    );
  });

  it("makes no object of entries for a schema's shape", () => {
    const fromEntries = vi.spyOn(Object, "fromEntries");
    const shape = new ShapeBuilder(() => undefined).of({
      type: "object",
      properties: { zqname: { type: "string", maxLength: 9 }, zqcount: { type: "integer" } },
    });
    expect(shape.properties?.zqname?.limits).toEqual({ maxLength: 9 });
    expect(shape.properties?.zqcount).not.toHaveProperty("limits");
    expect(fromEntries).not.toHaveBeenCalled();
  });
});
