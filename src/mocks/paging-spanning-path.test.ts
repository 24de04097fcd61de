// A list whose path holds a value spanning segments (`{resourceUri}` marked `x-ms-skip-url-encoding`, a resource's
// whole id) and whose example's next page address is no address (`{originalRequestUrl}?$skipToken=…`): the mock moves
// the address to the request's own with its query. The mock had rewritten the request's target for Prism's router
// (the spanning value's `/` as `%2F`, one segment), and made the next address of that target: the example case read a
// next page address other than the request's own (`/subscriptions%2Fzq…`), and failed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { casesNotPassed, type DraftedOnMock, draftedOnMock } from "../contract/__fixtures__/drafted-subject.js";
import { openapi } from "../import/__fixtures__/draft-kit.js";

const events = {
  type: "object",
  properties: {
    value: { type: "array", items: { type: "object", properties: { zqName: { type: "string" } } } },
    nextLink: { type: "string" },
  },
};
const document = openapi({
  "/{resourceUri}/providers/Zq.Health/events": {
    get: {
      operationId: "ZqEvents_ListBySingleResource",
      "x-ms-pageable": { nextLinkName: "nextLink" },
      parameters: [
        {
          name: "resourceUri",
          in: "path",
          required: true,
          "x-ms-skip-url-encoding": true,
          description: "The fully qualified id of the resource",
          schema: { type: "string" },
          example: "subscriptions/zq-1/resourceGroups/zqgroup",
        },
      ],
      responses: {
        "200": {
          description: "The events.",
          content: {
            "application/json": {
              schema: events,
              examples: {
                ZqEvents: {
                  value: { nextLink: "{originalRequestUrl}?$skipToken=zqpage2", value: [{ zqName: "zq outage" }] },
                },
              },
            },
          },
        },
      },
    },
  },
});

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqhealth", document, ["ZqEvents_ListBySingleResource"]);
});
afterAll(async () => {
  await on?.close();
});

describe("a next page address made of a request whose path value spans segments", () => {
  it("is the request's own address as sent, its value's slashes kept, and every case passes", async () => {
    const [tool] = (on as DraftedOnMock).subject.tools;
    expect(tool?.params.find((p) => p.name === "resourceUri")?.wire).toMatchObject({ multiSegment: "as-given" });
    const response = await fetch(`${on?.url}/subscriptions/zq-1/resourceGroups/zqgroup/providers/Zq.Health/events`, {
      headers: { authorization: "Bearer zq-token-0001", prefer: "example=ZqEvents" },
    });
    const body = (await response.json()) as { nextLink: string };
    expect(new URL(body.nextLink).pathname).toBe(
      "/subscriptions/zq-1/resourceGroups/zqgroup/providers/Zq.Health/events",
    );
    expect(await casesNotPassed(on as DraftedOnMock)).toEqual([]);
  });
});
