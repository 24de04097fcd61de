// A body closed (`additionalProperties: false`) beside an allOf one of whose members is itself a oneOf of shapes (a
// protobuf `oneof` as Connect's OpenAPI writes it: `allOf: [{common fields}, {oneOf: [{zqDeskId}, {zqShelfId}]}]`):
// the judge read it as closed over its members' own fields alone, so a shape's field was refused and no body met it
// (every request refused, 30 cases of a published document). Read as the publisher means: the members' fields and
// those of the shapes a member holds, one shape at a time.
import { describe, expect, it } from "vitest";
import { jsonBodyRules } from "./__fixtures__/json-body-rules.js";

const DOCUMENT = `
openapi: 3.0.3
info: { title: judged, version: "1" }
servers: [{ url: "https://api.test" }]
paths:
  /zqlamps:
    post:
      operationId: listZqlamps
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: "#/components/schemas/ZqListRequest" }
      responses: { "200": { description: ok } }
components:
  schemas:
    ZqListRequest:
      type: object
      additionalProperties: false
      allOf:
        - properties: { zqRoomId: { type: integer } }
        - oneOf:
            - { properties: { zqDeskId: { type: string } }, required: [zqDeskId] }
            - { properties: { zqShelfId: { type: string } }, required: [zqShelfId] }
`;

const rules = jsonBodyRules(DOCUMENT, "https://api.test/zqlamps");

describe("a body closed beside an allOf whose member is a oneOf of shapes", () => {
  it("takes the fields of one shape beside the members'", () => {
    expect(rules({ zqDeskId: "d1" })).toEqual([]);
    expect(rules({ zqShelfId: "s1", zqRoomId: 4 })).toEqual([]);
  });

  it("still refuses a field of no member or shape, both shapes, or none", () => {
    expect(rules({ zqDeskId: "d1", zqStray: 1 })).toEqual(["schema"]);
    expect(rules({ zqDeskId: "d1", zqShelfId: "s1" })).toEqual(["schema"]);
    expect(rules({ zqRoomId: 4 })).toEqual(["schema"]);
  });
});
