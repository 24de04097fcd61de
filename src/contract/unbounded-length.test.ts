// A text whose maxLength is 2,147,483,647 (Java's largest int, which documents write for a text they leave unbounded:
// AWS's `NextToken`): the limit cases and the random invalid inputs made a text one past it, which no JavaScript string
// can hold, and every such case ended "Invalid string length". A bound past what a case can make is not probed (the
// runtime still checks it); the cases of the other bounds are derived as before.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { casesNotPassed, type DraftedOnMock, draftedOnMock } from "./__fixtures__/drafted-subject.js";
import { deriveCases } from "./derive.js";

const unbounded = { type: "string", minLength: 0, maxLength: 2147483647, pattern: ".*" };
const document = openapi({
  "/zqledgers": {
    post: {
      operationId: "ListZqLedgers",
      parameters: [{ name: "zqCursor", in: "query", schema: unbounded }],
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              required: ["zqAccount"],
              properties: {
                zqAccount: { type: "string", minLength: 12, maxLength: 12, pattern: "\\d{12}" },
                zqNextToken: unbounded,
              },
            },
          },
        },
      },
      responses: {
        "200": {
          description: "Ledgers.",
          content: { "application/json": { schema: { type: "object", properties: { zqNext: { type: "string" } } } } },
        },
      },
    },
  },
});

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqledgers", document, ["ListZqLedgers"]);
});
afterAll(async () => {
  await on?.close();
});

describe("a text with a maxLength past what a case can make", () => {
  it("is not probed past it, the other bounds are, and every derived case passes on the mock", async () => {
    const ids = deriveCases((on as DraftedOnMock).subject).map((c) => c.id);
    expect(ids.filter((id) => id.includes("› limit ›") && id.includes("maxLength 2147483647"))).toEqual([]);
    expect(ids.some((id) => id.includes("› limit ›") && id.includes("zqAccount maxLength 12"))).toBe(true);
    expect(await casesNotPassed(on as DraftedOnMock)).toEqual([]);
  });
});
