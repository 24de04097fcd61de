// A form body whose schema is one of several object shapes, a field typed differently in each (`zqsize` a text in one
// shape, an integer in the other): the judge typed each pair by the first shape listing its field, so `zqsize=5` was
// the text "5", the second shape (an integer) refused it, the first refused the body's tag, and a body the second
// shape takes was refused ("does not match any subschemas"). Each shape's reading of the pairs is tried; a body no
// shape takes in any reading is still refused.
import { describe, expect, it } from "vitest";
import { OpenApiDocument } from "../load/openapi-document.js";
import { parseYamlSource } from "../load/yaml-source.js";
import { requestJudge, type SentRequest } from "./judge.js";

const DOCUMENT = `
openapi: 3.0.3
info: { title: judged, version: "1" }
servers: [{ url: "https://api.test" }]
paths:
  /zqgrants:
    post:
      operationId: createZqgrant
      requestBody:
        required: true
        content:
          application/x-www-form-urlencoded:
            schema:
              oneOf:
                - type: object
                  required: [zqkind, zqsize]
                  properties: { zqkind: { enum: [zqlabel] }, zqsize: { type: string } }
                - type: object
                  required: [zqkind, zqsize]
                  properties: { zqkind: { enum: [zqcount] }, zqsize: { type: integer }, zqfree: { type: boolean } }
      responses: { "200": { description: ok } }
`;

const judge = requestJudge(new OpenApiDocument(parseYamlSource(DOCUMENT, "judged.yaml")), {
  basePath: "",
  credential: "present",
});
const sent = (form: string): SentRequest => ({
  method: "POST",
  url: "https://api.test/zqgrants",
  headers: new Headers({ "content-type": "application/x-www-form-urlencoded" }),
  body: new TextEncoder().encode(form),
});
const rules = (form: string) => judge(sent(form)).refusals.map((r) => r.rule);

describe("a form body of several object shapes, a field typed differently in each", () => {
  it("takes a body each shape reads as its own (the text of one, the integer and boolean of the other)", () => {
    expect(rules("zqkind=zqlabel&zqsize=large")).toEqual([]);
    expect(rules("zqkind=zqcount&zqsize=5")).toEqual([]);
    expect(rules("zqkind=zqcount&zqsize=5&zqfree=true")).toEqual([]);
  });

  it("still refuses a body no shape takes in its reading", () => {
    expect(rules("zqkind=zqcount&zqsize=large")).toEqual(["schema"]);
    expect(rules("zqkind=zqother&zqsize=5")).toEqual(["schema"]);
  });
});
