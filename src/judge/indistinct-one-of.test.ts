// A body that is one of several object shapes nothing tells apart (a matrix
// of from and to points, or of one list of points: each lists its fields,
// none requires any, none closes): by the letter of `oneOf` every object met
// both and was refused, the document's own example among them. The judge
// reads each shape as closed over its own fields, and the mock as the judge
// (src/mocks/open-all-of.ts): a body of one shape's fields, or of the fields
// they share, is kept; one mixing two shapes' own fields, or of no shape's
// fields, refused.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { OpenApiDocument } from "../load/openapi-document.js";
import { parseYamlSource } from "../load/yaml-source.js";
import { startMocks } from "../mocks/mocks.js";
import { requestJudge } from "./judge.js";

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

const work = mkdtempSync(join(tmpdir(), "blockwright-indistinct-one-of-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("a oneOf of object shapes nothing tells apart", () => {
  it("the judge keeps a body of one shape's fields, or of those they share; refuses one that mixes or has none", () => {
    const judge = requestJudge(new OpenApiDocument(parseYamlSource(DOCUMENT, "judged.yaml")), {
      basePath: "",
      credential: "present",
    });
    for (const [body, kept] of BODIES) {
      const refusals = judge({
        method: "POST",
        url: "https://api.test/zqmatrix",
        headers: new Headers({ "content-type": "application/json" }),
        body: new TextEncoder().encode(JSON.stringify(body)),
      }).refusals.map((r) => r.rule);
      expect({ body, refusals }).toEqual({ body, refusals: kept ? [] : ["schema"] });
    }
  });

  it("the mock reads it as the judge does", async () => {
    const dir = join(work, "specs");
    mkdirSync(join(dir, "zqmatrix"), { recursive: true });
    writeFileSync(join(dir, "zqmatrix", "openapi.yaml"), JSON.stringify(parse(DOCUMENT)));
    const mocks = await startMocks(["zqmatrix"], { specsDir: dir, logLevel: "silent" });
    try {
      for (const [body, kept] of BODIES) {
        const response = await fetch(`${mocks.urls.zqmatrix}/zqmatrix`, {
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
  });
});
