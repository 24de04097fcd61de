// A mock's made error answer carries the fields an error's reader looks for
// (its message and code), optional as published schemas often leave them: an
// answer of the required fields alone ({}) says nothing, and the contract
// suite's error cases found no message in it.
import { describe, expect, it } from "vitest";
import { withSampledAnswers } from "./mock-answers.js";

const ZqProblem = {
  type: "object",
  properties: {
    code: { type: "string", enum: ["not_found", "conflict"] },
    message: { type: "string", example: "Not found" },
    // An open map: Prism's sampler gets these wrong, so the answer is made here.
    context: { type: "object", additionalProperties: {}, nullable: true },
  },
};
const ZqItem = {
  type: "object",
  required: ["id"],
  properties: {
    id: { type: "string" },
    note: { type: "string" },
    tags: { type: "object", additionalProperties: { type: "string" } },
  },
};

const answer = (name: string) => ({
  description: "an answer",
  content: { "application/json": { schema: { $ref: `#/components/schemas/${name}` } } },
});
const document = {
  openapi: "3.0.3",
  info: { title: "zqerrors", version: "1" },
  components: { schemas: { ZqProblem, ZqItem } },
  paths: {
    "/zqitems/{id}": {
      get: { responses: { "200": answer("ZqItem"), "404": answer("ZqProblem"), "4XX": answer("ZqProblem") } },
    },
  },
};

type Media = { example?: Record<string, unknown> };

describe("a made error answer", () => {
  it(
    "holds the error's optional top-level fields (its message, its code); a success answer only what is " + "required",
    () => {
      const served = withSampledAnswers(document) as typeof document;
      const example = (status: "200" | "404" | "4XX") =>
        (served.paths["/zqitems/{id}"].get.responses[status].content["application/json"] as Media).example;
      for (const status of ["404", "4XX"] as const)
        expect(example(status)).toMatchObject({ code: expect.any(String), message: expect.any(String) });
      expect(Object.keys(example("200") ?? {})).toEqual(["id"]);
    },
  );
});
