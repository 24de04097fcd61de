// A value that is one of several plain forms (`oneOf: [string of 2+, string of 1+, number, integer, boolean]`): the
// judge reads the union as "a value of one of these forms", so a value meeting two forms (an integer is also a
// number, a long string meets both strings) is kept, and one of no form refused. By the letter of `oneOf` the
// first were refused, so the contract suite's random valid inputs failed on any integer.
import { describe, expect, it } from "vitest";
import { jsonBodyRules } from "./__fixtures__/json-body-rules.js";

const DOCUMENT = `
openapi: 3.0.3
info: { title: judged, version: "1" }
servers: [{ url: "https://api.test" }]
paths:
  /zqreadings:
    post:
      operationId: createZqreading
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              properties:
                zqlevel:
                  oneOf:
                    - { type: string, minLength: 2, maxLength: 8 }
                    - { type: string, minLength: 1, maxLength: 8 }
                    - { type: number, format: float }
                    - { type: integer, format: int32 }
                    - { type: boolean }
                zqshape:
                  oneOf:
                    - { type: object, required: [a], properties: { a: { type: integer } } }
                    - { type: object, properties: { b: { type: integer } } }
      responses: { "200": { description: ok } }
`;

const rules = jsonBodyRules(DOCUMENT, "https://api.test/zqreadings");

describe("a oneOf of plain value forms", () => {
  it("keeps a value meeting two forms: an integer (also a number), a string of two or more (both strings)", () => {
    expect(rules({ zqlevel: 0 })).toEqual([]);
    expect(rules({ zqlevel: "abcd" })).toEqual([]);
  });

  it("keeps a value of one form, and refuses one of no form", () => {
    expect(rules({ zqlevel: 1.5 })).toEqual([]);
    expect(rules({ zqlevel: true })).toEqual([]);
    expect(rules({ zqlevel: "toolongvalue" })).toEqual(["schema"]);
    expect(rules({ zqlevel: [] })).toEqual(["schema"]);
  });

  it("holds a oneOf of object shapes a required field tells apart to its letter: a value of two is refused", () => {
    expect(rules({ zqshape: { a: 1 } })).toEqual(["schema"]);
  });
});
