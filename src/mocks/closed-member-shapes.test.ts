// The mock's copy (for Prism) of a body closed beside an allOf one of whose members is a oneOf of shapes (a protobuf
// `oneof` as Connect's OpenAPI writes it): read as closed over the members' own fields alone, Prism refused every body
// holding a shape's field. Read as the publisher means (open-all-of.ts), checked with Ajv, the validator Prism uses.
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { MeantSchemas, withOpenAllOfMembers } from "./open-all-of.js";

type Json = Record<string, unknown>;
const store = new MeantSchemas();
const closed: Json = {
  type: "object",
  additionalProperties: false,
  allOf: [
    { properties: { zqRoomId: { type: "integer" } } },
    {
      oneOf: [
        { properties: { zqDeskId: { type: "string" } }, required: ["zqDeskId"] },
        { properties: { zqShelfId: { type: "string" } }, required: ["zqShelfId"] },
      ],
    },
  ],
};
const body = { content: { "application/json": { schema: closed } } };
const validator = (schema: unknown) => new Ajv({ strict: false }).compile(schema as Json);
const opened = withOpenAllOfMembers(body, (v) => v, store) as typeof body;
const valid = validator(opened.content["application/json"].schema);

describe("the mock's copy of a body closed beside an allOf whose member is a oneOf of shapes", () => {
  it("by the letter refuses a body of one shape", () => {
    expect(validator(closed)({ zqDeskId: "d1" })).toBe(false);
  });

  it("takes one shape's fields beside the members', and still refuses a stray field, two shapes or none", () => {
    expect([valid({ zqDeskId: "d1" }), valid({ zqShelfId: "s1", zqRoomId: 4 })]).toEqual([true, true]);
    expect([
      valid({ zqDeskId: "d1", zqStray: 1 }),
      valid({ zqDeskId: "d1", zqShelfId: "s1" }),
      valid({ zqRoomId: 4 }),
    ]).toEqual([false, false, false]);
  });
});
