// A required query list of uuids whose document example breaks its items' format (`regionIds: [""]`, minItems 0; a
// vision service's image regions): add checked the example against the drafted parameter alone, which holds no item
// limits (the link reads them from the document), kept it, and the link refused its own draft (BW2009: "regionIds[0]:
// must be at least 1 characters long"). Without it, the suite made the list from its rules as `[]` (its fewest
// items), which for a required list is no value, and every case failed ("no value of parameter regionIds passes its
// own rules"). The example is checked with the items' limits, and a required list is made with one item of them.
import { describe, expect, it } from "vitest";
import { casesNotPassed, draftedOnMock } from "../../contract/__fixtures__/drafted-subject.js";
import { drafted, linkProblems, notesAt, openapi } from "../__fixtures__/draft-kit.js";

const document = (example: boolean) =>
  openapi({
    "/zqprojects/{zqProjectId}/regions": {
      delete: {
        operationId: "deleteZqRegions",
        parameters: [
          { name: "zqProjectId", in: "path", required: true, schema: { type: "string" } },
          {
            name: "regionIds",
            in: "query",
            required: true,
            style: "form",
            explode: false,
            schema: { type: "array", minItems: 0, maxItems: 64, items: { type: "string", format: "uuid" } },
            ...(example ? { examples: { zqOne: { value: [""] } } } : {}),
          },
        ],
        responses: { "204": { description: "Deleted." } },
      },
    },
  });

describe("a required list whose example breaks its items' limits", () => {
  it("is drafted without the example, noted, and links", async () => {
    const d = drafted(document(true), ["deleteZqRegions"]);
    expect(d.manifest.operations.acme_delete_zq_regions!.params!.regionIds).not.toHaveProperty("example");
    expect(notesAt(d, "operations.acme_delete_zq_regions.params.regionIds")).toContain(
      `the spec's example [""] does not pass the drafted limits: left out`,
    );
    expect(await linkProblems(d)).toEqual([]);
  });

  it("is made with one item of its items' limits, and every derived case passes on the mock", async () => {
    // The document's own example left out (add's cut says so; a generate of this fixture would refuse it).
    const on = await draftedOnMock("acme", document(false), ["deleteZqRegions"]);
    try {
      expect(await casesNotPassed(on)).toEqual([]);
    } finally {
      await on.close();
    }
  }, 120_000);
});
