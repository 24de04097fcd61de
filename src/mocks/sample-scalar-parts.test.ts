// A property whose schema is an `allOf` of scalar parts, one of them without a
// type (`allOf: [{nullable: true}, {$ref: a patterned string}]`): the value is
// the one the whole schema takes, not the first part's plain "example".
import { describe, expect, it } from "vitest";
import { withSampledAnswers } from "./mock-answers.js";
import { DocumentSampler } from "./sample/schema-sample.js";

const schemas = {
  ZqVersion: { type: "string", pattern: "^[0-9]+\\.[0-9]+\\.[0-9]+$" },
  ZqLink: { type: "string", format: "uri" },
  ZqGame: {
    type: "object",
    additionalProperties: false,
    required: ["zqVersion", "zqLink"],
    properties: {
      zqVersion: { allOf: [{ nullable: true }, { $ref: "#/components/schemas/ZqVersion" }], title: "ZqVersion" },
      zqLink: { allOf: [{ nullable: true }, { $ref: "#/components/schemas/ZqLink" }] },
    },
  },
};
const document = {
  openapi: "3.0.0",
  info: { title: "zqscalarparts", version: "1" },
  components: { schemas },
  paths: {
    "/zq": {
      get: {
        responses: {
          "200": {
            description: "ok",
            content: { "application/json": { schema: { $ref: "#/components/schemas/ZqGame" } } },
          },
        },
      },
    },
  },
};

describe("values of scalars in parts (allOf of a typeless part and a string)", () => {
  it("take the part whose value the whole schema accepts", () => {
    const made = new DocumentSampler(document).sample("/components/schemas/ZqGame");
    expect(made?.value).toEqual({
      zqVersion: expect.stringMatching(/^[0-9]+\.[0-9]+\.[0-9]+$/),
      zqLink: expect.stringMatching(/^https:\/\//),
    });
  });

  it("give the mock a made answer, where Prism's broke the pattern", () => {
    const served = withSampledAnswers(document) as typeof document;
    const media = served.paths["/zq"].get.responses["200"].content["application/json"] as {
      example?: { zqVersion?: string };
    };
    expect(media.example?.zqVersion).toMatch(/^[0-9]+\.[0-9]+\.[0-9]+$/);
  });
});
