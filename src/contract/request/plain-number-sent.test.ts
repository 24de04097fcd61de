// The suite's check that a value reached the wire as given reads a number as the runtime writes it, in plain decimal
// notation (runtime/common/scalar-text.ts): a limit of 5e-324 drawn at random goes as `0.000…5`, which the check
// compared with JavaScript's `5e-324` and failed every tool with a number in its address or headers; a multipart text
// part likewise (a whole body of fields sent as parts).
import { describe, expect, it } from "vitest";
import { expectedWire, multipartPart } from "./sent-value.js";

describe("a number the wire carries as text", () => {
  it("is expected in plain decimal notation in the query, the path, a header and a cookie", () => {
    for (const place of ["query", "path", "header", "cookie"] as const)
      expect(expectedWire({ in: place, name: "zqLimit" }, 1e-7)).toBe("0.0000001");
    expect(expectedWire({ in: "query", name: "zqLimit" }, -1.5e21)).toBe("-1500000000000000000000");
    expect(expectedWire({ in: "query", name: "zqLimit" }, 20)).toBe("20");
  });

  it("is expected in plain decimal notation in a multipart text part, and a list's parts", () => {
    const param = { name: "zqBody", type: "json" } as Parameters<typeof multipartPart>[0];
    expect(multipartPart(param, 5e-324)).toBe(`0.${"0".repeat(323)}5`);
    expect(multipartPart(param, [1e-7, 2])).toEqual(["0.0000001", "2"]);
    expect(multipartPart(param, 1e-7, true)).toBe("1e-7");
  });
});
