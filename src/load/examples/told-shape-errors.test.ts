// An example that meets none of a union's shapes where a field tells them apart: a field of a discriminated base, read
// as the union of its kinds (load/schemas/base-kinds.ts), each fixing the field to the value naming it. Every kind
// refused the example, so its message said only "instance does not match any subschemas", naming neither the field nor
// the rule. Now a value naming one kind is held to that kind and its reason told (the field, the rule, the value), and
// a value naming none is told as the field's value against every kind's.
import { describe, expect, it } from "vitest";
import { parseYamlSource } from "../yaml-source.js";
import { validateExamples } from "./openapi-examples.js";
import { OpenApiDocument } from "../openapi-document.js";
import { requestJudge } from "../../judge/judge.js";

const FILE = "/specs/zqkinds/openapi.yaml";
const document = (example: string) => `openapi: 3.0.3
info: { title: zqkinds, version: "1" }
servers: [{ url: "https://api.zq.test" }]
paths:
  /zqruns:
    post:
      operationId: createZqRun
      requestBody:
        content:
          application/json:
            schema: { type: object, properties: { zqRun: { $ref: "#/components/schemas/ZqRun" } } }
      responses:
        "200":
          description: a run
          content:
            application/json:
              schema: { type: object, properties: { zqRun: { $ref: "#/components/schemas/ZqRun" } } }
              example: { zqRun: ${example} }
components:
  schemas:
    ZqRun:
      type: object
      required: [zqKind]
      properties: { zqKind: { type: string } }
      discriminator: { propertyName: zqKind, mapping: { zqtimed: "#/components/schemas/ZqTimedRun" } }
    ZqTimedRun:
      allOf: [{ $ref: "#/components/schemas/ZqRun" }]
      type: object
      properties: { zqTook: { type: integer, maximum: 9 } }
    ZqOtherRun:
      allOf: [{ $ref: "#/components/schemas/ZqRun" }]
      type: object
      required: [zqWhere]
      properties: { zqWhere: { type: string } }
`;

const problems = (example: string) =>
  validateExamples(new Map([[FILE, parseYamlSource(document(example), "openapi.yaml")]]), FILE).map((e) => e.message);

describe("an example meeting none of the kinds a field tells apart", () => {
  it("names the kind's own field, rule and value where the example names a kind", () => {
    expect(problems("{ zqKind: zqtimed, zqTook: 12 }")).toEqual([
      expect.stringMatching(/\/zqRun\/zqTook must be at most 9, got 12$/),
    ]);
    expect(problems("{ zqKind: ZqOtherRun }")).toEqual([
      expect.stringMatching(/\/zqRun lacks required field "zqWhere"/),
    ]);
  });

  it("names the field and every kind's value where the example names none", () => {
    expect(problems('{ zqKind: "zq x" }')).toEqual([
      expect.stringMatching(
        /\/zqRun\/zqKind names no shape of its union .*must be one of "zqtimed", "ZqOtherRun", got "zq x"$/,
      ),
    ]);
  });

  it("tells the request judge's refusal so too", () => {
    const judge = requestJudge(new OpenApiDocument(parseYamlSource(document("{ zqKind: zqtimed }"), "zq.yaml")), {
      credential: "present",
    });
    const judged = (run: unknown) =>
      judge({
        method: "POST",
        url: "https://api.zq.test/zqruns",
        headers: new Headers({ "content-type": "application/json" }),
        body: new TextEncoder().encode(JSON.stringify({ zqRun: run })),
      }).refusals.map((r) => r.message);
    expect(judged({ zqKind: "zqtimed", zqTook: 12 })).toEqual([
      expect.stringMatching(/zqTook must be at most 9, got 12/),
    ]);
    expect(judged({ zqKind: "zqx" })).toEqual([
      expect.stringMatching(/zqKind names no shape of its union .*must be one of .*, got "zqx"/),
    ]);
  });
});
