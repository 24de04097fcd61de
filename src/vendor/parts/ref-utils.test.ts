// The two functions of @redocly/openapi-core's ref-utils that the bundled
// openapi-typescript uses, as parts/ref-utils.cjs gives them in their place
// (scripts/build/vendor.mjs): equal to Redocly's own on every kind of reference.
import { createRequire } from "node:module";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const ours = require("./ref-utils.cjs") as {
  parseRef: (ref: string) => unknown;
  parsePointer: (pointer: string) => unknown;
  escapePointer: (part: string | number) => unknown;
};
const redocly = require("@redocly/openapi-core/lib/ref-utils.js") as typeof ours;

const REFS = [
  "#/components/schemas/Pet",
  "#/paths/~1pets~1{petId}/get/responses/200",
  "#/components/schemas/a~0b~1c",
  "#/components/schemas/with%20space",
  "#/components/schemas/a%7E1b~01",
  "other.yaml#/components/schemas/Pet",
  "other.yaml#",
  "other.yaml",
  "#",
  "#/",
  "https://example.test/doc.json#/definitions/x",
  "#/components//schemas/",
  "",
  "/",
  "#/#/",
  "a#/b#/c",
  "a##/b",
  "#/a/#/b/c",
  "//a///b",
  "properties",
  "/v1/items/{id}",
  "application/json",
  "~1a",
];
const PARTS: (string | number)[] = ["plain", "a/b", "a~b", "~/~/", "", 3, "{petId}", "100%", "%7E"];

describe("the bundle's stand-in for Redocly's ref-utils", () => {
  it.each(REFS)("parses %j as Redocly does", (ref) => {
    expect(ours.parseRef(ref)).toEqual(redocly.parseRef(ref));
  });
  it("parses any text of a reference's characters as Redocly does, or throws where it throws", () => {
    // The stand-in walks the text (scale11) where Redocly splits it: what the split gives is the measure.
    const same = (f: (text: string) => unknown, g: (text: string) => unknown, text: string) => {
      const run = (h: typeof f) => {
        try {
          return { value: h(text) };
        } catch (e) {
          return { threw: (e as Error).name };
        }
      };
      expect(run(f), JSON.stringify(text)).toEqual(run(g));
    };
    const text = fc.string({ unit: fc.constantFrom("#", "/", "~", "0", "1", "%", "2", "7E", "a", "."), maxLength: 24 });
    fc.assert(
      fc.property(text, (ref) => {
        same(ours.parseRef, redocly.parseRef, ref);
        same(ours.parsePointer, redocly.parsePointer, ref);
      }),
      { numRuns: 2000 },
    );
  });
  it.each(PARTS)("escapes %j as Redocly does", (part) => {
    expect(ours.escapePointer(part)).toEqual(redocly.escapePointer(part as string));
  });
});
