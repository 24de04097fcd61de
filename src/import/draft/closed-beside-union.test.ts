// A body field that is one of two closed object shapes (`anyOf` of a card and
// a short card, each `additionalProperties: false`) written beside a closing
// of its own, `additionalProperties: false` with no `properties`: by JSON
// Schema's letter that closing refuses every field of either shape, so no
// value with a field met it (the contract suite found "no value of parameter
// zqContact passes its own rules", a mock refused every request). add leaves
// that closing out of the cut, each shape keeping its own, and says so in
// its header and a note; a closing that lists fields of its own, or is beside
// an allOf (read as closed over the members' fields), is left as published.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { valuesOf } from "../../contract/inputs/values.js";
import {
  draftWorkFolder,
  drafted,
  judgedCut,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  reply,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

/** A closed card of the encoding given, its name required. */
const card = (encoding: string, more: Record<string, unknown> = {}) => ({
  type: "object",
  additionalProperties: false,
  required: ["zqName"],
  properties: { zqEncoding: { type: "string", enum: [encoding] }, zqName: { type: "string" }, ...more },
});

const doc = (contact: Record<string, unknown>) =>
  openapi(
    {
      "/zqcodes": {
        post: {
          operationId: "createZqCode",
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  additionalProperties: false,
                  required: ["zqContact"],
                  properties: {
                    zqSize: { type: "integer" },
                    zqContact: { allOf: [{ $ref: "#/components/schemas/ZqContact" }], description: "who" },
                  },
                },
              },
            },
          },
          responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }) },
        },
      },
    },
    {
      schemas: {
        ZqContact: contact,
        ZqVCard: card("zqvcard", { zqPhone: { type: "string" } }),
        ZqMeCard: card("zqmecard"),
      },
    },
  );

const union = {
  additionalProperties: false,
  anyOf: [{ $ref: "#/components/schemas/ZqVCard" }, { $ref: "#/components/schemas/ZqMeCard" }],
  discriminator: { propertyName: "zqEncoding" },
};

describe("a closing beside a union of closed shapes, listing no field of its own", () => {
  it("is left out of the cut, said in the header and a note; the suite finds a value the judge takes", async () => {
    const d = drafted(doc(union), ["createZqCode"]);
    expect(d.openapiText).toContain(
      "# Left out by blockwright add: the additionalProperties: false of components.schemas.ZqContact (anyOf of " +
        "ZqVCard, ZqMeCard)",
    );
    expect(notesAt(d, "openapi").join("\n")).toContain("each shape keeps its own closing");
    expect(await linkProblems(d)).toEqual([]);
    const { cut, refusals } = judgedCut(d, "/zqcodes");
    const [tool] = await linkedTools(d);
    const contact = valuesOf(tool!, cut).example("zqContact");
    expect(contact?.value).toMatchObject({ zqName: expect.any(String) });
    expect(refusals({ zqContact: contact?.value })).toEqual([]);
    expect(refusals({ zqContact: { zqEncoding: "zqvcard", zqName: "zq", zqPhone: "1" } })).toEqual([]);
    // Each shape keeps its closing: a field neither lists, or the card's own in the short card, is refused (the
    // latter names the short card by its discriminator and has the card's fields: the discriminator's refusal). A
    // value naming no card is the discriminator's refusal too (its property names the shape, so must be present).
    expect(refusals({ zqContact: { zqName: "zq", zqOther: 1 } })).toEqual(["discriminator"]);
    expect(refusals({ zqContact: { zqName: "zq" } })).toEqual(["discriminator"]);
    expect(refusals({ zqContact: { zqEncoding: "zqmecard", zqName: "zq" } })).toEqual([]);
    expect(refusals({ zqContact: { zqEncoding: "zqmecard", zqName: "zq", zqPhone: "1" } })).toEqual(["discriminator"]);
  });

  it("is left as published where it lists fields of its own, or closes an allOf", () => {
    for (const contact of [
      { ...union, properties: { zqName: { type: "string" } } },
      { additionalProperties: false, allOf: [{ $ref: "#/components/schemas/ZqMeCard" }], anyOf: union.anyOf },
    ]) {
      const d = drafted(doc(contact), ["createZqCode"]);
      expect(d.openapiText).not.toContain("the additionalProperties: false of");
      expect(d.openapiText).toMatch(/ZqContact:\n {6}additionalProperties: false/);
    }
  });
});
