// The discriminated unions whose kinds the typed client cannot narrow are found by the load's rewrite walk, not by a
// walk of the whole document of their own (docs/contributing/performance.md, wholegh4): the same warnings in the same
// order, and nothing said of data or an `x-` extension, which that walk steps over and the types' step reads as no
// schema either.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type DiscriminatedUnion, rewriteOnLoad } from "../load-rewrites.js";
import { loadOpenApi } from "../openapi-source.js";
import { parseYamlSource } from "../yaml-source.js";
import { unnarrowedKinds } from "./unnarrowed-kinds.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

/** A union of `kinds` (references), discriminated by `kind`, as a flow mapping. */
const union = (...kinds: string[]) =>
  `{ oneOf: [${kinds.map((k) => `{ $ref: "#/components/schemas/${k}" }`).join(", ")}], ` +
  `discriminator: { propertyName: kind } }`;

// Unions at many depths and in many places: in an operation's body, nested in another union's inline kind, among the
// components before and after the kinds they name, inside arrays; each names a kind that is a union of its own (Zq2).
const document = `openapi: 3.0.3
info: { title: Zq shapes, version: "1" }
paths:
  /zqa:
    post:
      operationId: zqA
      requestBody:
        content:
          application/json:
            schema:
              oneOf:
                - ${union("Zq1", "Zq2")}
                - { type: object, properties: { inner: ${union("Zq2")} } }
              discriminator: { propertyName: kind, mapping: { one: "#/components/schemas/Zq2", two: Zq1 } }
      responses:
        "200":
          description: Made.
          content:
            application/json:
              schema: { type: array, items: ${union("Zq2", "Zq1")} }
components:
  schemas:
    ZqFirst: ${union("Zq2")}
    Zq1: { type: object, properties: { kind: { type: string } } }
    Zq2: { oneOf: [{ type: string }, { type: integer }] }
    ZqLast:
      allOf:
        - { properties: { list: { type: array, items: { anyOf: [${union("Zq2", "Zq1")}] } } } }
`;

describe("the unions the typed client cannot narrow, gathered by the load's rewrite walk", () => {
  it("are said as the document's own walk says them, in its order and at its places", () => {
    const source = parseYamlSource(document, "openapi.yaml");
    const walked = unnarrowedKinds(source).map((w) => w.printed);
    const unions: DiscriminatedUnion[] = [];
    rewriteOnLoad(source.data, unions);
    expect(unions).toHaveLength(6);
    expect(walked).toHaveLength(7);
    expect(unnarrowedKinds(source, unions).map((w) => w.printed)).toEqual(walked);
  });

  it("are what the load reads: a union in an example or an `x-` extension is no schema, and says nothing", async () => {
    const dir = mkdtempSync(join(runScratch(), "blockwright-unnarrowed-gathered-"));
    const file = join(dir, "openapi.yaml");
    const beside = `    ZqNoted:
      type: object
      x-zq-note: ${union("Zq2")}
      example: ${union("Zq2")}
`;
    writeFileSync(file, document + beside);
    let printed: string[];
    try {
      printed = (await loadOpenApi(file, dir)).warnings.map((w) => w.printed);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const source = parseYamlSource(document + beside, "openapi.yaml");
    // The whole document's walk finds those two as well (it reads every object): the load no longer walks it so.
    expect(unnarrowedKinds(source)).toHaveLength(9);
    expect(printed.filter((p) => p.includes("[BW1207]"))).toEqual(
      unnarrowedKinds(parseYamlSource(document, "openapi.yaml")).map((w) => w.printed),
    );
  });
});
