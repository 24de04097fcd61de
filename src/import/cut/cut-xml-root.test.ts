// An XML body of several fields naming no root, written out of a component of exactly its fields (as a converter writes
// an operation's input members): the cut names the root on the body (xml.name, the component's namespace), since it
// leaves that unreferenced component out; a body of other fields, or of fields two components have, is left as it is.
import { describe, expect, it } from "vitest";
import { cutDocument } from "./cut.js";

const body = (properties: object) => ({
  requestBody: { required: true, content: { "text/xml": { schema: { type: "object", properties } } } },
  responses: { "204": { description: "done" } },
});
const two = { zqFrom: { type: "string" }, zqTo: { type: "string" } };
const document = {
  openapi: "3.0.3",
  info: { title: "zq", version: "1" },
  paths: {
    "/zqmoves": { put: body(two) },
    "/zqswaps": { put: body({ zqLeft: { type: "string" }, zqRight: { type: "string" } }) },
  },
  components: {
    schemas: {
      ZqMoveRequest: { type: "object", xml: { namespace: "https://zq.example/moves" }, properties: two },
      ZqSwapA: { type: "object", properties: { zqLeft: {}, zqRight: {} } },
      ZqSwapB: { type: "object", properties: { zqLeft: {}, zqRight: {} } },
    },
  },
};

const schemaAt = (cut: Record<string, unknown>, path: string) =>
  (cut as { paths: Record<string, { put: ReturnType<typeof body> }> }).paths[path]?.put.requestBody.content["text/xml"]
    .schema;

describe("the cut of an XML body rooted at the component of its fields", () => {
  it("names the root on the body, and leaves the published document as it was", () => {
    const { document: cut } = cutDocument(document, [{ path: "/zqmoves", method: "put" }]);
    expect(schemaAt(cut, "/zqmoves")).toEqual({
      type: "object",
      properties: two,
      xml: { namespace: "https://zq.example/moves", name: "ZqMoveRequest" },
    });
    expect((cut as { components?: { schemas?: object } }).components?.schemas).toBeUndefined();
    expect(schemaAt(document, "/zqmoves")).toEqual({ type: "object", properties: two });
  });

  it("leaves a body whose fields two components have as it is", () => {
    const { document: cut } = cutDocument(document, [{ path: "/zqswaps", method: "put" }]);
    expect(schemaAt(cut, "/zqswaps")).toEqual(schemaAt(document, "/zqswaps"));
  });
});
