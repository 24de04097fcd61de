// A success answer of a record declared as XML alone (a certificate's data, `application/xml` with an object schema):
// drafted a download of its XML types, it was served as JSON (Prism writes no object as XML), and the download
// refused every success case. It is served as an XML document under its XML type; an error's record stays JSON.
import { describe, expect, it } from "vitest";
import { mockDocument } from "../mock-document.js";

const record = {
  type: "object",
  required: ["zqItems", "zqSignature"],
  properties: {
    zqItems: { type: "array", items: { type: "object", properties: { zqName: { type: "string" } } } },
    zqSignature: {
      type: "object",
      properties: { zqAlgorithm: { type: "string", xml: { attribute: true } }, zqValue: { type: "string" } },
    },
  },
};
const answer = (content: unknown) => ({ description: "the data", content });
const document = {
  openapi: "3.0.3",
  info: { title: "zqxml", version: "1" },
  paths: {
    "/zqcertificate": {
      get: {
        responses: {
          "200": answer({ "application/xml": { schema: { $ref: "#/components/schemas/ZqCertificate" } } }),
          "400": answer({ "application/xml": { schema: record } }),
        },
      },
    },
    "/zqgiven": {
      get: {
        responses: {
          "200": answer({
            "text/xml": { schema: record, example: "<zqCert><zqItems/></zqCert>" },
            "application/vnd.zq+xml": { schema: { ...record, xml: { name: "zqCert" } }, example: { zqItems: [] } },
          }),
        },
      },
    },
  },
  components: { schemas: { ZqCertificate: record } },
};

type Served = { paths: Record<string, { get: { responses: Record<string, { content: Record<string, unknown> }> } }> };

describe("a success answer of a record declared as XML", () => {
  const served = mockDocument(document, () => false) as Served;
  const content = (path: string, status = "200") => served.paths[path]!.get.responses[status]!.content;

  it("is served as an XML document rooted at its component's name, its fields made, an attribute as one", () => {
    expect(content("/zqcertificate")).toEqual({
      "application/xml": {
        schema: { type: "string" },
        example:
          '<?xml version="1.0" encoding="UTF-8"?><ZqCertificate><zqItems><zqName>zq</zqName></zqItems>' +
          '<zqSignature zqAlgorithm="zq"><zqValue>zq</zqValue></zqSignature></ZqCertificate>',
      },
    });
  });

  it("serves its example's text as written, else its example written as XML", () => {
    expect(content("/zqgiven")).toEqual({
      "text/xml": { schema: { type: "string" }, example: "<zqCert><zqItems/></zqCert>" },
      "application/vnd.zq+xml": {
        schema: { type: "string" },
        example: '<?xml version="1.0" encoding="UTF-8"?><zqCert></zqCert>',
      },
    });
  });

  it("an error answer's record under XML stays served as JSON", () => {
    expect(Object.keys(content("/zqcertificate", "400"))).toEqual(["application/json"]);
  });
});
