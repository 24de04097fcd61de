// An XML body whose required field is an unwrapped list of objects (CloudFront's CreateRealtimeLogConfig `EndPoints`):
// the suite made it `[]`, the fewest items, which XML writes as no element, so the value did not read back as given,
// was left out, and no case could run ("no value of parameter … passes its own rules"). Made for an XML body, a list
// holds one item where one can be made; every derived case then passes on the mock.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi, reply } from "../import/__fixtures__/draft-kit.js";
import type { Schema } from "../load/openapi-document.js";
import { casesNotPassed, type DraftedOnMock, draftedOnMock } from "./__fixtures__/drafted-subject.js";
import { madeRequestBodies } from "./inputs/made-body.js";
import { rawOperation, requestMedia } from "./inputs/document-places.js";

const zqText = { type: "string", maxLength: 40 };
const document = openapi(
  {
    "/zqfeeds": {
      post: {
        operationId: "CreateZqFeed",
        requestBody: {
          required: true,
          content: {
            "text/xml": {
              schema: {
                type: "object",
                xml: { name: "ZqFeedRequest" },
                required: ["ZqName", "ZqSinks"],
                properties: {
                  ZqName: zqText,
                  ZqSinks: { type: "array", items: { $ref: "#/components/schemas/ZqSink" } },
                  ZqLabels: { type: "array", items: { ...zqText, xml: { name: "ZqLabel" } } },
                },
              },
            },
          },
        },
        responses: { "201": reply({ type: "object", properties: { ZqId: zqText } }, { ZqId: "zq-1" }) },
      },
    },
  },
  {
    schemas: {
      ZqSink: {
        type: "object",
        required: ["ZqKind"],
        properties: {
          ZqKind: zqText,
          ZqTarget: { type: "object", required: ["ZqArn"], properties: { ZqArn: zqText } },
        },
      },
    },
  },
);

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqfeeds", document, ["CreateZqFeed"]);
});
afterAll(async () => {
  await on?.close();
});

describe("an XML body's required unwrapped list of objects", () => {
  it("is made with an item, as is each list of the body the items can be made for", () => {
    const doc = (on as DraftedOnMock).subject.document;
    const op = doc.operations.get("CreateZqFeed");
    if (!op) throw new Error("CreateZqFeed not loaded");
    const bodies = madeRequestBodies(
      doc,
      op,
      rawOperation(doc, op).requestBody as Schema | undefined,
      requestMedia(doc, op),
    );
    expect(bodies.length).toBeGreaterThan(0);
    for (const body of bodies as { ZqSinks: { ZqKind: unknown }[]; ZqLabels: unknown[] }[]) {
      expect(body.ZqSinks).toHaveLength(1);
      expect(typeof body.ZqSinks[0]?.ZqKind).toBe("string");
      expect(body.ZqLabels).toHaveLength(1);
    }
  });

  it("is sent, and every derived case passes on the mock", async () => {
    const subject = (on as DraftedOnMock).subject;
    expect(subject.tools.map((t) => t.body?.encoding)).toEqual(["xml"]);
    expect(await casesNotPassed(on as DraftedOnMock)).toEqual([]);
  });
});
