// An object that lists more properties than its maxProperties lets in (a
// JSON:API error's source: one of parameter, pointer, example): Prism's
// sampler filled them all and refused its own answer (Amadeus' errors). The
// mock answers with a made value that holds no more than it may.
import { describe, expect, it } from "vitest";
import { withSampledAnswers } from "./mock-answers.js";

const zqSource = {
  type: "object",
  maxProperties: 1,
  properties: { parameter: { type: "string" }, pointer: { type: "string" }, example: { type: "string" } },
};
const zqIssue = {
  type: "object",
  properties: { code: { type: "integer" }, title: { type: "string" }, source: zqSource },
};
const document = {
  openapi: "3.0.1",
  info: { title: "zqissues", version: "1" },
  components: {
    schemas: {
      ZqErrors: { type: "object", required: ["errors"], properties: { errors: { type: "array", items: zqIssue } } },
    },
  },
  paths: {
    "/zqplaces": {
      get: {
        responses: {
          "400": {
            description: "bad",
            content: { "application/json": { schema: { $ref: "#/components/schemas/ZqErrors" } } },
          },
        },
      },
    },
  },
};

describe("a mock's answer whose object lists more properties than maxProperties allows", () => {
  it("is a made value with at most that many, its text fields otherwise given", () => {
    const served = withSampledAnswers(document) as typeof document;
    const { example } = served.paths["/zqplaces"].get.responses["400"].content["application/json"] as {
      example?: { errors: { title?: unknown; source?: object }[] };
    };
    expect(example?.errors.length).toBeGreaterThan(0);
    for (const issue of example!.errors) {
      expect(typeof issue.title).toBe("string");
      if (issue.source) expect(Object.keys(issue.source).length).toBeLessThanOrEqual(1);
    }
  });
});
