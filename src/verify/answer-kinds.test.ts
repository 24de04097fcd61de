// A live answer of a discriminated union held to its discriminator, as the request judge holds a request
// (load/examples/discriminated-kinds.ts) and the mock its own answers: the property's value names the shape. Read as
// `anyOf` (the example check's registration), an answer naming one kind with another kind's fields, or naming no
// kind, showed no drift, so verify's green said nothing of a service answering a wrong kind.
import { describe, expect, it } from "vitest";
import { answerDrift } from "./answer-check.js";
import { answer, subjectOf, toolOf } from "./__fixtures__/subject.js";

const TOOLS = `openapi: 3.0.3
info: {title: Tools, version: "1"}
paths:
  /zqtools/{id}:
    get:
      operationId: getZqtool
      responses:
        "200":
          description: One tool.
          content:
            application/json:
              schema: {$ref: "#/components/schemas/ZqTool"}
  /zqholders/{id}:
    get:
      operationId: getZqholder
      responses:
        "200":
          description: One holder.
          content:
            application/json:
              schema: {$ref: "#/components/schemas/ZqHolder"}
components:
  schemas:
    ZqTool:
      oneOf:
        - $ref: "#/components/schemas/ZqLambda"
        - $ref: "#/components/schemas/ZqHttp"
      discriminator: {propertyName: zqType, mapping: {lambda: "#/components/schemas/ZqLambda"}}
    ZqLambda:
      type: object
      required: [zqType, zqCode]
      properties:
        zqType: {type: string}
        zqCode: {type: string}
    ZqHttp:
      type: object
      required: [zqType, zqUrl]
      properties:
        zqType: {type: string}
        zqUrl: {type: string}
    ZqHolder:
      type: object
      properties:
        zqPet: {$ref: "#/components/schemas/ZqAnimal"}
    ZqAnimal:
      type: object
      discriminator: {propertyName: zqKind}
      properties:
        zqKind: {type: string}
    ZqCat:
      allOf:
        - $ref: "#/components/schemas/ZqAnimal"
        - {type: object, required: [zqMeow], properties: {zqMeow: {type: boolean}}}
    ZqDog:
      allOf:
        - $ref: "#/components/schemas/ZqAnimal"
        - {type: object, required: [zqBark], properties: {zqBark: {type: integer}}}
`;

const subject = subjectOf(TOOLS);
const drift = (body: unknown) => answerDrift(subject, toolOf("getZqtool"), answer(200, body));

describe("a live answer of a discriminated union", () => {
  it("shows no drift where its property names the shape its fields fit", () => {
    expect(drift({ zqType: "lambda", zqCode: "zq()" })).toEqual([]);
    expect(drift({ zqType: "ZqHttp", zqUrl: "https://zq.test" })).toEqual([]);
  });

  it("drifts where it names one kind with another kind's fields, at the property, naming both", () => {
    const drifts = drift({ zqType: "lambda", zqUrl: "https://zq.test" });
    expect(drifts).toEqual([expect.objectContaining({ kind: "constraint", pointer: "/zqType" })]);
    expect(drifts[0]?.message).toContain(
      'names the shape ZqLambda ("lambda"), and the value has the fields of ZqHttp instead',
    );
  });

  it("drifts where it names no kind, or none at all", () => {
    const [none] = drift({ zqType: "zqOther", zqUrl: "https://zq.test" });
    expect(none).toMatchObject({ kind: "constraint", pointer: "/zqType" });
    expect(none?.message).toContain('must be one of "lambda", "ZqHttp", got "zqOther"');
    expect(drift({ zqUrl: "https://zq.test" })).toMatchObject([{ kind: "constraint", pointer: "/zqType" }]);
  });

  it("reports a field its shape does not declare at that shape, as before", () => {
    expect(drift({ zqType: "lambda", zqCode: "zq()", zqMore: 1 })).toEqual([
      expect.objectContaining({
        kind: "extra-field",
        pointer: "/zqMore",
        overlay: expect.objectContaining({ target: "$.components.schemas.ZqLambda" }),
      }),
    ]);
  });

  it("holds a field of a discriminated base to its kinds, as the judge and the mock do", () => {
    const holder = (body: unknown) => answerDrift(subject, toolOf("getZqholder"), answer(200, body));
    expect(holder({ zqPet: { zqKind: "ZqCat", zqMeow: true } })).toEqual([]);
    const [crossed, ...rest] = holder({ zqPet: { zqKind: "ZqCat", zqBark: 2 } });
    expect(rest).toEqual([]);
    expect(crossed).toMatchObject({ kind: "constraint", pointer: "/zqPet/zqKind" });
    expect(crossed?.message).toContain('names the shape ZqCat ("ZqCat"), and the value has the fields of ZqDog');
    expect(holder({ zqPet: { zqMeow: true } })).toMatchObject([{ kind: "constraint", pointer: "/zqPet/zqKind" }]);
  });
});
