// An answer's header whose number schema lists its enum as texts (`type:
// integer, enum: ["410"]`): Prism sent the enum's "410", read it back as the
// number 410, and refused its own answer (not one of the allowed values). The
// mock lists the enum as its type's values; a text that is no such value stays.
import { describe, expect, it } from "vitest";
import { mockDocument } from "./mock-document.js";

const document = (schema: Record<string, unknown>) => ({
  openapi: "3.0.3",
  info: { title: "zqgone", version: "1" },
  components: {
    responses: { Gone: { description: "gone", headers: { "X-Zq-Status": { schema }, "Content-Length": { schema } } } },
  },
  paths: { "/zq/things/{id}": { get: { responses: { "410": { $ref: "#/components/responses/Gone" } } } } },
});
const servedHeaders = (schema: Record<string, unknown>) => {
  const out = mockDocument(document(schema), () => false) as {
    paths: Record<string, { get: { responses: Record<string, { headers: Record<string, { schema: object }> }> } }>;
  };
  return out.paths["/zq/things/{id}"]!.get.responses["410"]!.headers;
};

describe("an answer header's enum in a mock", () => {
  it("lists a number or boolean schema's texts as their values", () => {
    expect(servedHeaders({ type: "integer", enum: ["410", "411"] })["X-Zq-Status"]!.schema).toEqual({
      type: "integer",
      enum: [410, 411],
    });
    expect(servedHeaders({ type: "boolean", enum: ["true"] })["X-Zq-Status"]!.schema).toEqual({
      type: "boolean",
      enum: [true],
    });
  });

  it("keeps a text that is no value of its type beside one that is, and a text schema's enum, as written", () => {
    expect(servedHeaders({ type: "integer", enum: ["4.5", "gone", "410"] })["X-Zq-Status"]!.schema).toEqual({
      type: "integer",
      enum: ["4.5", "gone", 410],
    });
    // None is a value of its type: labels (prism-schemas.ts), the type is served.
    expect(servedHeaders({ type: "integer", enum: ["4.5", "gone"] })["X-Zq-Status"]!.schema).toEqual({
      type: "integer",
    });
    expect(servedHeaders({ type: "string", enum: ["410"] })["X-Zq-Status"]!.schema).toEqual({
      type: "string",
      enum: ["410"],
    });
  });

  it("still leaves out the transport headers", () => {
    expect(Object.keys(servedHeaders({ type: "integer", enum: ["410"] }))).toEqual(["X-Zq-Status"]);
  });
});
