// A body `allOf: [$ref Base, {properties: …}]` whose second member names Base's fields again: one only to describe a
// field, one to narrow its enum, one to lower its maximum length. The value meets every member, so the draft, the
// link and the cases derived from them keep Base's type and the narrower bounds, as the request judge and the mock
// hold the body to every member. The merge kept the last member's schema alone: a field of no type (sent as text where
// an integer is wanted), the enum's third value, a name of 40 characters.
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DraftedOnMock, casesNotPassed, draftedOnMock } from "../../contract/__fixtures__/drafted-subject.js";
import {
  draftWorkFolder,
  drafted,
  judgedCut,
  linkedTools,
  linkProblems,
  openapi,
  reply,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const doc = openapi(
  {
    "/zqitems": {
      post: {
        operationId: "createZqItem",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                allOf: [
                  { $ref: "#/components/schemas/ZqItem" },
                  {
                    type: "object",
                    properties: {
                      zqCount: { description: "How many to keep." },
                      zqKind: { enum: ["zqa", "zqb"] },
                      zqName: { maxLength: 8 },
                    },
                  },
                ],
              },
            },
          },
        },
        responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
      },
    },
  },
  {
    schemas: {
      ZqItem: {
        type: "object",
        required: ["zqCount", "zqKind", "zqName"],
        properties: {
          zqCount: { type: "integer", minimum: 1, maximum: 50 },
          zqKind: { type: "string", enum: ["zqa", "zqb", "zqc"] },
          zqName: { type: "string", minLength: 1, maxLength: 40 },
        },
      },
    },
  },
);

describe("an allOf member that names a field of another member again", () => {
  it("keeps the other's type and the narrower bounds, in the draft, the link and the judge alike", async () => {
    const d = drafted(doc, ["createZqItem"]);
    expect(await linkProblems(d)).toEqual([]);
    const [tool] = await linkedTools(d);
    const param = (name: string) => tool?.params.find((p) => p.name === name);
    expect(param("zqCount")).toMatchObject({ type: "number", integer: true, minimum: 1, maximum: 50 });
    expect(param("zqKind")?.enum).toEqual(["zqa", "zqb"]);
    expect(param("zqName")).toMatchObject({ type: "string", maxLength: 8 });
    const { refusals } = judgedCut(d, "/zqitems");
    expect(refusals({ zqCount: 3, zqKind: "zqb", zqName: "zqshort" })).toEqual([]);
    expect(refusals({ zqCount: 3, zqKind: "zqc", zqName: "zqshort" })).not.toEqual([]);
    expect(refusals({ zqCount: 3, zqKind: "zqb", zqName: "zq-longer-than-8" })).not.toEqual([]);
  });

  describe("on the mock", () => {
    let on: DraftedOnMock | undefined;
    beforeAll(async () => {
      on = await draftedOnMock("zqitems", doc, ["createZqItem"]);
    });
    afterAll(async () => {
      await on?.close();
    });
    it("every derived case of add's draft passes", async () => {
      expect(await casesNotPassed(on as DraftedOnMock)).toEqual([]);
    });
  });
});
