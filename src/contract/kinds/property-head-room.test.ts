// An operation of hundreds of optional number query values (an energy market report's `zqCurvePrice1From` …
// `zqCurvePrice120To`). The runtime writes a number in plain decimal notation, so a drawn 5e-324 takes 326 bytes of the
// address; random valid inputs made a request line past the 16,384 bytes a Node.js server reads (the mock's), which
// answered 431, and the property failed. A number's share of the head is now counted as the runtime writes it, and a
// draw carries the values a request head holds, the rest left out, as the request case sends its first part.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi } from "../../import/__fixtures__/draft-kit.js";
import { type DraftedOnMock, draftedOnMock } from "../__fixtures__/drafted-subject.js";
import { headShare } from "../inputs/head-bytes.js";
import { runCases } from "../run.js";
import { propertyKind } from "./property.js";

const NAMES = Array.from({ length: 120 }, (_, i) => [`zqCurvePrice${i}From`, `zqCurvePrice${i}To`]).flat();
const document = openapi({
  "/zqcurves": {
    get: {
      operationId: "zqListCurves",
      parameters: NAMES.map((name) => ({ name, in: "query", schema: { type: "number" } })),
      responses: {
        "200": { description: "", content: { "application/json": { schema: { type: "array", items: {} } } } },
      },
    },
  },
});

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqcurves", document, ["zqListCurves"]);
});
afterAll(async () => {
  await on?.close();
});

describe("random valid inputs of more number query values than a request head holds", () => {
  it("count a number's share as the runtime writes it, in plain decimal", () => {
    const tool = (on as DraftedOnMock).subject.tools[0]!;
    const p = tool.params.find((q) => q.name === "zqCurvePrice0From")!;
    expect(headShare(p, 5e-324)).toBeGreaterThan(326);
    expect(headShare(p, 1.5)).toBe("zqCurvePrice0From".length + 2 + 3);
  });

  it("pass on the mock, each draw within the head", async () => {
    const { subject, url } = on as DraftedOnMock;
    const statuses: number[] = [];
    const results = await runCases(propertyKind.derive(subject.tools[0]!, subject), {
      mockUrl: () => url,
      seed: 3,
      // The count written plainly undone (a number's share as its shortest text) or the head's fixed room left out:
      // each made draws of these runs answered 431, as of 60 (and the first at 5 runs).
      runs: 20,
      observe: (call) => statuses.push(...call.exchanges.map((ex) => ex.status)),
    });
    expect(results.filter((r) => r.status !== "passed").map((r) => `${r.id}: ${r.message}`)).toEqual([]);
    expect(statuses).not.toContain(431);
    expect(statuses.length).toBeGreaterThan(10);
  });
});
