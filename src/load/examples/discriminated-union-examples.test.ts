// An example of a discriminated union is held to the union's letter, as the judge, the mocks' check and verify hold a
// value (load/schemas/kinds-read.ts): the property names the shape, and by OpenAPI it MUST be present. The example
// check read the union as `anyOf` of its shapes alone, so an example without the property (a union whose shape for
// such values is one no mapping names, the document's words saying "omit it") passed generate, the mock answered with
// it, and the mock's own check refused every answer: a red test of the document's own example. The example check now
// names the missing property; a published document's example so is left out (a warning), an own one is an error.
import { describe, expect, it } from "vitest";
import { parseYamlSource } from "../yaml-source.js";
import { validateExamples } from "./openapi-examples.js";

const FILE = "/specs/zqtiles/openapi.yaml";
const document = (example: string, formExtra = "") => `openapi: 3.0.3
info: { title: zqtiles, version: "1" }
servers: [{ url: "https://api.zq.test" }]
paths:
  /zqtiles:
    get:
      operationId: getZqTile
      responses:
        "200":
          description: a tile
          content:
            application/json:
              schema: { type: object, properties: { zqTile: { $ref: "#/components/schemas/ZqTile" } } }
              example: { zqTile: ${example} }
components:
  schemas:
    ZqTile:
      oneOf: [{ $ref: "#/components/schemas/ZqLine" }, { $ref: "#/components/schemas/ZqNote" }]
      discriminator:
        propertyName: zqShow
        mapping: { line: "#/components/schemas/ZqLine", note: "#/components/schemas/ZqNote" }
    ZqLine:
      oneOf: [{ $ref: "#/components/schemas/ZqLineBuilt" }, { $ref: "#/components/schemas/ZqLineSql" }]
      discriminator: { propertyName: zqForm, mapping: { sql: "#/components/schemas/ZqLineSql" }${formExtra} }
    ZqLineBuilt:
      type: object
      required: [zqShow, zqSource]
      properties: { zqShow: { type: string, enum: [line] }, zqSource: { type: string } }
    ZqLineSql:
      type: object
      required: [zqShow, zqForm, zqSql]
      properties:
        zqShow: { type: string, enum: [line] }
        zqForm: { type: string, enum: [sql] }
        zqSql: { type: string }
    ZqNote:
      type: object
      required: [zqShow]
      properties: { zqShow: { type: string, enum: [note] }, zqText: { type: string } }
`;

const problems = (example: string, formExtra?: string) =>
  validateExamples(new Map([[FILE, parseYamlSource(document(example, formExtra), "openapi.yaml")]]), FILE).map(
    (e) => e.message,
  );

describe("an example of a discriminated union, held to its letter", () => {
  it("names the property a value of a nested union lacks, though no shape requires it", () => {
    expect(problems("{ zqShow: line, zqSource: zqs1 }")).toEqual([
      expect.stringMatching(/\/zqTile\/zqForm is required to name the shape \(its union.s discriminator "zqForm"\)/),
    ]);
  });

  it("takes a value naming its shape, by the mapping or by the shape's name", () => {
    expect(problems("{ zqShow: line, zqForm: sql, zqSql: select }")).toEqual([]);
    expect(problems("{ zqShow: line, zqForm: ZqLineBuilt, zqSource: zqs1 }")).toEqual([]);
    expect(problems("{ zqShow: note, zqText: hi }")).toEqual([]);
  });

  it("leaves a value without the property to the shapes where a defaultMapping names the shape of one", () => {
    expect(
      problems("{ zqShow: line, zqSource: zqs1 }", ', defaultMapping: "#/components/schemas/ZqLineBuilt"'),
    ).toEqual([]);
  });
});
