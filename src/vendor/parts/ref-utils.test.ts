// The two functions of @redocly/openapi-core's ref-utils that the bundled
// openapi-typescript uses, as parts/ref-utils.cjs gives them in their place
// (scripts/build/vendor.mjs): equal to Redocly's own on every kind of reference.
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const ours = require("./ref-utils.cjs") as {
  parseRef: (ref: string) => unknown;
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
];
const PARTS: (string | number)[] = ["plain", "a/b", "a~b", "~/~/", "", 3, "{petId}", "100%", "%7E"];

describe("the bundle's stand-in for Redocly's ref-utils", () => {
  it.each(REFS)("parses %j as Redocly does", (ref) => {
    expect(ours.parseRef(ref)).toEqual(redocly.parseRef(ref));
  });
  it.each(PARTS)("escapes %j as Redocly does", (part) => {
    expect(ours.escapePointer(part)).toEqual(redocly.escapePointer(part as string));
  });
});
