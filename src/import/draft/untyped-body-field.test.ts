// A body field the document gives no type (`benefit_id: {}` beside typed fields, a payroll document's benefit amounts,
// whose ids are text): add drafted it as json, which takes an object or a list only, so the text id every call gives
// was refused before any request ("must be a JSON object or array"). A field of no type takes any JSON value: drafted
// as json of each form, a text, number, boolean, object or list each sent as it is.
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DraftedOnMock, casesNotPassed, draftedOnMock } from "../../contract/__fixtures__/drafted-subject.js";
import {
  draftWorkFolder,
  drafted,
  judgedCall,
  linkedTools,
  linkProblems,
  openapi,
  reply,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const doc = openapi({
  "/zqamounts": {
    post: {
      operationId: "zqPostAmounts",
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              required: ["zqBenefitId", "zqYear"],
              properties: { zqBenefitId: {}, zqYear: { type: "integer", minimum: 2000, maximum: 2100 } },
            },
          },
        },
      },
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
    },
  },
});

describe("a body field of no type", () => {
  it("takes a text, a number, a boolean, an object or a list, each sent as it is and judged right", async () => {
    const d = drafted(doc, ["zqPostAmounts"]);
    expect(await linkProblems(d)).toEqual([]);
    const [tool] = await linkedTools(d);
    if (!tool) throw new Error("no tool linked");
    for (const value of ["zq-b-1", 7, true, { zqa: 1 }, ["zq"]]) {
      const { sent, judged } = await judgedCall(d, tool, {
        accessToken: "zq-token-0001",
        zqBenefitId: value,
        zqYear: 2024,
      });
      expect(JSON.parse(new TextDecoder().decode(sent.body))).toEqual({ zqBenefitId: value, zqYear: 2024 });
      expect(judged.refusals).toEqual([]);
    }
  });

  describe("on the mock", () => {
    let on: DraftedOnMock | undefined;
    beforeAll(async () => {
      on = await draftedOnMock("zqamounts", doc, ["zqPostAmounts"]);
    });
    afterAll(async () => {
      await on?.close();
    });
    it("every derived case of add's draft passes", async () => {
      expect(await casesNotPassed(on as DraftedOnMock)).toEqual([]);
    });
  });
});
