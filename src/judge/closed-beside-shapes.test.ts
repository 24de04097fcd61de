// A body closed (`additionalProperties: false`) beside its allOf members and a
// oneOf of shapes, declaring no field of its own: the judge read it as closed
// over its members' fields alone, so a field of a shape was refused and no
// body met it (every request refused). Read as the publisher means: the
// fields of its members and of its shapes, one shape at a time.
import { describe, expect, it } from "vitest";
import { jsonBodyRules } from "./__fixtures__/json-body-rules.js";

const DOCUMENT = `
openapi: 3.0.3
info: { title: judged, version: "1" }
servers: [{ url: "https://api.test" }]
paths:
  /zqquotes:
    post:
      operationId: quoteZqlamp
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              additionalProperties: false
              allOf: [{ $ref: "#/components/schemas/ZqOptions" }]
              oneOf:
                - allOf: [{ $ref: "#/components/schemas/ZqById" }, { required: [zqLampId] }]
                - allOf: [{ $ref: "#/components/schemas/ZqInline" }, { required: [zqLamp] }]
      responses: { "200": { description: ok } }
components:
  schemas:
    ZqOptions: { type: object, properties: { zqNote: { type: string } } }
    ZqById: { type: object, properties: { zqLampId: { type: string } } }
    ZqInline: { type: object, properties: { zqLamp: { type: object } } }
`;

const rules = jsonBodyRules(DOCUMENT, "https://api.test/zqquotes");

describe("a body closed beside its allOf members and a oneOf of shapes", () => {
  it("takes the fields of one shape beside its members'", () => {
    expect(rules({ zqLampId: "l1" })).toEqual([]);
    expect(rules({ zqLamp: {}, zqNote: "desk" })).toEqual([]);
  });

  it("still refuses a field of neither, both shapes, or none", () => {
    expect(rules({ zqLampId: "l1", zqStray: 1 })).toEqual(["schema"]);
    expect(rules({ zqLampId: "l1", zqLamp: {} })).toEqual(["schema"]);
    expect(rules({ zqNote: "desk" })).toEqual(["schema"]);
  });
});
