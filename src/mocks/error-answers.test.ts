// An error answer the mock makes (the document gives no example) holds one
// item in each list, where an error keeps its messages (zq errorMessages, a
// validation error's detail[].msg): an empty list gave the errors
// expressions nothing to read, and the suite's error cases failed. It holds
// the optional objects and lists named for errors too, on the way to the
// message (ZqErrors.ZqError[].Description): without them it said nothing.
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
        // The message in an optional list in an optional object, both named for errors (a code of a pattern: Prism's
        // sampler would break it, so the answer is made).
        "409": reply({
          type: "object",
          properties: {
            ZqErrors: {
              type: "object",
              properties: {
                ZqError: {
                  type: "array",
                  items: {
                    type: "object",
                    properties: { Description: { type: "string" }, ZqCode: { type: "string", pattern: "^[A-Z]+$" } },
                  },
                },
              },
            },
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
  it("holds one item in each list, and the optional ones named for errors: the message is there to read", () => {
    const served = withSampledAnswers(document) as typeof document;
    const responses = served.paths["/zqissues"].post.responses;
    expect(responses["400"].content["application/json"].example).toMatchObject({ errorMessages: [expect.any(String)] });
    expect(responses["409"].content["application/json"].example).toMatchObject({
      ZqErrors: { ZqError: [{ Description: expect.any(String) }] },
    });
    expect(responses["422"].content["application/json"].example).toMatchObject({
      detail: [{ msg: expect.any(String), type: expect.any(String) }],
    });
  });
});
