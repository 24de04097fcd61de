// A body value placed at its JSON pointer (request-body.ts setBody): the objects on the way made once and shared by
// the values under them, a value that is not an object on the way replaced by one, and a value at the top level.
import { describe, expect, it } from "vitest";
import { requestBodies } from "./request-body.js";

const placed = (pairs: [string, unknown][], body?: unknown) => {
  const request: { header: Record<string, string>; body?: unknown } = { header: {}, body };
  for (const [pointer, value] of pairs) requestBodies.set(request, pointer, value);
  return request.body;
};

describe("a body value at its pointer", () => {
  it("shares the objects on the way with the values beside it", () => {
    expect(
      placed([
        ["/zqText", "A deck"],
        ["/zqOptions/zqTone", "crisp"],
        ["/zqOptions/zqAmount", "brief"],
        ["/zqImage/zqModel/zqName", "zq-1"],
      ]),
    ).toEqual({
      zqText: "A deck",
      zqOptions: { zqTone: "crisp", zqAmount: "brief" },
      zqImage: { zqModel: { zqName: "zq-1" } },
    });
  });

  it("replaces what is not an object on the way, and a body that is not one", () => {
    expect(placed([["/zqOptions/zqTone", "crisp"]], { zqOptions: "zq" })).toEqual({ zqOptions: { zqTone: "crisp" } });
    expect(placed([["/zqOptions/zqTone", "crisp"]], { zqOptions: ["zq"] })).toEqual({ zqOptions: { zqTone: "crisp" } });
    expect(placed([["/zqText", "A deck"]], "zq")).toEqual({ zqText: "A deck" });
  });

  it("reads an escaped pointer's segments as their keys", () => {
    expect(placed([["/zq~1a/zq~0b", 1]])).toEqual({ "zq/a": { "zq~b": 1 } });
  });
});
