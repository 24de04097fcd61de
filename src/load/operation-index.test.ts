// Operations a document names by operationId, and those it does not: the
// manifest names the latter as `METHOD /path`, and may name any so.
import { describe, expect, it } from "vitest";
import { OpenApiDocument } from "./openapi-document.js";
import { parseYamlSource } from "./yaml-source.js";

const answer = {
  "200": {
    description: "ok",
    content: { "application/json": { schema: { type: "object", properties: { zqid: { type: "string" } } } } },
  },
};
const doc = new OpenApiDocument(
  parseYamlSource(
    JSON.stringify({
      openapi: "3.1.0",
      info: { title: "zq", version: "1" },
      paths: {
        "/zqthings": { get: { responses: answer }, post: { operationId: "zqcreateThing", responses: answer } },
        "/zqthings/{zqid}": { get: { responses: answer } },
      },
    }),
    "openapi.yaml",
  ),
);

describe("operations by name", () => {
  it("names one the document gives no operationId as METHOD /path, and one it does by its operationId", () => {
    expect([...doc.operations.keys()].sort()).toEqual(["GET /zqthings", "GET /zqthings/{zqid}", "zqcreateThing"]);
    expect(doc.operations.get("GET /zqthings/{zqid}")).toMatchObject({
      operationId: "GET /zqthings/{zqid}",
      named: false,
      method: "GET",
      path: "/zqthings/{zqid}",
    });
    expect(doc.operations.get("zqcreateThing")?.named).toBe(true);
  });

  it(
    "finds an operation that has an operationId by its method and path too (a manifest written against a " +
      "version without ids)",
    () => {
      expect(doc.operations.get("POST /zqthings")?.operationId).toBe("zqcreateThing");
      expect(doc.operations.has("POST /zqthings")).toBe(true);
    },
  );

  it("finds nothing for a method or path the document does not have", () => {
    expect(doc.operations.get("DELETE /zqthings")).toBeUndefined();
    expect(doc.operations.get("get /zqthings")).toBeUndefined();
    expect(doc.operations.has("GET /zqother")).toBe(false);
  });
});
