// A body that is one of several shapes, one of them open to any object (a
// game with a clock, or with days per move, or unlimited: `properties: {}`):
// the judge reads the open shape as "none of the fields the others require",
// so a body with one shape's fields is kept, one with two shapes' fields (or
// part of one) refused, and one with neither kept. By the letter of `oneOf`, the first matched two branches and
// was refused.
import { describe, expect, it } from "vitest";
import { OpenApiDocument } from "../load/openapi-document.js";
import { parseYamlSource } from "../load/yaml-source.js";
import { requestJudge, type SentRequest } from "./judge.js";

const DOCUMENT = `
openapi: 3.1.0
info: { title: judged, version: "1" }
servers: [{ url: "https://api.test" }]
paths:
  /zqmatches:
    post:
      operationId: createZqmatch
      requestBody:
        required: true
        content:
          application/x-www-form-urlencoded:
            schema:
              allOf:
                - oneOf:
                    - { type: object, title: timed, required: [clock.limit, clock.increment], properties: \
{ clock.limit: { type: integer }, clock.increment: { type: integer } } }
                    - { type: object, title: slow, required: [days], properties: { days: { type: integer, enum: [1, \
3] } } }
                    - { type: object, title: unlimited, properties: {} }
                - { type: object, properties: { rated: { type: boolean } } }
      responses: { "200": { description: ok } }
`;

const judge = requestJudge(new OpenApiDocument(parseYamlSource(DOCUMENT, "judged.yaml")), {
  basePath: "",
  credential: "present",
});
const form = (body: string): SentRequest => ({
  method: "POST",
  url: "https://api.test/zqmatches",
  headers: new Headers({ "content-type": "application/x-www-form-urlencoded" }),
  body: new TextEncoder().encode(body),
});
const rules = (body: string) => judge(form(body)).refusals.map((r) => r.rule);

describe("a oneOf with a branch open to any object", () => {
  it("keeps a body with one shape's fields (which also meets the open branch by the letter)", () => {
    expect(rules("clock.limit=300&clock.increment=2&rated=true")).toEqual([]);
    expect(rules("days=3")).toEqual([]);
  });

  it("keeps a body with no shape's fields: the open branch alone", () => {
    expect(rules("rated=false")).toEqual([]);
  });

  it("refuses a body with the fields of two shapes, part of one, or a shape's field out of its limits", () => {
    expect(rules("clock.limit=300&clock.increment=2&days=3")).toEqual(["schema"]);
    expect(rules("clock.limit=300")).toEqual(["schema"]);
    expect(rules("days=2")).toEqual(["schema"]);
  });
});
