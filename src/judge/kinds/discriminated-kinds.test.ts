// A discriminated union judged by OpenAPI's letter: the property's value selects the shape (the mapping's value, else
// the schema's name), a value naming none is refused, and so is one naming a kind whose fields the body lacks while it
// has another's; each refusal's rule is `discriminator`, at the property, with the value. Read as `anyOf` (as the
// example check registers a discriminated `oneOf`), the judge took each of these bodies: the suite's green proved
// nothing of a client sending a wrong kind. Each request here is made by hand, not by the client: the judge holds it
// whoever sent it.
import { describe, expect, it } from "vitest";
import { parseYamlSource } from "../../load/yaml-source.js";
import { DocumentSampler } from "../../mocks/sample/schema-sample.js";
import { jsonBodyRefusals } from "../__fixtures__/json-body-rules.js";

const document = (open = false) => `
openapi: 3.0.3
info: { title: judged, version: "1" }
servers: [{ url: "https://api.test" }]
paths:
  /zqtools:
    post:
      operationId: createZqtool
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: "#/components/schemas/ZqTool" }
      responses: { "200": { description: ok } }
  /zqlone:
    post:
      operationId: createZqlone
      requestBody:
        required: true
        content:
          application/json:
            schema:
              oneOf: [{ $ref: "#/components/schemas/ZqLambda" }]
              discriminator: { propertyName: zqType, mapping: { lambda: "#/components/schemas/ZqLambda" } }
      responses: { "200": { description: ok } }
  /zqpets:
    post:
      operationId: createZqpet
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [zqPet]
              properties:
                zqPet:
                  oneOf: [{ $ref: "#/components/schemas/ZqCat" }, { $ref: "#/components/schemas/ZqDog" }]
                  discriminator: { propertyName: zqKind }
      responses: { "200": { description: ok } }
components:
  schemas:
    ZqTool:
      oneOf: [{ $ref: "#/components/schemas/ZqLambda" }, { $ref: "#/components/schemas/ZqHttp" }]
      discriminator: { propertyName: zqType, mapping: { lambda: "#/components/schemas/ZqLambda" } }
    ZqLambda:
      type: object
      required: [zqType, zqCode]
      properties:
        zqType: { type: string${open ? ", x-ms-enum: { name: ZqType, modelAsString: true }" : ""} }
        zqCode: { type: string }
    ZqHttp:
      type: object
      required: [zqType, zqUrl]
      properties:
        zqType: { type: string }
        zqUrl: { type: string }
    ZqPetBase:
      type: object
      required: [zqKind]
      properties: { zqKind: { type: string }, zqName: { type: string } }
    ZqCat:
      allOf:
        - { $ref: "#/components/schemas/ZqPetBase" }
        - { type: object, required: [zqMeow], properties: { zqKind: { enum: [cat] }, zqMeow: { type: boolean } } }
    ZqDog:
      allOf:
        - { $ref: "#/components/schemas/ZqPetBase" }
        - { type: object, required: [zqBark], properties: { zqKind: { enum: [dog] }, zqBark: { type: integer } } }
`;

const judged = (path: string, body: unknown, open = false) =>
  jsonBodyRefusals(
    document(open),
    `https://api.test${path}`,
  )(body).map(({ rule, pointer, message }) => ({
    rule,
    pointer,
    message,
  }));

describe("a discriminated union judged by its discriminator", () => {
  it("takes each shape named by the mapping's value or, unmapped, its schema's name", () => {
    expect(judged("/zqtools", { zqType: "lambda", zqCode: "zq()" })).toEqual([]);
    expect(judged("/zqtools", { zqType: "ZqHttp", zqUrl: "https://zq.test" })).toEqual([]);
  });

  it("refuses a value naming no shape, naming the field, the rule and the value", () => {
    const [refusal, ...rest] = judged("/zqtools", { zqType: "zqOther", zqCode: "zq()" });
    expect(rest).toEqual([]);
    expect(refusal?.rule).toBe("discriminator");
    expect(refusal?.pointer).toBe("/body/zqType");
    expect(refusal?.message).toContain('must be one of "lambda", "ZqHttp", got "zqOther"');
    // A mapped shape is not named by its schema's name.
    expect(judged("/zqtools", { zqType: "ZqLambda", zqCode: "zq()" }).map((r) => r.rule)).toEqual(["discriminator"]);
  });

  it("refuses a value naming one kind with only another kind's fields", () => {
    const [refusal] = judged("/zqtools", { zqType: "lambda", zqUrl: "https://zq.test" });
    expect(refusal).toMatchObject({ rule: "discriminator", pointer: "/body/zqType" });
    expect(refusal?.message).toContain('names the shape ZqLambda ("lambda"), and the value has the fields of ZqHttp');
    expect(refusal?.message).toContain('lacks required field "zqCode"');
  });

  it("refuses a value naming its kind and meeting no shape by that kind's own reason", () => {
    const refusals = judged("/zqtools", { zqType: "lambda" });
    expect(refusals).toMatchObject([{ rule: "schema", pointer: "/body" }]);
    expect(refusals[0]?.message).toContain('lacks required field "zqCode"');
  });

  it("holds a union of one shape to the values naming it", () => {
    expect(judged("/zqlone", { zqType: "lambda", zqCode: "zq()" })).toEqual([]);
    expect(judged("/zqlone", { zqType: "zqOther", zqCode: "zq()" })).toMatchObject([
      { rule: "discriminator", pointer: "/body/zqType" },
    ]);
  });

  it("reads a kind's value written in an allOf member beside the base it extends, at any depth of the body", () => {
    expect(judged("/zqpets", { zqPet: { zqKind: "cat", zqMeow: true } })).toEqual([]);
    expect(judged("/zqpets", { zqPet: { zqKind: "dog", zqBark: 2 } })).toEqual([]);
    const [bird] = judged("/zqpets", { zqPet: { zqKind: "zqBird" } });
    expect(bird).toMatchObject({ rule: "discriminator", pointer: "/body/zqPet/zqKind" });
    expect(bird?.message).toContain('must be one of "cat", "dog", got "zqBird"');
    expect(judged("/zqpets", { zqPet: { zqKind: "cat", zqBark: 2 } })).toMatchObject([
      { rule: "discriminator", pointer: "/body/zqPet/zqKind" },
    ]);
  });

  it("takes a value naming no kind where the document marks the property open, and holds a named kind still", () => {
    expect(judged("/zqtools", { zqType: "zqOther", zqCode: "zq()" }, true)).toEqual([]);
    expect(judged("/zqtools", { zqType: "lambda", zqUrl: "https://zq.test" }, true)).toMatchObject([
      { rule: "discriminator" },
    ]);
  });

  it("takes the bodies the mock's draw makes of each union", () => {
    const data = parseYamlSource(document(), "judged.yaml").data as Record<string, unknown>;
    const sampler = new DocumentSampler(data);
    for (const [path, pointer] of [
      ["/zqtools", "/components/schemas/ZqTool"],
      ["/zqlone", "/paths/~1zqlone/post/requestBody/content/application~1json/schema"],
      ["/zqpets", "/paths/~1zqpets/post/requestBody/content/application~1json/schema"],
    ] as const) {
      const made = sampler.sample(pointer);
      expect(made, pointer).toBeDefined();
      expect(judged(path, made?.value), JSON.stringify(made?.value)).toEqual([]);
    }
  });
});
