// A success answer declared as CSV whose schema is a record or a list of records is served by the mock as CSV text made
// from the record (a header row, a row of its example's values), under its CSV type. Before, it was served as JSON
// under application/json, which the drafted download of the CSV refused on every success case (a published document's
// transactions export, application/csv of one record: 18 of 40 cases passed). An error answer of a record under CSV
// stays JSON, which the runtime reads the message of.
import { describe, expect, it } from "vitest";
import { mockDocument } from "../mock-document.js";

const row = {
  type: "object",
  properties: {
    zqName: { type: "string", example: 'a, "b"' },
    zqCount: { type: "integer" },
    zqOn: { type: "boolean" },
  },
};
const document = {
  openapi: "3.0.3",
  info: { title: "zqrows", version: "1" },
  components: { schemas: { ZqRow: row } },
  paths: {
    "/zqrows": {
      get: {
        responses: {
          "200": {
            description: "rows",
            content: {
              "text/csv; header=present": { schema: { type: "array", items: { $ref: "#/components/schemas/ZqRow" } } },
            },
          },
          "400": { description: "bad", content: { "text/csv": { schema: { $ref: "#/components/schemas/ZqRow" } } } },
        },
      },
    },
    "/zqrow": {
      get: {
        responses: {
          "200": {
            description: "one row",
            content: { "application/csv": { schema: { $ref: "#/components/schemas/ZqRow" }, example: { zqCount: 7 } } },
          },
        },
      },
    },
    "/zqmap": {
      get: {
        responses: {
          "200": {
            description: "any fields",
            content: { "text/csv": { schema: { type: "object", additionalProperties: { type: "string" } } } },
          },
        },
      },
    },
  },
};

type Served = { paths: Record<string, { get: { responses: Record<string, { content: Record<string, unknown> }> } }> };

describe("a success answer of records declared as CSV", () => {
  const served = mockDocument(document, () => false) as Served;
  const answer = (path: string, status = "200") => served.paths[path]!.get.responses[status]!.content;

  it("is served as CSV text under its CSV type: a header row of the fields, a row of their examples", () => {
    expect(answer("/zqrows")).toEqual({
      "text/csv; header=present": {
        schema: { type: "string" },
        example: 'zqName,zqCount,zqOn\r\n"a, ""b""",1,true\r\n',
      },
    });
    expect(answer("/zqrow")).toEqual({
      "application/csv": { schema: { type: "string" }, example: 'zqName,zqCount,zqOn\r\n"a, ""b""",7,true\r\n' },
    });
    expect(answer("/zqmap")).toEqual({ "text/csv": { schema: { type: "string" }, example: "zq\r\nzq\r\n" } });
  });

  it("an error answer's record under CSV stays served as JSON", () => {
    expect(Object.keys(answer("/zqrows", "400"))).toEqual(["application/json"]);
  });
});
