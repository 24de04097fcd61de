// A field or parameter of `format: byte` (base64 text): the mocks (Prism, ajv-formats) refuse a request whose value is
// no base64. The judge read no byte format (it checked the formats a live answer is held to, byte not among them), so a
// request it kept could be one the mock refused. It reads byte as the mocks and the example check do.
import { describe, expect, it } from "vitest";
import { jsonBodyRefusals } from "./__fixtures__/json-body-rules.js";

const DOCUMENT = `
openapi: 3.0.3
info: { title: zqblobs, version: "1" }
servers: [{ url: "https://zq.example.test" }]
paths:
  /zqblobs:
    post:
      operationId: zqPutBlob
      parameters:
        - { name: zqDigest, in: query, schema: { type: string, format: byte } }
      requestBody:
        content:
          application/json:
            schema: { type: object, properties: { zqData: { type: string, format: byte } } }
      responses: { "204": { description: stored } }
`;

const sent = (query: string, body: unknown) =>
  jsonBodyRefusals(DOCUMENT, `https://zq.example.test/zqblobs${query}`)(body);

describe("a value of format byte, as the request judge reads it", () => {
  it("is kept when base64 (padded, the standard alphabet), in the body and the query", () => {
    expect(sent("?zqDigest=WlE%3D", { zqData: "WlFhYmM+Lw==" })).toEqual([]);
  });

  it("is refused when no base64, as the mocks refuse it", () => {
    expect(sent("", { zqData: "WlFh  YmM=" })).toEqual([
      expect.objectContaining({ message: expect.stringMatching(/\/zqData string does not match format "byte"/) }),
    ]);
    expect(sent("?zqDigest=WlE", {})).toEqual([
      expect.objectContaining({ message: expect.stringMatching(/does not match format "byte"/) }),
    ]);
  });
});
