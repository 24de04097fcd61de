// A success answer declared as YAML whose schema is a record (an OpenAPI definition in YAML, `{type: object}`, its
// example the YAML text) is served by the mock as YAML text under its YAML type, the file the drafted download reads.
// Before, it was served as JSON under application/json, which the download refused on every success case (a published
// registry's definition in YAML: 11 cases). An error answer of a record under YAML stays JSON.
import { describe, expect, it } from "vitest";
import { mockDocument } from "../mock-document.js";

const document = {
  openapi: "3.0.3",
  info: { title: "zqyaml", version: "1" },
  paths: {
    "/zqdef.yaml": {
      get: {
        responses: {
          "200": {
            description: "the definition in YAML",
            content: {
              "application/yaml": {
                schema: { type: "object" },
                examples: { zqdef: { value: "openapi: 3.0.0\ninfo:\n  title: Zq\n" } },
              },
            },
          },
          "400": { description: "bad", content: { "application/x-yaml": { schema: { type: "object" } } } },
        },
      },
    },
    "/zqrecord": {
      get: {
        responses: {
          "200": {
            description: "a record in YAML",
            content: {
              "text/yaml": {
                schema: { type: "object", properties: { zqName: { type: "string" } } },
                example: { zqName: "a: b" },
              },
              "application/vnd.zq+yaml": { schema: { type: "array", items: { type: "string" } } },
            },
          },
        },
      },
    },
  },
};

type Served = { paths: Record<string, { get: { responses: Record<string, { content: Record<string, unknown> }> } }> };

describe("a success answer of a record declared as YAML", () => {
  const served = mockDocument(document, () => false) as Served;
  const answer = (path: string, status = "200") => served.paths[path]!.get.responses[status]!.content;

  it("is served as YAML text under its YAML type: its examples' text as written, else its example as YAML", () => {
    expect(answer("/zqdef.yaml")).toEqual({
      "application/yaml": {
        schema: { type: "string" },
        examples: { zqdef: { value: "openapi: 3.0.0\ninfo:\n  title: Zq\n" } },
      },
    });
    expect(answer("/zqrecord")).toEqual({
      "text/yaml": { schema: { type: "string" }, example: 'zqName: "a: b"\n' },
      "application/vnd.zq+yaml": { schema: { type: "string" }, example: "- zq\n" },
    });
  });

  it("an error answer's record under YAML stays served as JSON", () => {
    expect(Object.keys(answer("/zqdef.yaml", "400"))).toEqual(["application/json"]);
  });
});
