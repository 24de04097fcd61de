// Values of a `oneOf` of open objects (no `additionalProperties: false`): a value of one shape's fields is taken by
// every open shape whose required fields it has, so the walk found none that meets exactly one ("no value of
// parameter body passes its own rules"). A value of one shape is now told apart from the others that take it (a
// field both list given a value of the chosen shape's own enum, at any depth; a field only another lists given a type
// it refuses), whatever the nesting: a shape that is a union of its own, shapes in `allOf` parts. Each value is held
// to exactly one shape by a validator of its own (Ajv), not the sampler's.
import AjvModule from "ajv";
import { describe, expect, it } from "vitest";
import { DocumentSampler } from "./schema-sample.js";

const Ajv = AjvModule.default ?? AjvModule;

type Json = Record<string, unknown>;

const document = (schemas: Record<string, unknown>) => ({
  openapi: "3.0.3",
  info: { title: "zqshapes", version: "1" },
  paths: {},
  components: { schemas },
});

const SEEDS = [0, 1, 2, 3, 4, 5];
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** Which of the shapes of `union` (a schema's name) each value meets, by Ajv over the same schemas. */
function shapesMet(schemas: Record<string, unknown>, union: string, value: unknown): number[] {
  const ajv = new Ajv({ strict: false, validateFormats: false });
  ajv.addSchema({ $id: "zq://doc", components: { schemas } });
  const shapes = (schemas[union] as { oneOf: unknown[] }).oneOf;
  return shapes.flatMap((_, i) =>
    ajv.validate({ $ref: `zq://doc#/components/schemas/${union}/oneOf/${i}` }, value) ? [i] : [],
  );
}

/** The values made with every field (as a request body is), by seed. */
const made = (sampler: DocumentSampler, name: string) =>
  SEEDS.map((seed) => sampler.sample(`/components/schemas/${name}`, { everyField: true, seed })?.value);

const option = (types: string[]) => ({
  type: "object",
  properties: { zqKind: { type: "string", enum: types }, zqName: { type: "string" } },
});

describe("a value of a oneOf of open objects", () => {
  it("meets exactly one shape, told apart by a field another shape lists", () => {
    const schemas = {
      ZqSettings: {
        oneOf: [
          {
            type: "object",
            properties: { zqNotify: { type: "object", properties: { zqEmail: { type: "boolean" } } } },
          },
          { type: "object", properties: { zqSecurity: { type: "object" } } },
          { type: "object", properties: { zqRooms: { type: "boolean" }, zqNotify: { type: "object" } } },
        ],
      },
    };
    const sampler = new DocumentSampler(document(schemas));
    const values = made(sampler, "ZqSettings");
    for (const value of values) {
      expect(value).toBeDefined();
      expect(shapesMet(schemas, "ZqSettings", value)).toHaveLength(1);
    }
    // The seeds start at different shapes: more than one shape's value is made.
    expect(new Set(values.map((v) => shapesMet(schemas, "ZqSettings", v)[0])).size).toBeGreaterThan(1);
  });

  it("meets exactly one shape where a shape is a oneOf of its own, told apart by a nested field's enum", () => {
    // The inner shapes list the same fields but for one, and an option whose kind each takes of an enum of its own.
    const schemas = {
      ZqUpdate: {
        oneOf: [
          { type: "object", properties: { zqProfile: { type: "object" }, zqRecording: { type: "object" } } },
          {
            type: "object",
            title: "ZqAuthentication",
            oneOf: [
              { properties: { zqOption: option(["login", "same_account"]), zqMeetingAuth: { type: "boolean" } } },
              { properties: { zqOption: option(["internally", "login"]), zqRecordingAuth: { type: "boolean" } } },
            ],
          },
          ref("ZqSecurity"),
        ],
      },
      ZqSecurity: { type: "object", properties: { zqWaitingRoom: { type: "boolean" } } },
    };
    const sampler = new DocumentSampler(document(schemas));
    const values = made(sampler, "ZqUpdate");
    for (const value of values) expect(shapesMet(schemas, "ZqUpdate", value)).toHaveLength(1);
    const ofTheInnerUnion = values.filter((v) => shapesMet(schemas, "ZqUpdate", v)[0] === 1);
    expect(ofTheInnerUnion.length).toBeGreaterThan(0);
    for (const value of ofTheInnerUnion) {
      const { zqOption } = value as { zqOption?: { zqKind?: string } };
      // Told apart from its twin by a kind only its own enum lists, not by a field of another type.
      expect(["same_account", "internally"]).toContain(zqOption?.zqKind);
    }
  });

  it("meets exactly one shape where shapes overlap through allOf, none made where no value of one exists", () => {
    const schemas = {
      ZqBase: { type: "object", properties: { zqId: { type: "string" } } },
      // Every value of the extended shape is one of the base too (open, listing zqId alike): only a value the
      // extended one refuses (a limit of another type) is of one shape.
      ZqExtended: { allOf: [ref("ZqBase"), { type: "object", properties: { zqLimit: { type: "integer" } } }] },
      ZqEither: { oneOf: [ref("ZqExtended"), ref("ZqBase")] },
      ZqSame: { allOf: [ref("ZqBase")] },
      ZqNeither: { oneOf: [ref("ZqSame"), ref("ZqBase")] },
    };
    const sampler = new DocumentSampler(document(schemas));
    for (const value of made(sampler, "ZqEither")) expect(shapesMet(schemas, "ZqEither", value)).toEqual([1]);
    // Each shape takes every value of the other: no value meets the union, and none is given.
    expect(made(sampler, "ZqNeither")).toEqual(SEEDS.map(() => undefined));
  });

  it("leaves out a field the other shape requires, where that tells them apart", () => {
    // Each requires its own field and lists the other's: a value with every field (a request body's) meets both.
    const fields = { zqUrl: { type: "string" }, zqQueue: { type: "string" } };
    const schemas = {
      ZqTarget: {
        oneOf: [
          { type: "object", required: ["zqUrl"], properties: fields },
          { type: "object", required: ["zqQueue"], properties: fields },
        ],
      },
    };
    const sampler = new DocumentSampler(document(schemas));
    const values = made(sampler, "ZqTarget");
    for (const value of values) expect(shapesMet(schemas, "ZqTarget", value)).toHaveLength(1);
    expect(new Set(values.map((v) => Object.keys(v as Json).join()))).toEqual(new Set(["zqUrl", "zqQueue"]));
  });

  it("meets another reading it is given too (a judge's), choosing a shape that reading takes", () => {
    const schemas = {
      ZqChoice: {
        oneOf: [
          { type: "object", properties: { zqA: { type: "boolean" } } },
          { type: "object", properties: { zqB: { type: "boolean" } } },
        ],
      },
    };
    // A reading that takes zqA only as a flag (as a judge closing the shapes over their own fields refuses a value of
    // one told apart by a field of another): a value of the second shape, told apart by a zqA of another type, is not
    // made; one of the first is.
    const asFlag = (value: unknown) =>
      !Object.hasOwn(value as object, "zqA") || typeof (value as Json).zqA === "boolean";
    const values = made(new DocumentSampler(document(schemas), asFlag), "ZqChoice");
    for (const value of values) expect(value).toEqual({ zqA: true, zqB: "" });
    const letterOnly = made(new DocumentSampler(document(schemas)), "ZqChoice");
    expect(letterOnly).toContainEqual({ zqB: true, zqA: "" });
  });
});
