// A body field that is a union of numbers each of one value (`anyOf: [{type: number, const: 1}, {type: number, const:
// 2}]`, 3.1's way of naming a version) was drafted as any number: the suite sent -1.3e-219, which the request judge
// (and the upstream) refuses. It is drafted as an enum of those numbers, as a union of texts of one value is; a number
// of one value alone (`const: 3`) is an enum of that value.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, judgedCut, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const document = {
  ...openapi({
    "/zqruns": {
      post: {
        operationId: "zqStartRun",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["hashVersion"],
                properties: {
                  hashVersion: {
                    anyOf: [
                      { type: "number", const: 1 },
                      { type: "number", const: 2 },
                    ],
                  },
                  ratio: {
                    oneOf: [
                      { type: "number", const: 0.5 },
                      { type: "number", enum: [0.25, 0.75] },
                    ],
                  },
                  level: { type: "integer", const: 3 },
                  weight: { type: "number", maximum: 10 },
                },
              },
            },
          },
        },
        responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
      },
    },
  }),
  openapi: "3.1.0",
};

describe("a number field of listed values (const per branch)", () => {
  const d = drafted(document, ["zqStartRun"]);
  const id = Object.keys(d.manifest.operations)[0] ?? "";
  const params = d.manifest.operations[id]?.params ?? {};

  it("is drafted as an enum of those numbers; a number beside it keeps none", () => {
    expect(params.hashVersion).toMatchObject({ type: "number", enum: [1, 2], integer: true, required: true });
    expect(params.ratio).toMatchObject({ type: "number", enum: [0.5, 0.25, 0.75] });
    expect(params.ratio).not.toHaveProperty("integer");
    expect(params.level).toMatchObject({ type: "number", enum: [3] });
    expect(params.weight).not.toHaveProperty("enum");
  });

  it("links, and the values the draft allows are ones the request judge takes", async () => {
    expect(await linkProblems(d)).toEqual([]);
    const { refusals } = judgedCut(d, "/zqruns");
    expect(refusals({ hashVersion: 2, ratio: 0.75, level: 3 })).toEqual([]);
    expect(refusals({ hashVersion: -1.3e-219 })).not.toEqual([]);
  });
});
