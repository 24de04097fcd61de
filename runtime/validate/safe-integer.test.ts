// An integer beyond ±(2^53−1) (safe-integer.ts): a JavaScript number holds it rounded, so a call would send another
// integer than the caller meant; refused before any request, naming the field, the rule and the value, at the top of
// the input and inside a JSON value alike, whatever bounds the parameter states (no bound makes such a number exact).
import { describe, expect, it } from "vitest";
import type { ParamCall } from "../spec/tool-types.js";
import { checkValue } from "./full-check.js";

const zqPin: ParamCall = {
  name: "zqPinId",
  type: "number",
  required: true,
  secret: false,
  wire: { in: "query", name: "id" },
  integer: true,
};

describe("an integer parameter given an integer beyond the safe range", () => {
  it("is refused with the field, the rule and the value; the largest safe one passes", () => {
    expect(checkValue(zqPin, 9007199254740991)).toEqual({ value: 9007199254740991 });
    expect(checkValue(zqPin, -9007199254740991)).toEqual({ value: -9007199254740991 });
    const refused = checkValue(zqPin, 3408207428662661600);
    expect(refused).toMatchObject({ issue: { param: "zqPinId", rule: "integer" } });
    expect("issue" in refused && refused.issue.message).toMatch(
      /^zqPinId: must be an integer within ±\(2\^53-1\): a larger one is sent rounded, got 3408207428662661600$/,
    );
    expect(checkValue(zqPin, "9007199254740993")).toMatchObject({ issue: { rule: "integer" } });
  });

  it("is refused whatever bounds the parameter states; a fraction is told it is no integer", () => {
    expect(checkValue({ ...zqPin, minimum: 2 ** 60 }, 2 ** 61)).toMatchObject({ issue: { rule: "integer" } });
    const fraction = checkValue(zqPin, 1.5);
    expect("issue" in fraction && fraction.issue.message).toBe("zqPinId: must be an integer, got 1.5");
  });

  it("is refused inside a JSON value whose items are integers", () => {
    const ids: ParamCall = { ...zqPin, name: "zqPinIds", type: "json", integer: undefined, items: { type: "integer" } };
    expect(checkValue(ids, [1, 2])).toEqual({ value: [1, 2] });
    expect(checkValue(ids, [1, 2 ** 60])).toMatchObject({ issue: { param: "zqPinIds", rule: "integer" } });
  });
});
