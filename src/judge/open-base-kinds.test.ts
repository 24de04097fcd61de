// A field of a discriminated base whose property naming its kinds the document marks open (AutoRest's `x-ms-enum`
// with `modelAsString: true`: the kinds listed are the known ones, the service sends and takes others, each the base
// itself). The judge (and a mock's copy of the document) read a field of a base as the union of its kinds
// (load/schemas/base-kinds.ts), so a value of no listed kind was refused: a directory document's own answer example
// (`policy_config: {name: DEFAULT}` beside the kinds `Default`, `Bandit`…) failed every case of its operation. An
// open base takes a value naming no kind as the base; a listed kind is still held to its own fields, and a base whose
// property is not marked open still to its kinds.
import { describe, expect, it } from "vitest";
import { jsonBodyRules } from "./__fixtures__/json-body-rules.js";

const document = (open: boolean) => `
openapi: 3.0.3
info: { title: judged, version: "1" }
servers: [{ url: "https://api.test" }]
paths:
  /zqruns:
    post:
      operationId: createZqrun
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: "#/components/schemas/ZqRun" }
      responses: { "200": { description: ok } }
components:
  schemas:
    ZqRun:
      type: object
      required: [zqPolicy]
      properties: { zqPolicy: { $ref: "#/components/schemas/ZqPolicy" } }
    ZqPolicy:
      type: object
      required: [zqName]
      discriminator: { propertyName: zqName }
      properties:
        zqName: { type: string${open ? ", x-ms-enum: { name: ZqName, modelAsString: true }" : ""} }
    ZqBandit:
      allOf:
        - { $ref: "#/components/schemas/ZqPolicy" }
        - { type: object, required: [zqSlack], properties: { zqSlack: { type: number } } }
      x-ms-discriminator-value: Bandit
    ZqPlain:
      allOf: [{ $ref: "#/components/schemas/ZqPolicy" }]
      x-ms-discriminator-value: Plain
`;

const rules = (open: boolean, body: unknown) => jsonBodyRules(document(open), "https://api.test/zqruns")(body);

describe("a field of a base whose kinds' property is marked open", () => {
  it("takes a value naming no listed kind, as the base itself", () => {
    expect(rules(true, { zqPolicy: { zqName: "DEFAULT" } })).toEqual([]);
  });

  it("holds a listed kind to its own fields still", () => {
    expect(rules(true, { zqPolicy: { zqName: "Bandit", zqSlack: 0.2 } })).toEqual([]);
    expect(rules(true, { zqPolicy: { zqName: "Plain" } })).toEqual([]);
    // Naming a kind whose fields it lacks while it has another's: the discriminator's refusal, as a union's.
    expect(rules(true, { zqPolicy: { zqName: "Bandit" } })).toEqual(["discriminator"]);
  });

  it("not marked open, refuses a value of no listed kind", () => {
    expect(rules(false, { zqPolicy: { zqName: "DEFAULT" } })).toEqual(["discriminator"]);
    expect(rules(false, { zqPolicy: { zqName: "Plain" } })).toEqual([]);
  });
});
