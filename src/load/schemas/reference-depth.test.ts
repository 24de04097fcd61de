// A chain of schemas each holding the next through a `$ref` nests as deep as it is long: the walks over schemas
// recurse a level at a time, and a chain of 3,000 overflowed the stack in the mocks' rewrites. Refused first, by its
// depth and place, where the document is read and where a mock is made of it.
import { describe, expect, it } from "vitest";
import { mockDocument } from "../../mocks/mock-document.js";
import { OpenApiDocument } from "../openapi-document.js";
import { parseYamlSource, SourceError } from "../yaml-source.js";
import { MAX_REFERENCED_NESTING, tooDeepThroughReferences } from "./reference-depth.js";

type Json = Record<string, unknown>;

/** A document of `count` schemas, each holding the next by `shape` (the last a text; `back`: the last refers to 0). */
function zqChain(count: number, shape: "allOf" | "oneOf" | "field", back = false): Json {
  const schemas: Json = {};
  for (let i = 0; i < count; i++) {
    const last = i + 1 === count;
    const next = last && !back ? { type: "string" } : { $ref: `#/components/schemas/Zq${last ? 0 : i + 1}` };
    const own = { type: "object", properties: { [`zq${i}`]: { type: "string" } } };
    schemas[`Zq${i}`] =
      shape === "allOf"
        ? { type: "object", additionalProperties: false, allOf: [next, own] }
        : shape === "oneOf"
          ? { type: "object", properties: { zqn: { oneOf: [next, own] } } }
          : { type: "object", properties: { zqnext: next } };
  }
  const body = {
    description: "Zq.",
    content: { "application/json": { schema: { $ref: "#/components/schemas/Zq0" } } },
  };
  return {
    openapi: "3.0.3",
    info: { title: "Zq chain", version: "1" },
    paths: { "/zq": { post: { operationId: "zqPost", requestBody: body, responses: { "200": body } } } },
    components: { schemas },
  };
}

describe("a document whose schemas nest through their $refs", () => {
  for (const shape of ["allOf", "oneOf", "field"] as const) {
    it(`refuses a chain of 3,000 schemas (${shape}) by its depth and place, before any walk`, () => {
      const document = zqChain(3000, shape);
      const deep = tooDeepThroughReferences(document);
      expect(deep?.depth).toBeGreaterThan(MAX_REFERENCED_NESTING);
      expect(deep?.pointer).toMatch(/^#\/components\/schemas\/Zq\d+(\/|$)/);
      let thrown: unknown;
      try {
        new OpenApiDocument(parseYamlSource(JSON.stringify(document), "zq.json"));
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(SourceError);
      expect((thrown as SourceError).code).toBe("BW1002");
      expect((thrown as Error).message).toMatch(
        new RegExp(`^zq\\.json:\\d+:\\d+: refused: the schemas nest ${deep?.depth} levels deep .*rule: depth.*Zq\\d+`),
      );
      expect(() => mockDocument(document, () => false)).toThrow(/rule: depth.*stops at #\/components\/schemas\/Zq/);
    });
  }

  it("reads a chain of 100, and a cycle of 3,000 (cut where it closes, as the walks stop there), as before", () => {
    expect(tooDeepThroughReferences(zqChain(100, "allOf"))).toBeUndefined();
    expect(() => mockDocument(zqChain(100, "allOf"), () => false)).not.toThrow();
    const cycle = zqChain(3000, "field", true);
    // The cycle is one chain 3,000 long however it is entered: refused too, its depth named.
    expect(tooDeepThroughReferences(cycle)?.depth).toBeGreaterThan(MAX_REFERENCED_NESTING);
    expect(tooDeepThroughReferences(zqChain(200, "field", true))).toBeUndefined();
  });
});
