// An error answer the mock makes (the document gives no example) holds one
// item in each list, where an error keeps its messages (zq errorMessages, a
// validation error's detail[].msg): an empty list gave the errors
// expressions nothing to read, and the suite's error cases failed.
import { describe, expect, it } from "vitest";
import { openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { withSampledAnswers } from "./mock-answers.js";

const location = { type: "array", items: { anyOf: [{ type: "string" }, { type: "integer" }] } };
const document = openapi({
  "/zqissues": {
    post: {
      operationId: "createZqissue",
      responses: {
        "201": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }),
        "400": reply({
          type: "object",
          properties: {
            errorMessages: { type: "array", items: { type: "string" } },
            errors: { type: "object", additionalProperties: { type: "string" } },
          },
        }),
        "422": reply({
          type: "object",
          properties: {
            detail: {
              type: "array",
              items: {
                type: "object",
                required: ["loc", "msg", "type"],
                properties: { loc: location, msg: { type: "string" }, type: { type: "string" } },
              },
            },
          },
        }),
      },
    },
  },
});

describe("an error answer the mock makes", () => {
  it("holds one item in each list: the message a list keeps is there to read", () => {
    const served = withSampledAnswers(document) as typeof document;
    const responses = served.paths["/zqissues"].post.responses;
    expect(responses["400"].content["application/json"].example).toMatchObject({ errorMessages: [expect.any(String)] });
    expect(responses["422"].content["application/json"].example).toMatchObject({
      detail: [{ msg: expect.any(String), type: expect.any(String) }],
    });
  });
});
