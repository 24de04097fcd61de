// Schema constructs OpenAPI does not allow are refused where the document
// holds them, instead of surfacing later as a confusing error.
import { describe, expect, it } from "vitest";
import { wildProblems } from "../../test-support/link-wild.js";

const body = { file: "openapi.yaml", find: "assignees: { type: array, maxItems: 10, items: { type: string } }" };

describe("schema constructs of the document", () => {
  it("a tuple `items: [A, B]` is refused at its place in the document", async () => {
    expect(
      await wildProblems("tracker", [
        { ...body, replace: "assignees: { type: array, items: [{ type: string }, { type: integer }] }" },
      ]),
    ).toEqual([
      expect.stringMatching(
        new RegExp(
          String.raw`^specs\/tracker\/openapi\.yaml:\d+:\d+: paths\.\/repos\/\{owner\}\/\{repo\}\/issues\.post\.req` +
            String.raw`uestBody\.content\.application\/vnd\.tracker\+json\.schema\.properties\.assignees\.items: ` +
            String.raw`items is a list \(the tuple form\), which OpenAPI 3\.0\.3 does not allow: give one schema for ` +
            "every item$",
        ),
      ),
    ]);
  });

  it("a list of types in 3.0 is refused; a property named items or type, and examples, are not schemas", async () => {
    expect(
      await wildProblems("tracker", [
        { ...body, replace: 'assignees: { type: [array, "null"], items: { type: string } }' },
      ]),
    ).toEqual([
      expect.stringContaining("assignees.type: type is a list, which OpenAPI 3.0.3 does not allow (3.1 does)"),
    ]);
    const named =
      "assignees: { type: array, items: { type: string } }\n                items: { type: object, example: " +
      "{ items: [1, 2], type: [a] } }\n                type: { type: string }";
    expect(await wildProblems("tracker", [{ ...body, replace: named }])).toEqual([]);
  });
});
