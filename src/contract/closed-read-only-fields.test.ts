// A request body field of a closed object (`additionalProperties: false` beside an `allOf` of the shared shape) that
// requires fields its shape marks `readOnly` (an id, its creation time, its status: a shipping API's shipment, sent to
// buy a label). A request need not send a required field read only, and the mock's Prism, reading a request without
// them, refuses them in the closed object; but the suite's values were made from a copy of the document that dropped
// such a requirement only where the requiring schema declared the field itself, not through its `allOf`. So the
// values made held the read-only fields ("must NOT have additional properties; found 'zqId'"), failing every case of
// the operation (31 of a whole shipping document's). The requirement is now dropped through `allOf` members too.
import { afterAll, describe, expect, it } from "vitest";
import { openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { casesNotPassed, type DraftedOnMock, draftedOnMock } from "./__fixtures__/drafted-subject.js";

const document = openapi(
  {
    "/zqlabels": {
      post: {
        operationId: "zqBuyLabel",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                additionalProperties: false,
                required: ["zqShipment"],
                properties: {
                  zqShipment: { writeOnly: true, allOf: [{ $ref: "#/components/schemas/ZqShipment" }] },
                  zqFormat: { type: "string", enum: ["pdf", "png"] },
                },
              },
            },
          },
        },
        responses: {
          "200": reply({ type: "object", properties: { zqLabelId: { type: "string" } } }, { zqLabelId: "l1" }),
        },
      },
    },
  },
  {
    schemas: {
      ZqShipment: {
        type: "object",
        required: ["zqId", "zqCreatedAt", "zqStatus", "zqTo"],
        additionalProperties: false,
        allOf: [{ $ref: "#/components/schemas/ZqPartialShipment" }],
      },
      ZqPartialShipment: {
        type: "object",
        additionalProperties: false,
        properties: {
          zqId: { readOnly: true, allOf: [{ $ref: "#/components/schemas/ZqId" }] },
          zqCreatedAt: { readOnly: true, type: "string", format: "date-time" },
          zqStatus: { readOnly: true, default: "pending", allOf: [{ $ref: "#/components/schemas/ZqStatus" }] },
          zqTo: { type: "string", minLength: 1 },
          zqNote: { type: "string" },
        },
      },
      ZqId: { type: "string", pattern: "^zq-[0-9]+$", example: "zq-1" },
      ZqStatus: { type: "string", enum: ["pending", "done"] },
    },
  },
);

const opened: DraftedOnMock[] = [];
afterAll(async () => {
  for (const on of opened) await on.close();
});

describe("a request body's closed object requiring fields it marks read only", () => {
  it("passes every case on the mock: the values made leave the required read-only fields out", async () => {
    const on = await draftedOnMock("zqlabels", document, ["zqBuyLabel"]);
    opened.push(on);
    expect(await casesNotPassed(on)).toEqual([]);
  });
});
