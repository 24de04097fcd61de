// A parameter's placeholder is held to the parameter's own rules at
// generation, at its place, as a default and an example are: the derived
// suite calls with it, and before only the suite's "placeholder of" case
// caught one that broke them (BW2009).
import { describe, expect, it } from "vitest";
import { type Edit, linkWild } from "../../../test-support/link-wild.js";

async function problems(edits: Edit[]): Promise<string[]> {
  const result = await linkWild("tracker", edits);
  return "ir" in result ? [] : result.problems;
}

describe("a parameter's placeholder", () => {
  it("within the parameter's rules: linked", async () => {
    expect(await problems([])).toEqual([]);
  });

  it("past its own limit, or not of its type: refused at its place with the rule broken", async () => {
    const tooLong = {
      find: "        maxLength: 1000\n        placeholder: bug,ui\n",
      replace: "        maxLength: 3\n        placeholder: bug,ui\n",
    };
    expect(await problems([tooLong])).toEqual([
      expect.stringMatching(
        new RegExp(
          String.raw`^specs\/tracker\/manifest\.yaml:\d+:\d+: ` +
            String.raw`operations\.tracker_list_issues\.params\.labels\.placeholder: placeholder "bug,ui" breaks ` +
            String.raw`the parameter's rules: labels: must be at most 3 characters long \(it has 6\), got "bug,ui"$`,
        ),
      ),
    ]);
    const notANumber = {
      find: "        description: Issues per page, 1 to 100.\n",
      replace: "        description: Issues per page, 1 to 100.\n        placeholder: many\n",
    };
    expect(await problems([notANumber])).toEqual([
      expect.stringMatching(
        /params\.perPage\.placeholder: placeholder "many" breaks the parameter's rules: it is not a number$/,
      ),
    ]);
    const pastMaximum = {
      find: "        description: Issues per page, 1 to 100.\n",
      replace: '        description: Issues per page, 1 to 100.\n        placeholder: "500"\n',
    };
    expect(await problems([pastMaximum])).toEqual([
      expect.stringMatching(
        new RegExp(
          String.raw`params\.perPage\.placeholder: placeholder "500" breaks the parameter's rules: perPage: must be` +
            String.raw` at most 100 \(allowed: 1–100\), got 500$`,
        ),
      ),
    ]);
  });
});
