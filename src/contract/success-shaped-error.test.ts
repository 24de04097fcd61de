// An error answer a document declares with its success answer's schema (a 400 that copied the transcript's: metadata
// and results, a summary among them): the resource itself, which holds no message to miss. The suite failed the error
// case because a field named "summary" might hold one; a shared envelope naming a message keeps the check.
import { describe, expect, it } from "vitest";
import { OpenApiDocument } from "../load/openapi-document.js";
import { parseYamlSource } from "../load/yaml-source.js";
import { declaredAsSuccess } from "./kinds/error.js";

const json = (ref: string) => ({
  content: { "application/json": { schema: { $ref: `#/components/schemas/${ref}` } } },
});
const doc = new OpenApiDocument(
  parseYamlSource(
    JSON.stringify({
      openapi: "3.1.0",
      info: { title: "zq", version: "1" },
      paths: {
        "/zqlisten": {
          post: {
            operationId: "zqlisten",
            responses: { "200": json("ZqTranscript"), "400": json("ZqTranscript"), "500": json("ZqProblem") },
          },
        },
        "/zqlisten/async": {
          post: { operationId: "zqlistenAsync", responses: { "200": json("ZqResult"), "400": json("ZqTranscript") } },
        },
        "/zqjobs": {
          post: { operationId: "zqjobs", responses: { "200": json("ZqEnvelope"), "400": json("ZqEnvelope") } },
        },
      },
      components: {
        schemas: {
          ZqTranscript: {
            type: "object",
            properties: {
              metadata: { type: "object", properties: { request_id: { type: "string" } } },
              results: {
                type: "object",
                properties: { summary: { type: "object", properties: { short: { type: "string" } } } },
              },
            },
          },
          ZqResult: {
            oneOf: [
              { $ref: "#/components/schemas/ZqTranscript" },
              { type: "object", properties: { request_id: { type: "string" } } },
            ],
          },
          ZqProblem: { type: "object", properties: { err_msg: { type: "string" } } },
          ZqEnvelope: {
            type: "object",
            properties: { code: { type: "integer" }, message: { type: "string" }, data: {} },
          },
        },
      },
    }),
    "openapi.yaml",
  ),
);

const answer = (id: string, status: string) => {
  const op = doc.operations.get(id)!;
  return [doc, op, op.responses.find((r) => r.status === status)!] as const;
};

describe("an error answer declared with the success answer's schema", () => {
  it("is the resource itself: no message to miss", () => {
    expect(declaredAsSuccess(...answer("zqlisten", "400"))).toBe(true);
    // Or one branch of the success answer's union (a transcript, or a request id when a callback is given).
    expect(declaredAsSuccess(...answer("zqlistenAsync", "400"))).toBe(true);
  });

  it("an error schema of its own, or a shared envelope that names a message, keeps the check", () => {
    expect(declaredAsSuccess(...answer("zqlisten", "500"))).toBe(false);
    expect(declaredAsSuccess(...answer("zqjobs", "400"))).toBe(false);
  });
});
