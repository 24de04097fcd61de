// A multipart body of several object shapes whose field is a file in one, an address in another and an integer id in
// the third: Prism reads every part as text, so the id the runtime sends as a text part met no shape ("must match
// exactly one schema in oneOf") and every call of the id's shape was refused by the mock. The mock takes any of the
// shapes, each one's number, integer and boolean fields their text too; the request judge holds the body to its oneOf.
import AjvModule from "ajv";
import { describe, expect, it } from "vitest";
import { mockDocument } from "./mock-document.js";

const Ajv = AjvModule.default ?? AjvModule;

const shapes = [
  {
    type: "object",
    required: ["zqsource", "zqtarget"],
    properties: { zqsource: { type: "string", format: "binary" } },
  },
  { type: "object", required: ["zqsource", "zqtarget"], properties: { zqsource: { type: "string", format: "uri" } } },
  {
    type: "object",
    required: ["zqsource", "zqtarget"],
    properties: { zqsource: { type: "integer" }, zqsync: { type: "boolean" } },
  },
];
const doc = {
  openapi: "3.0.3",
  info: { title: "zqjobs", version: "1" },
  paths: {
    "/zq/jobs": {
      post: {
        requestBody: { required: true, content: { "multipart/form-data": { schema: { oneOf: shapes } } } },
        responses: { "201": { description: "made" } },
      },
    },
  },
};

describe("a mock's multipart body of several object shapes, a field typed differently in each", () => {
  it("takes an id or a flag as the text Prism reads its part as, and still needs a shape's required fields", () => {
    const served = mockDocument(doc, () => false) as typeof doc;
    const schema = (served.paths["/zq/jobs"].post.requestBody.content["multipart/form-data"] as { schema: object })
      .schema;
    const check = new Ajv({ strict: false, validateFormats: false }).compile(schema);
    expect(check({ zqsource: "123", zqtarget: "bmp" })).toBe(true);
    expect(check({ zqsource: "123", zqtarget: "bmp", zqsync: "true" })).toBe(true);
    expect(check({ zqtarget: "bmp" })).toBe(false);
    expect(doc.paths["/zq/jobs"].post.requestBody.content["multipart/form-data"].schema).toEqual({ oneOf: shapes });
  });
});
