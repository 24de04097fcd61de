// The two functions of @redocly/openapi-core's ref-utils that the bundled
// openapi-typescript uses, as parts/ref-utils.cjs gives them in their place
// (scripts/build/vendor.mjs): equal to Redocly's own on every kind of reference;
// and its createRef, which the bundle's openapi-typescript calls: equal to the package's own.
import { createRequire } from "node:module";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const ours = require("./ref-utils.cjs") as {
  parseRef: (ref: string) => unknown;
  parsePointer: (pointer: string) => unknown;
  escapePointer: (part: string | number) => unknown;
  createRef: (parts: unknown[]) => string;
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

/**
 * openapi-typescript's createRef as its lib/utils.cjs writes it (the build checks that text before it makes the
 * bundle's call the stand-in's: scripts/build/vendor.mjs), on Redocly's own ref-utils.
 */
function packageCreateRef(parts: unknown[]): string {
  let pointer = "#";
  for (const part of parts) {
    if (part === undefined || part === null || part === "") continue;
    const maybeRef = redocly.parseRef(String(part)) as { pointer: string[] };
    if (maybeRef.pointer.length)
      for (const refPart of maybeRef.pointer) pointer += `/${redocly.escapePointer(refPart)}`;
    else pointer += `/${redocly.escapePointer(part as string)}`;
  }
  return pointer;
}

describe("the stand-in's createRef", () => {
  it.each(REFS)("makes the package's pointer of %j and a part after it", (ref) => {
    for (const part of [...PARTS, undefined, null])
      expect(ours.createRef([ref, part]), JSON.stringify([ref, part])).toBe(packageCreateRef([ref, part]));
  });
  it("makes the package's pointer of a node's path, its parent's pointer first, at any depth", () => {
    let path = ours.createRef(["paths", "/v1/items/{id}"]);
    for (const key of ["get", "responses", "200", "content", "application/json", "schema", "a~b", "properties"]) {
      const next = ours.createRef([path, key]);
      expect(next).toBe(packageCreateRef([path, key]));
      path = next;
    }
    expect(path).toBe("#/paths/~1v1~1items~1{id}/get/responses/200/content/application~1json/schema/a~0b/properties");
  });
  it("makes the package's pointer of any parts of a reference's characters, or throws where it throws", () => {
    const run = (f: (parts: unknown[]) => string, parts: unknown[]) => {
      try {
        return { value: f(parts) };
      } catch (e) {
        return { threw: (e as Error).name };
      }
    };
    const text = fc.string({ unit: fc.constantFrom("#", "/", "~", "0", "1", "%", "2", "7E", "a", "."), maxLength: 24 });
    const part = fc.oneof(text, text, fc.integer({ min: 0, max: 300 }), fc.constantFrom(undefined, null, ""));
    fc.assert(
      fc.property(fc.array(part, { maxLength: 4 }), (parts) => {
        expect(run(ours.createRef, parts), JSON.stringify(parts)).toEqual(run(packageCreateRef, parts));
      }),
      { numRuns: 3000 },
    );
  });
});
