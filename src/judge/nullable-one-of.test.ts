// A nullable `oneOf` one of whose branches admits null already (a state's
// `{nullable: true, oneOf: [{$ref: ZqStateEnum}, {$ref: ZqBlankEnum},
// {$ref: ZqNullEnum}]}`, ZqNullEnum `enum: [null]`): the judge read `nullable`
// as one more branch of null, so null matched two branches of "exactly one"
// and every request sending it was refused, though the document and the mocks
// admit it. Read as "null, or exactly one of the branches".
import { describe, expect, it } from "vitest";
import { jsonBodyRules } from "./__fixtures__/json-body-rules.js";

const DOCUMENT = `
openapi: 3.0.3
info: { title: judged, version: "1" }
servers: [{ url: "https://api.test" }]
paths:
  /zqtalks:
    post:
      operationId: createZqTalk
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: "#/components/schemas/ZqTalk" }
      responses: { "201": { description: created } }
components:
  schemas:
    ZqStateEnum: { type: string, enum: [submitted, accepted] }
    ZqBlankEnum: { enum: [""] }
    ZqNullEnum: { enum: [null] }
    ZqTalk:
      type: object
      properties:
        zqState:
          nullable: true
          oneOf:
            - $ref: "#/components/schemas/ZqStateEnum"
            - $ref: "#/components/schemas/ZqBlankEnum"
            - $ref: "#/components/schemas/ZqNullEnum"
        zqIcon:
          nullable: true
          oneOf: [{ type: string, enum: [web, git] }, { type: integer }]
        zqProxy:
          description: "Null turns the proxy off."
          nullable: true
          type: object
          oneOf:
            - { type: object, properties: { zqMode: { enum: [home] } }, required: [zqMode] }
            - type: object
              properties: { zqMode: { enum: [shop] }, zqPort: { type: integer } }
              required: [zqMode, zqPort]
        zqTags:
          nullable: true
          type: array
          allOf: [{ items: { type: string } }, { maxItems: 2 }]
`;

const rules = jsonBodyRules(DOCUMENT, "https://api.test/zqtalks");

describe("a nullable oneOf", () => {
  it("takes null, whether a branch admits it or only nullable does", () => {
    expect(rules({ zqState: null })).toEqual([]);
    expect(rules({ zqIcon: null })).toEqual([]);
  });

  // `type` beside the union (Speakeasy's and NestJS's output): the type alone took null, its `oneOf` refused it.
  it("takes null where a type stands beside the union too, and still judges a value by its branches", () => {
    expect(rules({ zqProxy: null, zqTags: null })).toEqual([]);
    expect(rules({ zqProxy: { zqMode: "shop", zqPort: 8 }, zqTags: ["a"] })).toEqual([]);
    expect(rules({ zqProxy: { zqMode: "shop" } })).toEqual(["schema"]);
    expect(rules({ zqTags: ["a", "b", "c"] })).toEqual(["schema"]);
  });

  it("takes a value of exactly one branch, and refuses one of none", () => {
    expect(rules({ zqState: "accepted", zqIcon: "web" })).toEqual([]);
    expect(rules({ zqState: "", zqIcon: 3 })).toEqual([]);
    expect(rules({ zqState: "gone" })).toEqual(["schema"]);
    expect(rules({ zqIcon: "mail" })).toEqual(["schema"]);
  });
});
