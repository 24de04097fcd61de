// A body that is one of several object shapes nothing tells apart (a matrix
// of from and to points, or of one list of points: each lists its fields,
// none requires any, none closes): by the letter of `oneOf` every object met
// both and was refused, the document's own example among them. The judge
// reads each shape as closed over its own fields, and the mock as the judge
// (src/mocks/open-all-of.ts): a body of one shape's fields, or of the fields
// they share, is kept; one mixing two shapes' own fields, or of no shape's
// fields, refused.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { startMocks } from "../mocks/mocks.js";
import { indistinctShapes } from "../model/indistinct-shapes.js";
import { jsonBodyRules } from "./__fixtures__/json-body-rules.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const DOCUMENT = `
openapi: 3.0.3
info: { title: judged, version: "1" }
servers: [{ url: "https://api.test" }]
paths:
  /zqmatrix:
    post:
      operationId: calculateZqmatrix
      requestBody:
        required: true
        content:
          application/json:
            schema:
              oneOf:
                - $ref: "#/components/schemas/ZqPairs"
                - $ref: "#/components/schemas/ZqSquare"
      responses:
        "200":
          description: ok
          content: { application/json: { schema: { type: object }, example: {} } }
components:
  schemas:
    ZqPairs:
      type: object
      properties:
        from_points: { type: array, items: { type: array, items: { type: number } } }
        to_points: { type: array, items: { type: array, items: { type: number } } }
        vehicle: { type: string }
    ZqSquare:
      type: object
      properties:
        points: { type: array, items: { type: array, items: { type: number } } }
        vehicle: { type: string }
`;

const BODIES: [unknown, boolean][] = [
  [{ from_points: [[1, 2]], to_points: [[3, 4]], vehicle: "car" }, true],
  [{ points: [[1, 2]], vehicle: "car" }, true],
  [{ vehicle: "car" }, true],
  [{ from_points: [[1, 2]], points: [[3, 4]] }, false],
  [{ zq_unknown: 1 }, false],
  [{ points: "not a list" }, false],
];

/**
 * An item whose fields are declared beside a union of "its place, its place's id, or its address" (an `allOf` member
 * beside the item's fields, and a union with fields of its own): those fields are the item's whatever its shape.
 */
const BESIDE = `
openapi: 3.0.3
info: { title: judged, version: "1" }
servers: [{ url: "https://api.test" }]
paths:
  /zqitems:
    post:
      operationId: addZqitem
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: "#/components/schemas/ZqItem" }
      responses:
        "200":
          description: ok
          content: { application/json: { schema: { type: object }, example: {} } }
components:
  schemas:
    ZqItemFields:
      type: object
      properties:
        zq_label: { type: string }
    ZqItem:
      allOf:
        - $ref: "#/components/schemas/ZqItemFields"
        - type: object
          properties:
            zq_kind: { type: string, enum: [zqtag, zqrelay] }
        - $ref: "#/components/schemas/ZqWhere"
    ZqWhere:
      properties:
        zq_note: { type: string }
      oneOf:
        - { type: object, properties: { zq_place: { type: object } } }
        - { type: object, properties: { zq_place_id: { type: string } } }
        - { type: object, properties: { zq_place_url: { type: string } } }
`;

const BESIDE_BODIES: [unknown, boolean][] = [
  [{ zq_kind: "zqtag" }, true],
  [{ zq_label: "zq", zq_kind: "zqrelay", zq_note: "n" }, true],
  [{ zq_label: "zq", zq_place_id: "p1" }, true],
  [{ zq_kind: "zqtag", zq_place_id: "p1", zq_place_url: "https://zq.test" }, false],
  [{ zq_kind: "zqother" }, false],
  [{ zq_unknown: 1 }, false],
];

const work = mkdtempSync(join(runScratch(), "blockwright-indistinct-one-of-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The judge of `document` keeps each body kept, and refuses each other for its schema (a POST to `path`). */
function judged(document: string, path: string, bodies: [unknown, boolean][]): void {
  const rules = jsonBodyRules(document, `https://api.test${path}`);
  for (const [body, kept] of bodies) {
    const refusals = rules(body);
    expect({ body, refusals }).toEqual({ body, refusals: kept ? [] : ["schema"] });
  }
}

/** The mock of `document` answers each body kept with 200 and no violation, and refuses each other with 422. */
async function mocked(document: string, name: string, path: string, bodies: [unknown, boolean][]): Promise<void> {
  const dir = join(work, "specs");
  mkdirSync(join(dir, name), { recursive: true });
  writeFileSync(join(dir, name, "openapi.yaml"), JSON.stringify(parse(document)));
  const mocks = await startMocks([name], { specsDir: dir, logLevel: "silent" });
  try {
    for (const [body, kept] of bodies) {
      const response = await fetch(`${mocks.urls[name]}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify(body),
      });
      await response.arrayBuffer();
      const violations = kept ? JSON.parse(response.headers.get("sl-violations") ?? "[]") : [];
      expect({ body, status: response.status, violations }).toEqual({
        body,
        status: kept ? 200 : 422,
        violations: [],
      });
    }
  } finally {
    await mocks.close();
  }
}

describe("a oneOf of object shapes nothing tells apart", () => {
  it("the judge keeps a body of one shape's fields, or of those they share; refuses one that mixes or has none", () => {
    judged(DOCUMENT, "/zqmatrix", BODIES);
  });

  it("the mock reads it as the judge does", async () => {
    await mocked(DOCUMENT, "zqmatrix", "/zqmatrix", BODIES);
  });

  it(
    "each shape takes the fields declared beside the union (the allOf's other members, its own): the judge and " +
      "the mock keep a body of those, refuse one that mixes two shapes' own fields",
    async () => {
      judged(BESIDE, "/zqitems", BESIDE_BODIES);
      await mocked(BESIDE, "zqitems", "/zqitems", BESIDE_BODIES);
    },
  );

  it("leaves shapes a tag tells apart (a field each lists with a value of its own) to the letter", () => {
    // Closing them over their own fields would refuse the fields their union's siblings declare.
    const shape = (tag: string, field: string) => ({
      type: "object",
      properties: { zqkind: { type: "string", enum: [tag] }, [field]: { type: "integer" } },
    });
    expect(indistinctShapes([shape("zqwidth", "zq_width"), shape("zqdepth", "zq_depth")])).toBe(false);
    const sameTag = [shape("zqwidth", "zq_width"), shape("zqwidth", "zq_depth")];
    expect(indistinctShapes(sameTag)).toBe(true);
  });
});
