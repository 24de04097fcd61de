// An answer closed beside its `allOf` (`additionalProperties: false` and no fields of its own but the members'),
// reaching a value Prism makes wrong (a pattern): the mock makes the answer (mock-answers.ts), each made value checked
// against the schema. By the letter no value met it (every member field is an additional property of the parent),
// so no answer was made and Prism served its own, which it then refused. The check reads it as the mock's copy is
// read (open-all-of.ts): closed over the members' fields.
import { describe, expect, it } from "vitest";
import { withSampledAnswers } from "./mock-answers.js";

const document = {
  openapi: "3.0.1",
  info: { title: "zqparcel", version: "1" },
  components: {
    schemas: {
      ZqPlace: {
        type: "object",
        additionalProperties: false,
        required: ["zqStreet"],
        properties: { zqStreet: { type: "string" }, zqTown: { type: "string" } },
      },
      ZqParcel: {
        type: "object",
        additionalProperties: false,
        required: ["zqCode", "zqTo"],
        properties: {
          zqCode: { type: "string", pattern: "^zq-[0-9]{4}$" },
          zqTo: { additionalProperties: false, allOf: [{ $ref: "#/components/schemas/ZqPlace" }] },
        },
      },
    },
  },
  paths: {
    "/zqparcels/{id}": {
      get: {
        responses: {
          "200": {
            description: "ok",
            content: { "application/json": { schema: { $ref: "#/components/schemas/ZqParcel" } } },
          },
        },
      },
    },
  },
};

describe("a mock's answer with a field closed beside its allOf", () => {
  it("is made, the field holding its member's fields and no other", () => {
    const served = withSampledAnswers(document) as typeof document;
    const media = served.paths["/zqparcels/{id}"].get.responses["200"].content["application/json"] as {
      example?: { zqCode: string; zqTo: Record<string, unknown> };
    };
    expect(media.example?.zqCode).toMatch(/^zq-[0-9]{4}$/);
    expect(media.example?.zqTo).toMatchObject({ zqStreet: expect.any(String) });
    for (const key of Object.keys(media.example?.zqTo ?? {})) expect(["zqStreet", "zqTown"]).toContain(key);
  });
});
