// A body field of several forms, one of which is only "" (`anyOf: [{enum:
// [now]}, {type: integer}, {enum: [""]}]`, how some APIs clear a value): the
// runtime never sends "", so the draft keeps the other forms. Drafted as a
// plain string form instead (its "" left out of its enum), the form was
// looser than the document's and generate refused the draft (BW2006), as it
// did on a whole published document.
import { describe, expect, it } from "vitest";
import { drafted, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

const document = openapi({
  "/zqlinks/{zqid}": {
    post: {
      operationId: "zqUpdateLink",
      parameters: [{ name: "zqid", in: "path", required: true, schema: { type: "string", maxLength: 32 } }],
      requestBody: {
        content: {
          "application/x-www-form-urlencoded": {
            schema: {
              type: "object",
              properties: {
                zqexpires: {
                  anyOf: [
                    { type: "string", enum: ["now"], maxLength: 5000 },
                    { type: "integer" },
                    { type: "string", enum: [""] },
                  ],
                },
              },
            },
          },
        },
      },
      responses: { "200": reply({ type: "object", properties: { zqid: { type: "string" } } }, { zqid: "l1" }) },
    },
  },
});

describe("a field of several forms, one of them only the empty text", () => {
  it("is drafted as its other forms, and links", async () => {
    const d = drafted(document, ["zqUpdateLink"]);
    expect(Object.values(d.manifest.operations)[0]?.params?.zqexpires).toMatchObject({
      type: "json",
      anyOf: [
        { type: "string", enum: ["now"] },
        { type: "number", integer: true },
      ],
    });
    expect(await linkProblems(d)).toEqual([]);
  });
});
