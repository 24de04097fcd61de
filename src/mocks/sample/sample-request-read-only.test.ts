// A request body's field read only through its `$ref` (a record's parent id, a component `readOnly: true` the field
// refers to): the request values made with every field filled (the contract suite's bodies, the SDK comparison's rich
// values) carried it, which OpenAPI says a request does not send; the SDK left it out. A request's value leaves out
// every field read only, its own or its `$ref`'s, as an answer's leaves out those written only.
import { describe, expect, it } from "vitest";
import { DocumentSampler } from "./schema-sample.js";

const document = {
  openapi: "3.0.3",
  info: { title: "zq", version: "1" },
  paths: {},
  components: {
    schemas: {
      ZqId: { type: "string", maxLength: 32, readOnly: true },
      ZqRecord: {
        type: "object",
        required: ["zqName"],
        properties: {
          zqName: { type: "string" },
          zqParentId: { $ref: "#/components/schemas/ZqId" },
          zqCreatedOn: { type: "string", format: "date-time", readOnly: true },
          zqSecret: { type: "string", writeOnly: true },
        },
      },
    },
  },
};
const at = "/components/schemas/ZqRecord";

describe("a request's value made with every field", () => {
  it("leaves out each field read only, its own or through its $ref, and keeps those written only", () => {
    const made = new DocumentSampler(document).sample(at, { everyField: true, request: true })?.value;
    expect(Object.keys(made as object).sort()).toEqual(["zqName", "zqSecret"]);
  });

  it("an answer's still leaves out those written only and keeps those read only", () => {
    const made = new DocumentSampler(document).sample(at, { everyField: true, answer: true })?.value;
    expect(Object.keys(made as object).sort()).toEqual(["zqCreatedOn", "zqName", "zqParentId"]);
  });
});
