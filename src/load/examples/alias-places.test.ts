// The example walk knows a place met before by the value there (walk-place.ts PlacesMet), making a path only when the
// same value is met again: a YAML alias repeats one schema at two places, and each place's example is checked and
// named at its own place, as when every place met was kept as a text of its path.
import { describe, expect, it } from "vitest";
import { parseYamlSource } from "../yaml-source.js";
import { validateExamples } from "./openapi-examples.js";
import { PlacesMet } from "./walk-place.js";

const FILE = "/specs/zqshared/openapi.yaml";
const response = (path: string, id: string, schema: string) => `  ${path}:
    get:
      operationId: ${id}
      responses:
        "200":
          description: the items
          content:
            application/json:
              schema: ${schema}`;
const document = [
  "openapi: 3.0.3",
  'info: { title: zqshared, version: "1" }',
  "paths:",
  response("/zqa", "getZqA", "&zqItem\n                type: object"),
  '                properties: { zqCount: { type: integer, example: "many" } }',
  response("/zqb", "getZqB", "*zqItem"),
  "",
].join("\n");

describe("the example walk's places met", () => {
  it("checks a schema a YAML alias repeats at each of its places", () => {
    const problems = validateExamples(new Map([[FILE, parseYamlSource(document, "openapi.yaml")]]), FILE);
    expect(problems.map((p) => p.printed)).toEqual(
      ["/zqa", "/zqb"].map((path) =>
        expect.stringContaining(
          `the example of the schema at paths.${path}.get.responses.200.content.application/json.schema.properties.` +
            `zqCount does not match its schema: (the whole example) must be integer, got "many" [BW1204]`,
        ),
      ),
    );
  });

  it("knows a place by its value and its path, not its value alone", () => {
    const places = new PlacesMet();
    const value = { type: "string" };
    const at = (path: (string | number)[], file = FILE) => ({ file, path, value });
    expect(places.meet(at(["components", "schemas", "ZqA"]))).toBe(false);
    expect(places.meet(at(["components", "schemas", "ZqA"]))).toBe(true);
    expect(places.meet(at(["components", "schemas", "ZqB"]))).toBe(false);
    expect(places.meet(at(["components", "schemas", "ZqB"]))).toBe(true);
    expect(places.meet(at(["components", "schemas", "ZqA"], "/specs/zqshared/other.yaml"))).toBe(false);
    expect(places.meet(at(["paths", "/zq", "get", "parameters", 0]))).toBe(false);
    expect(places.meet(at(["paths", "/zq", "get", "parameters", "0"]))).toBe(true);
    expect(places.meet({ file: FILE, path: ["components", "schemas", "ZqA"], value: { type: "string" } })).toBe(false);
  });
});
