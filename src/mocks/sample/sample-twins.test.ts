// A `oneOf` of many shapes alike but for their titles (one per network, each requiring an address of one pattern)
// beside a shape of its own (an address of another pattern): a value of a twin is of every twin, so only the last
// shape's values meet the union. The walk tried at most six branches from a seeded start, all twins for most seeds,
// and made no value ("no value of parameter body passes its own rules"). Of twins one is tried now: every seed makes a
// value of the one shape of its own, held to exactly one shape by a validator of its own (Ajv), not the sampler's.
import AjvModule from "ajv";
import { describe, expect, it } from "vitest";
import { DocumentSampler } from "./schema-sample.js";

const Ajv = AjvModule.default ?? AjvModule;

const shape = (title: string, pattern: string) => ({
  title,
  allOf: [
    { type: "object", required: ["zqAddress"], properties: { zqAddress: { type: "string", pattern } } },
    { type: "object", properties: { zqPage: { type: "integer", minimum: 1 } } },
  ],
});
const twins = Array.from({ length: 9 }, (_, i) => shape(`zqNet${i}`, "^0x[0-9a-f]{8}$"));
const schemas = { ZqBody: { oneOf: [...twins, shape("zqOwn", "^r[a-z]{6}$")] } };

function shapesMet(value: unknown): number[] {
  const ajv = new Ajv({ strict: false });
  ajv.addSchema({ $id: "zq://doc", components: { schemas } });
  return schemas.ZqBody.oneOf.flatMap((_, i) =>
    ajv.validate({ $ref: `zq://doc#/components/schemas/ZqBody/oneOf/${i}` }, value) ? [i] : [],
  );
}

describe("a value of a oneOf of many twins and a shape of its own", () => {
  it("is made for every seed, of the shape of its own alone", () => {
    const sampler = new DocumentSampler({
      openapi: "3.0.3",
      info: { title: "zq", version: "1" },
      paths: {},
      components: { schemas },
    });
    for (const seed of [0, 1, 2, 3, 4, 5, 6, 7]) {
      const value = sampler.sample("/components/schemas/ZqBody", { everyField: true, seed })?.value;
      expect(value, `seed ${seed}`).toMatchObject({ zqAddress: expect.stringMatching(/^r[a-z]{6}$/) });
      expect(shapesMet(value)).toEqual([9]);
    }
  });
});
