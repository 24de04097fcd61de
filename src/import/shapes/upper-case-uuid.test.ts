// An id of `format: uuid` beside a pattern of upper-case hex digits (`^[{(]?[0-9A-F]{8}[-]?…$`, a GUID as .NET writes
// it): the values add tried of a UUID were all lower-case, so it judged that no value meets the format and the
// pattern together and left the format out of the cut. The mock then drew a created record's id from the pattern
// alone (`(B0676C8D…`), which the read's path parameter, a UUID, refused: the round trip failed. An upper-case UUID
// meets both: the format is kept, and the round trip holds.
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, openapi } from "../__fixtures__/draft-kit.js";
import { type DraftedOnMock, draftedOnMock, runOnMock } from "../../contract/__fixtures__/drafted-subject.js";
import { roundTripCases } from "../../contract/kinds/round-trip.js";

const guid = {
  type: "string",
  format: "uuid",
  pattern: "^[{(]?[0-9A-F]{8}[-]?([0-9A-F]{4}[-]?){3}[0-9A-F]{12}[)}]?$",
  readOnly: true,
};
const record = {
  type: "object",
  required: ["id"],
  properties: { id: guid, zqyear: { type: "integer", minimum: 2000, maximum: 2100 } },
};
const json = (schema: object) => ({ "application/json": { schema } });
const idParam = { name: "zqRequestId", in: "path", required: true, schema: { type: "string", format: "uuid" } };
const document = openapi(
  {
    "/zqdownloads": {
      post: {
        operationId: "CreateZqDownload",
        requestBody: { required: true, content: json({ $ref: "#/components/schemas/ZqDownload" }) },
        responses: { "201": { description: "made", content: json({ $ref: "#/components/schemas/ZqDownload" }) } },
      },
      get: {
        operationId: "ListZqDownloads",
        responses: {
          "200": {
            description: "all",
            content: json({ type: "array", items: { $ref: "#/components/schemas/ZqDownload" } }),
          },
        },
      },
    },
    "/zqdownloads/{zqRequestId}": {
      get: {
        operationId: "GetZqDownload",
        parameters: [idParam],
        responses: { "200": { description: "one", content: json({ $ref: "#/components/schemas/ZqDownload" }) } },
      },
      delete: { operationId: "DeleteZqDownload", parameters: [idParam], responses: { "204": { description: "gone" } } },
    },
  },
  { schemas: { ZqDownload: record } },
);
const OPERATIONS = ["CreateZqDownload", "ListZqDownloads", "GetZqDownload", "DeleteZqDownload"];

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqdownloads", document, OPERATIONS, { stateful: true });
});
afterAll(async () => {
  await on?.close();
  rmSync(draftWorkFolder, { recursive: true, force: true });
});

describe("a UUID whose pattern asks for upper-case hex digits", () => {
  it("keeps its format in the cut: an upper-case UUID meets both", () => {
    const d = drafted(document, OPERATIONS, "zqdownloads");
    expect(d.openapiText).not.toContain("Left out by blockwright add: the format");
    expect(d.openapiText).toMatch(/format: uuid\n\s+pattern:/);
  });

  it("holds a round trip on the stateful mock, the created id read back as a UUID", async () => {
    const { subject, url } = on as DraftedOnMock;
    const trips = roundTripCases(subject);
    expect(trips.length).toBe(1);
    await runOnMock(url, trips);
  });
});
