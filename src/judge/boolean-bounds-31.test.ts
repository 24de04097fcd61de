// A 3.1 document whose bounds are written as 3.0's (`exclusiveMinimum: true, minimum: 0`, an editor's 3.0 habit):
// 2020-12 has no boolean bound, and the judge's validator compared the value with `true`, read as 1, so that every
// number in (0, 1] was refused ("must be greater than its bound") though add drafted the bound as above 0 and the suite
// sent the least number above it. The judge reads such a bound as 3.0 does; a number bound of 3.1 is unchanged.
import { describe, expect, it } from "vitest";
import { OpenApiDocument } from "../load/openapi-document.js";
import { parseYamlSource } from "../load/yaml-source.js";
import { requestJudge } from "./judge.js";

const DOCUMENT = `
openapi: 3.1.0
info: { title: judged, version: "1" }
servers: [{ url: "https://api.test" }]
paths:
  /zqclips:
    post:
      operationId: createZqclip
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              properties:
                zqscale: { type: number, minimum: 0, exclusiveMinimum: true }
                zqshare: { type: number, maximum: 1, exclusiveMaximum: true, minimum: 0, exclusiveMinimum: false }
                zqspeed: { type: number, exclusiveMinimum: 2 }
      responses: { "200": { description: ok } }
`;

const judge = requestJudge(new OpenApiDocument(parseYamlSource(DOCUMENT, "judged.yaml")), { credential: "form" });
const refusals = (body: object) =>
  judge({
    method: "POST",
    url: "https://api.test/zqclips",
    headers: new Headers({ "content-type": "application/json" }),
    body: new TextEncoder().encode(JSON.stringify(body)),
  }).refusals.map((r) => r.message);

describe("a 3.1 document's boolean exclusive bounds", () => {
  it("take a number inside them, the least above an exclusive 0 too", () => {
    expect(refusals({ zqscale: Number.MIN_VALUE })).toEqual([]);
    expect(refusals({ zqscale: 0.5, zqshare: 0 })).toEqual([]);
    expect(refusals({ zqshare: 0.999 })).toEqual([]);
  });

  it("refuse the bound itself and beyond it", () => {
    expect(refusals({ zqscale: 0 })).toHaveLength(1);
    expect(refusals({ zqshare: 1 })).toHaveLength(1);
    expect(refusals({ zqshare: -0.1 })).toHaveLength(1);
  });

  it("leave a number bound as 3.1 writes it", () => {
    expect(refusals({ zqspeed: 2.5 })).toEqual([]);
    expect(refusals({ zqspeed: 2 })).toHaveLength(1);
  });
});
