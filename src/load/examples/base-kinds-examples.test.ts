// An example of a field whose schema is a discriminated base checked as one of the base's kinds, as the mocks and the
// request judge read such a field (load/schemas/base-kinds.ts). The check read the base's own fields alone, so an
// answer's example breaking its kind's own rule (a kind's `format: duration` given `PT12.4272909S`, which no
// validator's duration takes) was kept; the mock served it and refused its own answer: every case of the operation
// failed. Now such an example is left out with its place named, as one breaking the base's own fields is.
import { describe, expect, it } from "vitest";
import { parseYamlSource } from "../yaml-source.js";
import { validateExamples } from "./openapi-examples.js";

const FILE = "/specs/zqkinds/openapi.yaml";
const document = (kindsBy: "name" | "extension", took: string) => `openapi: 3.0.3
info: { title: zqkinds, version: "1" }
paths:
  /zqruns/{zqId}:
    get:
      operationId: getZqRun
      parameters: [{ name: zqId, in: path, required: true, schema: { type: string } }]
      responses:
        "200":
          description: a run
          content:
            application/json:
              schema: { type: object, properties: { zqRun: { $ref: "#/components/schemas/ZqRun" } } }
              example: { zqRun: { zqKind: ${kindsBy === "name" ? "ZqTimedRun" : "zqtimed"}, zqTook: "${took}" } }
components:
  schemas:
    ZqRun:
      type: object
      required: [zqKind]
      properties: { zqKind: { type: string } }
      discriminator: { propertyName: zqKind }
    ZqTimedRun:
      allOf: [{ $ref: "#/components/schemas/ZqRun" }]
      type: object
      properties: { zqTook: { type: string, format: duration } }
${kindsBy === "name" ? "" : "      x-ms-discriminator-value: zqtimed"}
    ZqOtherRun:
      allOf: [{ $ref: "#/components/schemas/ZqRun" }]
      type: object
      properties: { zqWhere: { type: string } }
${kindsBy === "name" ? "" : "      x-ms-discriminator-value: zqother"}
`;

const problems = (kindsBy: "name" | "extension", took: string) =>
  validateExamples(new Map([[FILE, parseYamlSource(document(kindsBy, took), "openapi.yaml")]]), FILE).map(
    (e) => e.message,
  );

describe("an example of a field whose schema is a discriminated base", () => {
  for (const kindsBy of ["name", "extension"] as const) {
    it(`is held to its kind's own fields (kinds named by their schema's ${kindsBy})`, () => {
      expect(problems(kindsBy, "PT12S")).toEqual([]);
      expect(problems(kindsBy, "PT12.4272909S")).toEqual([expect.stringMatching(/^openapi\.yaml:\d+:\d+: .*zqRun.*/)]);
    });
  }
});
