// The pointers the example check registers its schemas under and looks them up by (schema-lookup.ts's `pointer`):
// written as the validator writes them (each segment escaped, then URI-encoded), but a segment the encoding leaves as
// it is (letters, digits, `_`, `.`, `-`) is not encoded: a whole published document writes some 75,000 segments.
import fc from "fast-check";
import { beforeEach, describe, expect, it, vi } from "vitest";

const encoded = vi.hoisted(() => ({ calls: 0 }));
vi.mock("@cfworker/json-schema", async (importOriginal) => {
  const original = await importOriginal<typeof import("@cfworker/json-schema")>();
  return {
    ...original,
    encodePointer: (p: string) => {
      encoded.calls++;
      return original.encodePointer(p);
    },
  };
});

// The suite's files share a worker's modules (isolate: false): a lookup another file loaded holds the real encoding.
vi.resetModules();
const { encodePointer } = await import("@cfworker/json-schema");
const { pointer } = await import("./examples/schema-lookup.js");

/** The pointer as the validator writes it: every segment through its encoding. */
const validatorPointer = (path: (string | number)[]) => path.map((s) => `/${encodePointer(String(s))}`).join("");

/** Segments of the characters that matter: plain ones, and those the escape or the URI encoding changes. */
const zqSegment = fc.oneof(
  fc.nat(),
  fc
    .array(
      fc.constantFrom("zq", "a", "Z", "0", "_", ".", "-", "~", "/", "#", "%", " ", "{", "}", "é", "\u{1f600}", "?"),
      {
        maxLength: 6,
      },
    )
    .map((parts) => parts.join("")),
  fc.string(),
);

describe("the example check's schema pointers", () => {
  beforeEach(() => {
    encoded.calls = 0;
  });

  it("writes every path as the validator writes it", () => {
    fc.assert(fc.property(fc.array(zqSegment, { maxLength: 8 }), (path) => pointer(path) === validatorPointer(path)));
  });

  it("encodes no segment the encoding would leave as it is", () => {
    expect(pointer(["components", "schemas", "zq-pet_1.0", "properties", "id", 200, ""])).toBe(
      "/components/schemas/zq-pet_1.0/properties/id/200/",
    );
    expect(encoded.calls).toBe(0);
    expect(pointer(["paths", "/zq/{id}", "get"])).toBe("/paths/~1zq~1%7Bid%7D/get");
    expect(encoded.calls).toBe(1);
  });
});
