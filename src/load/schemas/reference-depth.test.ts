// A chain of schemas each holding the next through a `$ref` nests as deep as it is long: the walks over schemas
// recurse a level at a time, and a chain of 3,000 overflowed the stack in the mocks' rewrites. Refused by its depth
// and place where a walk overflows on it (the document measured only then), where the document is read and where a
// mock is made of it; the commands' ends: reference-depth-cli.test.ts.
import { describe, expect, it } from "vitest";
import { mockDocument } from "../../mocks/mock-document.js";
import { parseYamlSource, SourceError } from "../yaml-source.js";
import { zqChain } from "./__fixtures__/zq-chain.js";
import { MAX_REFERENCED_NESTING, refusingTooDeep, tooDeepThroughReferences } from "./reference-depth.js";

/** A walk that overflows the stack, as the recursive walks over schemas do on a chain past their depth. */
function overflowing(): number {
  return overflowing() + 1;
}

describe("a document whose schemas nest through their $refs", () => {
  for (const shape of ["allOf", "oneOf", "field"] as const) {
    it(`refuses a chain of 3,000 schemas (${shape}) by its depth and place, where a walk overflows`, () => {
      const document = zqChain(3000, shape);
      const deep = tooDeepThroughReferences(document);
      expect(deep?.depth).toBeGreaterThan(MAX_REFERENCED_NESTING);
      expect(deep?.pointer).toMatch(/^#\/components\/schemas\/Zq\d+(\/|$)/);
      const source = parseYamlSource(JSON.stringify(document), "zq.json");
      let thrown: unknown;
      try {
        refusingTooDeep(source, overflowing);
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(SourceError);
      expect((thrown as SourceError).code).toBe("BW1002");
      expect((thrown as Error).message).toMatch(
        new RegExp(`^zq\\.json:\\d+:\\d+: refused: the schemas nest ${deep?.depth} levels deep .*rule: depth.*Zq\\d+`),
      );
      // The mocks' copy overflows on it, refused where its caller reads the document (mocks.ts).
      expect(() => refusingTooDeep(document, () => mockDocument(document, () => false))).toThrow(
        /rule: depth.*stops at #\/components\/schemas\/Zq/,
      );
    });
  }

  it("reads a chain of 100, and a cycle of 3,000 (cut where it closes, as the walks stop there), as before", () => {
    expect(tooDeepThroughReferences(zqChain(100, "allOf"))).toBeUndefined();
    expect(() => mockDocument(zqChain(100, "allOf"), () => false)).not.toThrow();
    const cycle = zqChain(3000, "field", true);
    // The cycle is one chain 3,000 long however it is entered: refused too, its depth named.
    expect(tooDeepThroughReferences(cycle)?.depth).toBeGreaterThan(MAX_REFERENCED_NESTING);
    expect(tooDeepThroughReferences(zqChain(200, "field", true))).toBeUndefined();
  });

  it("measures a document only where a step fails: its result as it was, any failure on a deep one refused", () => {
    const deep = zqChain(3000, "allOf");
    const source = parseYamlSource(JSON.stringify(deep), "zq.json");
    expect(refusingTooDeep(source, () => 7)).toBe(7);
    // An overflow a library caught on the way ends as another error ("undefined is not a function"): refused too.
    expect(() =>
      refusingTooDeep(source, () => {
        throw new TypeError("undefined is not a function");
      }),
    ).toThrow(/rule: depth/);
    // On a document under the limit, any error as it was.
    const other = new RangeError("zq out of range");
    expect(() =>
      refusingTooDeep(zqChain(100, "allOf"), () => {
        throw other;
      }),
    ).toThrow(other);
    // A document under the limit that a walk overflows on anyway: the overflow, not a refusal.
    expect(() => refusingTooDeep(zqChain(100, "allOf"), overflowing)).toThrow(/Maximum call stack size exceeded/);
    expect(() => refusingTooDeep(deep, overflowing)).toThrow(
      /^refused: the schemas nest \d+ levels deep .*rule: depth/,
    );
  });

  it("refuses a promise's overflow as it does a function's", async () => {
    await expect(refusingTooDeep(zqChain(3000, "field"), async () => overflowing())).rejects.toThrow(/rule: depth/);
  });
});
