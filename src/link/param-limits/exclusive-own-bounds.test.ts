// A manifest's own exclusive bound (`exclusiveMinimum`, a number's bound itself refused) that no value can meet: an
// integer's (its bound is the whole number inside, as the link reads a document's: the suite's value just past it, the
// next double, would break the integer rule), or one at or past the other side's bound. Each is refused where it is
// written, saying what to write.
import { describe, expect, it } from "vitest";
import { wildProblems } from "../../../test-support/link-wild.js";

const bounds = "        minimum: 1\n        maximum: 100\n";

describe("a manifest's exclusive bound no value meets", () => {
  it("is refused on an integer, naming the inclusive bound to write", async () => {
    expect(
      await wildProblems("tracker", [{ find: bounds, replace: "        exclusiveMinimum: 1\n        maximum: 100\n" }]),
    ).toEqual([
      expect.stringMatching(
        /params\.perPage\.exclusiveMinimum: exclusiveMinimum applies to numbers, not integers: write minimum: 2$/,
      ),
    ]);
  });

  it("is refused at or past the other side's bound, and kept inside it", async () => {
    // The page size a number, not an integer, in the document and the manifest.
    const spec = {
      file: "openapi.yaml",
      find: "{ type: integer, minimum: 1, maximum: 100, default: 30 }",
      replace: "{ type: number, minimum: 1, maximum: 100, default: 30 }",
    };
    const number = (lower: string) => [
      spec,
      { find: `        integer: true\n${bounds}`, replace: `        ${lower}\n        maximum: 100\n` },
    ];
    expect(await wildProblems("tracker", number("exclusiveMinimum: 100"))).toEqual([
      expect.stringMatching(
        /params\.perPage\.exclusiveMinimum: no number lies between exclusiveMinimum 100 and maximum 100$/,
      ),
    ]);
    expect(await wildProblems("tracker", number("exclusiveMinimum: 99.5"))).toEqual([]);
  });
});
