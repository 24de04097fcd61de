// A request body whose allOf members each close the object: read as the
// fields of all members together (open-all-of.ts), checked with Ajv, the
// validator Prism uses.
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { withOpenAllOfMembers } from "./open-all-of.js";

type Json = Record<string, unknown>;
const document: Json = {
  components: {
    schemas: {
      zqoptional: { type: "object", additionalProperties: false, required: ["zqmodels"], properties: { zqmodels: { type: "array", items: { type: "string" } }, zqpunctuate: { type: "boolean" } } },
      zqparams: {
        type: "object",
        additionalProperties: false,
        allOf: [{ type: "object", required: ["zqaudio"], properties: { zqaudio: { type: "string" } }, additionalProperties: false }, { $ref: "#/components/schemas/zqoptional" }],
      },
    },
  },
};
const resolve = (value: unknown): unknown => {
  let v = value as Json | undefined;
  while (v && typeof v.$ref === "string") v = (document.components as { schemas: Json }).schemas[v.$ref.split("/").pop() as string] as Json;
  return v;
};
const body = { required: true, content: { "application/json": { schema: { $ref: "#/components/schemas/zqparams" } } } };
const validator = (schema: unknown) => new Ajv({ strict: false }).compile({ ...(schema as Json), components: document.components });
const schemaOf = (b: unknown) => ((b as { content: Record<string, { schema: unknown }> }).content["application/json"] as { schema: unknown }).schema;

describe("a request body whose allOf members each close the object", () => {
  const before = structuredClone(document);
  const opened = withOpenAllOfMembers(body, resolve);
  const valid = validator(schemaOf(opened));

  it("is refused whole by JSON Schema's letter: no body with the fields of both members passes", () => {
    expect(validator(resolve(schemaOf(body)))({ zqaudio: "a.mp3", zqmodels: [] })).toBe(false);
  });

  it("takes the fields of all members together, as its publisher means, and still each member's required fields", () => {
    expect(valid({ zqaudio: "a.mp3", zqmodels: ["best"], zqpunctuate: true })).toBe(true);
    expect(valid({ zqaudio: "a.mp3" })).toBe(false);
    expect(valid({ zqmodels: [] })).toBe(false);
  });

  it("still refuses a field no member declares, and a field of the wrong type", () => {
    expect(valid({ zqaudio: "a.mp3", zqmodels: [], zqother: 1 })).toBe(false);
    expect(valid({ zqaudio: "a.mp3", zqmodels: [], zqpunctuate: "yes" })).toBe(false);
  });

  it("leaves the document and a body that needs nothing as they are", () => {
    expect(document).toEqual(before);
    const plain = { content: { "application/json": { schema: { $ref: "#/components/schemas/zqoptional" } } } };
    expect(withOpenAllOfMembers(plain, resolve)).toBe(plain);
  });
});

describe("a request body that is one of several shapes, one open to any object (the mock's copy for Prism)", () => {
  const shapes = {
    allOf: [
      {
        oneOf: [
          { type: "object", required: ["zqlimit", "zqstep"], properties: { zqlimit: { type: "integer" }, zqstep: { type: "integer" } } },
          { type: "object", required: ["zqdays"], properties: { zqdays: { type: "integer" } } },
          { type: "object", title: "unlimited", properties: {} },
        ],
      },
      { type: "object", properties: { zqrated: { type: "boolean" } } },
    ],
  };
  const form = { content: { "application/json": { schema: shapes } } };
  const valid = validator(schemaOf(withOpenAllOfMembers(form, (v) => v)));

  it("by the letter, refuses a body with one shape's fields (it meets the open branch too)", () => {
    expect(validator(shapes)({ zqdays: 3 })).toBe(false);
  });

  it("reads the open branch as none of the fields the others require: one shape, or none, passes; two, or part of one, do not", () => {
    expect([valid({ zqlimit: 60, zqstep: 1, zqrated: true }), valid({ zqdays: 3 }), valid({ zqrated: false })]).toEqual([true, true, true]);
    expect([valid({ zqlimit: 60, zqstep: 1, zqdays: 3 }), valid({ zqlimit: 60 })]).toEqual([false, false]);
  });
});
