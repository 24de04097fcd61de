// A value that is a union of unions, the values in the inner branches (OpenSearch's `wait_for_active_shards`: `oneOf:
// [StringifiedInteger (oneOf: integer, string of digits), WaitForActiveShardOptions (oneOf: const all, null)]`;
// `slices`: `oneOf: [integer, SlicesCalculation (oneOf: const auto)]`). add read each outer branch as "a string" and
// drafted any text without limits, so the suite sent "example", which no inner branch takes, and the judge refused
// the request (14 cases of four OpenSearch operations). A branch that is only a union of its own is read as its
// branches now: the forms are the inner ones, each with its limits or its one value.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { casesNotPassed, type DraftedOnMock, draftedOnMock } from "./__fixtures__/drafted-subject.js";

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const document = openapi(
  {
    "/zqindex/_zqreindex": {
      post: {
        operationId: "ZqReindex",
        parameters: [
          { name: "zq_wait_for", in: "query", schema: ref("ZqWaitFor") },
          { name: "zq_slices", in: "query", schema: ref("ZqSlices") },
        ],
        responses: { "204": { description: "Done." } },
      },
    },
  },
  {
    schemas: {
      ZqDigits: { oneOf: [{ type: "integer" }, { type: "string", pattern: "^[+-]?\\d+$" }] },
      ZqWaitOptions: { oneOf: [{ type: "string", const: "all" }, { type: "null" }] },
      ZqWaitFor: {
        oneOf: [
          { title: "count", ...ref("ZqDigits") },
          { title: "option", ...ref("ZqWaitOptions") },
        ],
      },
      ZqSlices: { oneOf: [{ type: "integer", format: "int32" }, { oneOf: [{ type: "string", const: "auto" }] }] },
    },
  },
  { openapi: "3.1.0" },
);

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqnested", document, ["ZqReindex"]);
});
afterAll(async () => {
  await on?.close();
});

describe("a union whose branches are unions of their own", () => {
  it("is drafted as the inner branches' forms, each with its limits or its one value", () => {
    const [tool] = (on as DraftedOnMock).subject.tools;
    const params = Object.fromEntries((tool?.params ?? []).map((p) => [p.name, p])) as Record<string, unknown>;
    expect((params.zq_wait_for as { anyOf?: unknown[] }).anyOf).toEqual([
      expect.objectContaining({ type: "number", integer: true }),
      expect.objectContaining({ type: "string", pattern: "^[+-]?\\d+$" }),
      { type: "string", enum: ["all"] },
    ]);
    expect((params.zq_slices as { anyOf?: unknown[] }).anyOf).toEqual([
      expect.objectContaining({ type: "number", integer: true }),
      { type: "string", enum: ["auto"] },
    ]);
  });

  it("every derived case passes on the mock", async () => {
    expect(await casesNotPassed(on as DraftedOnMock)).toEqual([]);
  });
});
