// A list's items whose schema carries a keyword of another type than its own (`maxLength: 1000` on an object, on
// an integer: a document's misplaced limit), which JSON Schema applies to nothing. The link took it as a limit of
// the items, and the suite's limit case sent a text of 1000 characters where an object goes, which the judge refused.
// The items' limits keep only the keywords of their type, and every derived case passes on the mock.
import { describe, expect, it } from "vitest";
import { casesNotPassed, draftedOnMock } from "../../contract/__fixtures__/drafted-subject.js";
import { deriveCases } from "../../contract/derive.js";
import { openapi } from "../../import/__fixtures__/draft-kit.js";

const level = {
  type: "object",
  maxLength: 1000,
  properties: { zqLevelId: { type: "string" }, zqSchemeId: { type: "string" } },
  required: ["zqLevelId", "zqSchemeId"],
};
const doc = openapi(
  {
    "/zqlevels": {
      put: {
        operationId: "setZqLevels",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["zqDefaults"],
                properties: {
                  zqDefaults: { type: "array", maxLength: 1000, items: { $ref: "#/components/schemas/ZqLevel" } },
                  zqCounts: { type: "array", items: { type: "integer", maxLength: 3, minimum: 1, maximum: 9 } },
                },
              },
            },
          },
        },
        responses: { "204": { description: "Set." } },
      },
    },
  },
  { schemas: { ZqLevel: level } },
);

describe("a list's items with a limit of another type than theirs", () => {
  it("are limited by their own type's keywords only, and every derived case passes on the mock", async () => {
    const on = await draftedOnMock("acme", doc, ["setZqLevels"]);
    try {
      const tool = on.subject.tools[0];
      const param = (name: string) => tool?.params.find((p) => p.name === name);
      expect(param("zqDefaults")?.items?.maxLength).toBeUndefined();
      expect(param("zqCounts")?.items).toMatchObject({ type: "integer", minimum: 1, maximum: 9 });
      expect(param("zqCounts")?.items?.maxLength).toBeUndefined();
      const names = deriveCases(on.subject).map((c) => c.id);
      expect(names.filter((n) => /zqDefaults values maxLength|zqCounts values maxLength/.test(n))).toEqual([]);
      expect(names.some((n) => n.includes("zqCounts"))).toBe(true);
      expect(await casesNotPassed(on)).toEqual([]);
    } finally {
      await on.close();
    }
  }, 120_000);
});
