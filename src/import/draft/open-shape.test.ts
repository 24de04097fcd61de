// A body that is one of several shapes beside one open to any object (a match
// timed, or slow, or unlimited): each shape's fields are drafted, and the rule
// atMostOne keeps them apart (each whole, never two, or none), so that the
// contract suite's "every parameter" call gives one shape. Without the rule,
// that call sent the clock and the days together, which the document refuses.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, openapi } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const timed = {
  type: "object",
  title: "timed",
  required: ["clock.limit", "clock.increment"],
  properties: {
    "clock.limit": { type: "integer", maximum: 10800 },
    "clock.increment": { type: "integer", maximum: 60 },
  },
};
const slow = {
  type: "object",
  title: "slow",
  required: ["days"],
  properties: { days: { type: "integer", enum: [1, 3] } },
};
const unlimited = { type: "object", title: "unlimited", properties: {} };
const common = { type: "object", properties: { rated: { type: "boolean" } } };

function doc(branches: unknown[]) {
  const body = {
    required: true,
    content: { "application/x-www-form-urlencoded": { schema: { allOf: [{ oneOf: branches }, common] } } },
  };
  return openapi({
    "/zqmatches": {
      post: { operationId: "createZqmatch", requestBody: body, responses: { "200": { description: "ok" } } },
    },
  });
}

describe("a body of shapes, one open to any object", () => {
  it("drafts the rule atMostOne over each shape's fields, and the draft links", async () => {
    const d = drafted(doc([timed, slow, unlimited]), ["createZqmatch"], "zqmatch");
    const op = d.manifest.operations.zqmatch_create_zqmatch!;
    expect(op.rules).toEqual([{ rule: "atMostOne", groups: [["clockLimit", "clockIncrement"], ["days"]] }]);
    expect(await linkProblems(d, "zqmatch")).toEqual([]);
  });

  it("no open shape: one is needed, the rule anyOf beside atMostOne (keyed-shapes.test.ts)", () => {
    const groups = [["clockLimit", "clockIncrement"], ["days"]];
    expect(
      drafted(doc([timed, slow]), ["createZqmatch"], "zqmatch").manifest.operations.zqmatch_create_zqmatch!.rules,
    ).toEqual([
      { rule: "atMostOne", groups },
      { rule: "anyOf", groups },
    ]);
  });

  it("a shape with an optional field of its own: its group is the fields it requires, the optional one drafted", () => {
    const loose = { ...slow, properties: { ...slow.properties, note: { type: "string" } } };
    const op = drafted(doc([timed, loose, unlimited]), ["createZqmatch"], "zqmatch").manifest.operations
      .zqmatch_create_zqmatch!;
    expect(op.rules).toEqual([{ rule: "atMostOne", groups: [["clockLimit", "clockIncrement"], ["days"]] }]);
    expect(op.params?.note?.required).toBeFalsy();
  });
});
