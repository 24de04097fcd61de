// A document's schemas registered once for its data (schema-check.ts judgedSchemas): each judge and checker of one
// document (the read-back judge per credential rule, the made bodies' checker) had registered them again (a whole
// Stripe cut, 0.1–0.2 s each).
import { describe, expect, it } from "vitest";
import { OpenApiDocument } from "../load/openapi-document.js";
import { parseYamlSource } from "../load/yaml-source.js";
import { judgedSchemas } from "./schema-check.js";

const DOCUMENT = `
openapi: 3.0.3
info: { title: zqregistered, version: "1" }
paths:
  /zq-things:
    post:
      requestBody:
        content:
          application/json:
            schema: { $ref: "#/components/schemas/Thing" }
      responses:
        "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Thing" } } } }
components:
  schemas:
    Thing:
      type: object
      properties: { name: { type: string }, part: { $ref: "#/components/schemas/Part" } }
    Part: { type: object, properties: { size: { type: integer } } }
`;

describe("a document's schemas as the judge reads them", () => {
  it("are registered once for the document's data: its judges and checkers read the same, another data its own", () => {
    const source = parseYamlSource(DOCUMENT, "zqregistered.yaml");
    const first = judgedSchemas(new OpenApiDocument(source));
    // Another judge of the same document (the read-back judge of the other credential rule, the made bodies' checker).
    expect(judgedSchemas(new OpenApiDocument(source))).toBe(first);
    expect(Object.keys(first.lookup).length).toBeGreaterThan(1);
    const other = judgedSchemas(new OpenApiDocument(parseYamlSource(DOCUMENT, "zqregistered.yaml")));
    expect(other).not.toBe(first);
    expect(Object.keys(other.lookup)).toEqual(Object.keys(first.lookup));
  });
});
