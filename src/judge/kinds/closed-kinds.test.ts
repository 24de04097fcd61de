// A discriminated union of closed shapes (each `additionalProperties: false`): the judge's message names the shape
// whose fields the value has, or none. The validator placed the refusal of an extra field (the `false` schema it meets)
// at the value's place rather than under the shape refusing it, so a closed shape refusing a field the value has read
// as fitting it: a card naming its encoding with a field no card lists was told it "has the fields of" the other card,
// and a short card with the card's field and one more the same, with "does not match every subschema" as the reason.
import { describe, expect, it } from "vitest";
import { jsonBodyRefusals } from "../__fixtures__/json-body-rules.js";

const document = `
openapi: 3.0.3
info: { title: judged, version: "1" }
servers: [{ url: "https://api.test" }]
paths:
  /zqcards:
    post:
      operationId: createZqcard
      requestBody:
        required: true
        content:
          application/json:
            schema:
              oneOf: [{ $ref: "#/components/schemas/ZqVCard" }, { $ref: "#/components/schemas/ZqMeCard" }]
              discriminator: { propertyName: zqEncoding }
      responses: { "200": { description: ok } }
components:
  schemas:
    ZqVCard:
      type: object
      additionalProperties: false
      required: [zqName]
      properties:
        zqEncoding: { type: string, enum: [zqvcard] }
        zqName: { type: string }
        zqPhone: { type: string }
    ZqMeCard:
      type: object
      additionalProperties: false
      required: [zqName]
      properties:
        zqEncoding: { type: string, enum: [zqmecard] }
        zqName: { type: string }
`;

const refusals = jsonBodyRefusals(document, "https://api.test/zqcards");
const judged = (body: unknown) => refusals(body).map(({ rule, pointer, message }) => ({ rule, pointer, message }));

describe("a discriminated union of closed shapes, judged", () => {
  it("names the shape the value's fields fit", () => {
    const [refusal, ...rest] = judged({ zqEncoding: "zqmecard", zqName: "zq", zqPhone: "1" });
    expect(rest).toEqual([]);
    expect(refusal).toMatchObject({ rule: "discriminator", pointer: "/body/zqEncoding" });
    expect(refusal?.message).toContain(
      'names the shape ZqMeCard ("zqmecard"), and the value has the fields of ZqVCard instead: the value has field ' +
        '"zqPhone", which the schema does not allow',
    );
  });

  it("names no other shape where the value's fields fit none: its named shape's own reason", () => {
    for (const [body, field] of [
      [{ zqEncoding: "zqvcard", zqName: "zq", zqOther: 1 }, "zqOther"],
      [{ zqEncoding: "zqmecard", zqName: "zq", zqPhone: "1", zqOther: 1 }, "zqPhone"],
    ] as const) {
      const refusals = judged(body);
      expect(refusals, JSON.stringify(body)).toEqual([
        {
          rule: "schema",
          pointer: `/body/${field}`,
          message: `the body does not meet its schema: the value has field "${field}", which the schema does not allow`,
        },
      ]);
    }
    expect(judged({ zqEncoding: "zqvcard", zqName: "zq", zqPhone: "1" })).toEqual([]);
  });
});
