// A required field whose schema is an `allOf` of a description and a `$ref` to
// a shared id marked readOnly (`id: {allOf: [{description: …}, {$ref: ZqId}]}`):
// the suite's values and the mocks read the member's readOnly as the field's and
// left the id out of a request, but the judge read readOnly on the field itself
// only, and refused every request body for lacking it.
import { describe, expect, it } from "vitest";
import { jsonBodyRules } from "./__fixtures__/json-body-rules.js";

const DOCUMENT = `
openapi: 3.0.0
info: { title: judged, version: "1" }
servers: [{ url: "https://api.test" }]
paths:
  /zqlessons:
    post:
      operationId: createZqLesson
      requestBody:
        required: true
        content:
          application/json:
            schema:
              allOf: [{ $ref: "#/components/schemas/ZqLesson" }, { required: [zqTitle] }]
      responses: { "201": { description: created } }
components:
  schemas:
    ZqId: { type: integer, minimum: 1, readOnly: true }
    ZqPost:
      type: object
      required: [id, zqOrder]
      properties:
        id: { allOf: [{ description: The post's id. }, { $ref: "#/components/schemas/ZqId" }] }
        zqOrder: { allOf: [{ description: Its place. }, { type: integer, minimum: 0 }] }
    ZqLesson:
      allOf:
        - $ref: "#/components/schemas/ZqPost"
        - { type: object, properties: { zqTitle: { type: string } } }
`;

const rules = jsonBodyRules(DOCUMENT, "https://api.test/zqlessons");

describe("a required field read only through an allOf member of its schema", () => {
  it("is not required of a request", () => {
    expect(rules({ zqTitle: "t", zqOrder: 0 })).toEqual([]);
  });

  it("still requires the fields that are not read only, and holds the id to its schema when sent", () => {
    expect(rules({ zqTitle: "t" })).toEqual(["schema"]);
    expect(rules({ zqOrder: 0 })).toEqual(["schema"]);
    expect(rules({ zqTitle: "t", zqOrder: 0, id: 0 })).toEqual(["schema"]);
  });
});
