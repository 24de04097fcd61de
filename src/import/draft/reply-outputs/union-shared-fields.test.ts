// A reply that is a record or the same record with more (`oneOf: [Order, allOf: [Order, {…}]]`, an API's
// "standard or hydrated" answer): the fields every shape carries alike are outputs, read through the union, beside
// the whole body.
import { describe, expect, it } from "vitest";
import { drafted, linkProblems, notesAt, openapi, reply } from "../../__fixtures__/draft-kit.js";

type Json = Record<string, unknown>;

describe("a reply of a record or the same record with more (oneOf)", () => {
  it("drafts the fields every shape carries alike beside the whole body, each read through the union", async () => {
    const zqOrder = {
      type: "object",
      required: ["id", "zqTotal"],
      properties: {
        id: { type: "string" },
        zqTotal: { type: "integer", description: "The order's total." },
        zqState: { type: "string", description: "The order's state." },
        zqLines: { type: "array", items: { type: "string" } },
      },
    };
    const hydrated = {
      allOf: [{ $ref: "#/components/schemas/ZqOrder" }, { properties: { zqPacker: { type: "string" } } }],
    };
    // A field both carry but of another type in one shape is no output: a caller could not rely on its type.
    const retyped = {
      allOf: [{ $ref: "#/components/schemas/ZqOrder" }, { properties: { zqState: { type: "integer" } } }],
    };
    const doc = (second: Json) =>
      openapi(
        {
          "/x": {
            get: {
              operationId: "getX",
              responses: { "200": reply({ oneOf: [{ $ref: "#/components/schemas/ZqOrder" }, second] }, { id: "1" }) },
            },
          },
        },
        { schemas: { ZqOrder: zqOrder } },
      );
    const d = drafted(doc(hydrated), ["getX"]);
    const outputs = d.manifest.operations.acme_get_x!.outputs;
    expect(Object.keys(outputs).sort()).toEqual(["data", "metadata.id", "metadata.zqState", "metadata.zqTotal"]);
    expect(outputs["metadata.zqTotal"]).toEqual({
      type: "number",
      from: "$response.body#/zqTotal",
      description: "The order's total.",
    });
    expect(outputs["metadata.zqState"]).toMatchObject({
      type: "string",
      from: "$response.body#/zqState",
      optional: true,
    });
    expect(notesAt(d, "operations.acme_get_x.outputs")).toEqual([
      expect.stringMatching(/: data and the id and the 2 other fields they all carry alike drafted; an output only/),
    ]);
    expect(await linkProblems(d)).toEqual([]);
    const e = drafted(doc(retyped), ["getX"]);
    expect(Object.keys(e.manifest.operations.acme_get_x!.outputs).sort()).toEqual([
      "data",
      "metadata.id",
      "metadata.zqTotal",
    ]);
  });
});
