// Texts inside a JSON value whose format the manifest states as a pattern (`time`, `duration`: add drafts a top-level
// parameter of either so), in a list, a map and an object of a body, and in a JSON query parameter: the link's limits
// inside the value took none of it, the suite drew plain text (`[""]` for a required list of times), the request
// judge passed it, and the mock refused it ("must match format time"). The items and values are now limited by the
// format's pattern, the judge holds each place to the format as the mock reads it (a time's offset optional), and
// every derived case passes on the mock.
import { describe, expect, it } from "vitest";
import { casesNotPassed, draftedOnMock } from "../../contract/__fixtures__/drafted-subject.js";
import { drafted, openapi } from "../../import/__fixtures__/draft-kit.js";
import { schemaChecker } from "../../judge/schema-check.js";
import { DURATION_PATTERN } from "../../model/duration-text.js";
import { bothPatterns } from "../../model/format-aliases.js";
import { TIME_PATTERN } from "../../load/examples/format-texts.js";

const text = (format: string) => ({ type: "string", format });
const body = {
  type: "object",
  required: ["zqName", "zqSlots"],
  properties: {
    zqName: { type: "string" },
    zqSlots: { type: "array", items: text("time") },
    zqWindows: { type: "object", additionalProperties: text("duration") },
    zqHours: { type: "object", properties: { zqFrom: text("time"), zqEvery: text("duration") } },
    // The document's own pattern stays the items' rule, beside the format's (a value meets both).
    zqShort: { type: "array", items: { ...text("duration"), pattern: "^PT\\d+M$" } },
  },
};
const doc = openapi({
  "/zqschedules": {
    post: {
      operationId: "createZqSchedule",
      requestBody: { required: true, content: { "application/json": { schema: body } } },
      responses: { "204": { description: "Made." } },
    },
    get: {
      operationId: "listZqSchedules",
      parameters: [{ name: "zqAt", in: "query", schema: { type: "array", items: text("time") } }],
      responses: { "204": { description: "Listed." } },
    },
  },
});

describe("texts of format time or duration inside a JSON value", () => {
  it("are limited by the format's pattern, and every derived case passes on the mock", async () => {
    const on = await draftedOnMock("acme", doc, ["createZqSchedule", "listZqSchedules"]);
    try {
      const params = on.subject.tools.flatMap((t) => t.params);
      const param = (name: string) => params.find((p) => p.name === name);
      expect(param("zqSlots")?.items).toMatchObject({ type: "string", pattern: TIME_PATTERN });
      expect(param("zqWindows")?.values).toMatchObject({ type: "string", pattern: DURATION_PATTERN });
      expect(param("zqShort")?.items).toMatchObject({ pattern: bothPatterns(DURATION_PATTERN, "^PT\\d+M$") });
      expect(param("zqAt")?.items).toMatchObject({ type: "string", pattern: TIME_PATTERN });
      expect(await casesNotPassed(on)).toEqual([]);
    } finally {
      await on.close();
    }
  }, 120_000);

  it("are held by the request judge to the format as the mock reads it, in an object's fields too", () => {
    const judge = schemaChecker(drafted(doc, ["createZqSchedule"]).draft.document);
    const at = ["paths", "/zqschedules", "post", "requestBody", "content", "application/json", "schema"];
    const miss = (fields: object) => judge.check({ zqName: "a", zqSlots: ["13:22:00"], ...fields }, at)?.message;
    expect(miss({})).toBeUndefined();
    expect(miss({ zqHours: { zqFrom: "13:22:00.5+02:00", zqEvery: "PT1H30M" }, zqWindows: { a: "P2W" } })).toBe(
      undefined,
    );
    expect(miss({ zqSlots: [""] })).toMatch(/format/);
    expect(miss({ zqHours: { zqFrom: "1pm" } })).toMatch(/format/);
    expect(miss({ zqHours: { zqEvery: "an hour" } })).toMatch(/format/);
    expect(miss({ zqWindows: { a: "PT" } })).toMatch(/format/);
  });
});
