// A body field that is a text of one value (3.1's `const`: a shape's tag, `kind: {type: string, const: cat}`, with no
// `enum` beside it) was drafted as any text: every call sent the example "example", which the upstream (and the request
// judge) refuses. It is drafted as an enum of that value, as `enum: [cat]` is; a text beside it keeps no enum.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, judgedCut, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const document = {
  ...openapi(
    {
      "/zqpets": {
        post: {
          operationId: "zqAddPet",
          requestBody: {
            required: true,
            content: { "application/json": { schema: { $ref: "#/components/schemas/ZqCat" } } },
          },
          responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
        },
      },
    },
    {
      schemas: {
        ZqCat: {
          type: "object",
          // Optional: a required field of one value is a constant (one-value-body-fields.test.ts).
          properties: { kind: { type: "string", const: "zqcat" }, name: { type: "string", maxLength: 40 } },
        },
      },
    },
  ),
  openapi: "3.1.0",
};

describe("a text field of one value (const)", () => {
  const d = drafted(document, ["zqAddPet"]);
  const id = Object.keys(d.manifest.operations)[0] ?? "";
  const params = d.manifest.operations[id]?.params ?? {};

  it("is drafted as an enum of that value; a text beside it keeps none", () => {
    expect(params.kind).toMatchObject({ type: "string", enum: ["zqcat"] });
    expect(params.name).not.toHaveProperty("enum");
  });

  it("links, and the value the draft allows is one the request judge takes", async () => {
    expect(await linkProblems(d)).toEqual([]);
    const { refusals } = judgedCut(d, "/zqpets");
    expect(refusals({ kind: "zqcat" })).toEqual([]);
    expect(refusals({ kind: "example" })).not.toEqual([]);
  });
});
