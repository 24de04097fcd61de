// A request body whose allOf members each close the object: read as the
// fields of all members together (open-all-of.ts), checked with Ajv, the
// validator Prism uses.
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { MeantSchemas, withAnswersAsMeant, withOpenAllOfMembers } from "./open-all-of.js";

type Json = Record<string, unknown>;
/** The schemas read as meant that the copies below refer to (at `#/x-blockwright-meant/…`). */
const store = new MeantSchemas();
const document: Json = {
  components: {
    schemas: {
      zqoptional: {
        type: "object",
        additionalProperties: false,
        required: ["zqmodels"],
        properties: { zqmodels: { type: "array", items: { type: "string" } }, zqpunctuate: { type: "boolean" } },
      },
      zqparams: {
        type: "object",
        additionalProperties: false,
        allOf: [
          {
            type: "object",
            required: ["zqaudio"],
            properties: { zqaudio: { type: "string" } },
            additionalProperties: false,
          },
          { $ref: "#/components/schemas/zqoptional" },
        ],
      },
    },
  },
};
const resolve = (value: unknown): unknown => {
  let v = value as Json | undefined;
  while (v && typeof v.$ref === "string")
    v = (document.components as { schemas: Json }).schemas[v.$ref.split("/").pop() as string] as Json;
  return v;
};
const body = { required: true, content: { "application/json": { schema: { $ref: "#/components/schemas/zqparams" } } } };
const validator = (schema: unknown) =>
  new Ajv({ strict: false }).compile({
    ...(schema as Json),
    ...store.withMeant({ components: document.components }),
  });
const schemaOf = (b: unknown) =>
  ((b as { content: Record<string, { schema: unknown }> }).content["application/json"] as { schema: unknown }).schema;

describe("a request body whose allOf members each close the object", () => {
  const before = structuredClone(document);
  const opened = withOpenAllOfMembers(body, resolve, store);
  const valid = validator(schemaOf(opened));

  it("is refused whole by JSON Schema's letter: no body with the fields of both members passes", () => {
    expect(validator(resolve(schemaOf(body)))({ zqaudio: "a.mp3", zqmodels: [] })).toBe(false);
  });

  it(
    "takes the fields of all members together, as its " + "publisher means, and still each member's required fields",
    () => {
      expect(valid({ zqaudio: "a.mp3", zqmodels: ["best"], zqpunctuate: true })).toBe(true);
      expect(valid({ zqaudio: "a.mp3" })).toBe(false);
      expect(valid({ zqmodels: [] })).toBe(false);
    },
  );

  it("still refuses a field no member declares, and a field of the wrong type", () => {
    expect(valid({ zqaudio: "a.mp3", zqmodels: [], zqother: 1 })).toBe(false);
    expect(valid({ zqaudio: "a.mp3", zqmodels: [], zqpunctuate: "yes" })).toBe(false);
  });

  it("leaves the document and a body that needs nothing as they are", () => {
    expect(document).toEqual(before);
    const plain = { content: { "application/json": { schema: { $ref: "#/components/schemas/zqoptional" } } } };
    expect(withOpenAllOfMembers(plain, resolve, store)).toBe(plain);
  });
});

describe("a request body that is one of several shapes, one open to any object (the mock's copy for Prism)", () => {
  const shapes = {
    allOf: [
      {
        oneOf: [
          {
            type: "object",
            required: ["zqlimit", "zqstep"],
            properties: { zqlimit: { type: "integer" }, zqstep: { type: "integer" } },
          },
          { type: "object", required: ["zqdays"], properties: { zqdays: { type: "integer" } } },
          { type: "object", title: "unlimited", properties: {} },
        ],
      },
      { type: "object", properties: { zqrated: { type: "boolean" } } },
    ],
  };
  const form = { content: { "application/json": { schema: shapes } } };
  const valid = validator(schemaOf(withOpenAllOfMembers(form, (v) => v, store)));

  it("by the letter, refuses a body with one shape's fields (it meets the open branch too)", () => {
    expect(validator(shapes)({ zqdays: 3 })).toBe(false);
  });

  it(
    "reads the open branch as none of the fields the others require: one shape, or none, passes; two, " +
      "or part of one, do not",
    () => {
      expect([
        valid({ zqlimit: 60, zqstep: 1, zqrated: true }),
        valid({ zqdays: 3 }),
        valid({ zqrated: false }),
      ]).toEqual([true, true, true]);
      expect([valid({ zqlimit: 60, zqstep: 1, zqdays: 3 }), valid({ zqlimit: 60 })]).toEqual([false, false]);
    },
  );
});

describe(
  "a request body field that is one of several plain value forms, inside one of the body's shapes (the mock's " +
    "copy for Prism)",
  () => {
    const level = {
      oneOf: [
        { type: "string", minLength: 2, maxLength: 8 },
        { type: "string", minLength: 1, maxLength: 8 },
        { type: "number" },
        { type: "integer" },
        { type: "boolean" },
      ],
    };
    const shapes = {
      allOf: [
        { type: "object", properties: { zqslot: { type: "integer" } } },
        {
          oneOf: [
            { type: "object", properties: { zqkind: { enum: ["zqlevel"] }, zqlevel: level } },
            { type: "object", properties: { zqkind: { enum: ["zqtone"] }, zqtone: { type: "integer" } } },
          ],
        },
      ],
    };
    const plain = { content: { "application/json": { schema: shapes } } };
    const valid = validator(schemaOf(withOpenAllOfMembers(plain, resolve, store)));

    it("by the letter, refuses a value meeting two forms (an integer is also a number)", () => {
      expect(validator(shapes)({ zqkind: "zqlevel", zqlevel: 0 })).toBe(false);
    });

    it(
      "reads the forms as anyOf, as the judge does: a value of two forms or one passes, a value of none does not, " +
        "and the shapes stay oneOf",
      () => {
        expect(valid({ zqkind: "zqlevel", zqlevel: 0 })).toBe(true);
        expect(valid({ zqkind: "zqlevel", zqlevel: "abcd" })).toBe(true);
        expect(valid({ zqkind: "zqlevel", zqlevel: 1.5 })).toBe(true);
        expect(valid({ zqkind: "zqlevel", zqlevel: [] })).toBe(false);
        expect(valid({ zqslot: 1 })).toBe(false);
      },
    );
  },
);

describe("a request body closed beside its allOf and a oneOf of shapes (the mock's copy for Prism)", () => {
  const closedBesideShapes = {
    type: "object",
    additionalProperties: false,
    allOf: [{ $ref: "#/components/schemas/zqoptional" }],
    oneOf: [
      { allOf: [{ type: "object", properties: { zqaudioId: { type: "string" } } }, { required: ["zqaudioId"] }] },
      { allOf: [{ type: "object", properties: { zqaudio: { type: "string" } } }, { required: ["zqaudio"] }] },
    ],
  };
  const form = { content: { "application/json": { schema: closedBesideShapes } } };
  const valid = validator(schemaOf(withOpenAllOfMembers(form, resolve, store)));

  it("takes the fields of its members and of the shape it is, and still refuses any other field", () => {
    expect(valid({ zqmodels: [], zqaudioId: "a1" })).toBe(true);
    expect(valid({ zqmodels: [], zqaudio: "a.mp3" })).toBe(true);
    expect(valid({ zqmodels: [], zqaudioId: "a1", zqother: 1 })).toBe(false);
    expect(valid({ zqmodels: [] })).toBe(false);
  });
});

describe("an answer closed beside its allOf, whose member's field is closed beside an allOf of its own", () => {
  // A page closed beside its one member (the paged list), whose links field's link is closed beside its member
  // (an optional link's fields): the nested closing was left as published under the opened member.
  const schemas: Json = {
    zqpaged: {
      type: "object",
      properties: { zqtotal: { type: "integer" }, zqlinks: { allOf: [{ $ref: "#/components/schemas/zqlinkset" }] } },
    },
    zqlinkset: {
      type: "object",
      additionalProperties: false,
      properties: { zqfirst: { allOf: [{ $ref: "#/components/schemas/zqlink" }] } },
    },
    zqlink: {
      type: "object",
      additionalProperties: false,
      required: ["zqhref"],
      allOf: [{ $ref: "#/components/schemas/zqoptlink" }],
    },
    zqoptlink: {
      type: "object",
      additionalProperties: false,
      properties: { zqhref: { type: "string" }, zqkind: { type: "string" } },
    },
  };
  const pageResolve = (value: unknown): unknown => {
    let v = value as Json | undefined;
    while (v && typeof v.$ref === "string") v = schemas[v.$ref.split("/").pop() as string] as Json;
    return v;
  };
  const page = {
    type: "object",
    additionalProperties: false,
    allOf: [{ $ref: "#/components/schemas/zqpaged" }],
    properties: { zqitems: { type: "array", items: { type: "string" } } },
  };
  const answers = { "200": { description: "A page.", content: { "application/json": { schema: page } } } };
  const meant = withAnswersAsMeant(answers, pageResolve, store) as Record<string, unknown>;
  const valid = new Ajv({ strict: false }).compile({
    ...(schemaOf(meant["200"]) as Json),
    ...store.withMeant({ components: { schemas } }),
  });
  const answer = { zqitems: ["a"], zqtotal: 1, zqlinks: { zqfirst: { zqhref: "https://x.test/1", zqkind: "page" } } };

  it("by the letter, refuses every answer whose link has its fields", () => {
    const letter = new Ajv({ strict: false }).compile({ ...page, components: { schemas } });
    expect(letter(answer)).toBe(false);
  });

  it("takes the nested link's members' fields too, and still refuses any other field", () => {
    expect(valid(answer)).toBe(true);
    expect(valid({ ...answer, zqlinks: { zqfirst: { zqhref: "https://x.test/1", zqother: 1 } } })).toBe(false);
    expect(valid({ ...answer, zqlinks: { zqfirst: { zqkind: "page" } } })).toBe(false);
    expect(valid({ ...answer, zqother: 1 })).toBe(false);
  });
});

describe("an answer whose deep field is closed beside a closed member that is itself closed beside one", () => {
  // A list of results, each closed beside its shipment (closed beside its partial shipment), whose `zqto` is an
  // address closed beside a closed place (closed beside its partial place) and a closed note of instructions: the
  // address sits 9 levels into the answer, where the walk left its members' closings to their letter, and the mock
  // refused its own answer's `zqinstructions`.
  const closedAround = (allOf: unknown[], extra: Json = {}): Json => ({
    type: "object",
    additionalProperties: false,
    allOf,
    ...extra,
  });
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
  const schemas: Json = {
    zqpartialplace: {
      type: "object",
      additionalProperties: false,
      properties: { zqstreet: { type: "string" }, zqtown: { type: "string" } },
    },
    zqplace: closedAround([ref("zqpartialplace")], { required: ["zqstreet"] }),
    zqnote: { type: "object", additionalProperties: false, properties: { zqinstructions: { type: "string" } } },
    zqaddressto: closedAround([ref("zqplace"), ref("zqnote")]),
    zqpartialshipment: {
      type: "object",
      additionalProperties: false,
      properties: { zqid: { type: "string" }, zqto: { allOf: [ref("zqaddressto")] } },
    },
    zqshipment: closedAround([ref("zqpartialshipment")], { required: ["zqto"] }),
    zqresult: closedAround([ref("zqshipment"), { type: "object", properties: { zqerrors: { type: "array" } } }]),
  };
  const deepResolve = (value: unknown): unknown => {
    let v = value as Json | undefined;
    while (v && typeof v.$ref === "string") v = schemas[v.$ref.split("/").pop() as string] as Json;
    return v;
  };
  const list = { type: "object", properties: { zqresults: { type: "array", items: { allOf: [ref("zqresult")] } } } };
  const answer = (to: Json) => ({ zqresults: [{ zqid: "s1", zqerrors: [], zqto: to }] });
  const to = { zqstreet: "1 Zq Way", zqtown: "Zq", zqinstructions: "ring twice" };
  const wrapped = (schema: Json, levels: number): Json =>
    levels ? wrapped({ type: "object", properties: { zqpage: schema } }, levels - 1) : schema;
  const deep = wrapped(list, 4);
  const deepAnswer = (a: Json) => ({ zqpage: { zqpage: { zqpage: { zqpage: a } } } });
  const meant = withAnswersAsMeant(
    { "200": { description: "Results.", content: { "application/json": { schema: deep } } } },
    deepResolve,
    store,
  ) as Record<string, unknown>;
  const valid = new Ajv({ strict: false }).compile({
    ...(schemaOf(meant["200"]) as Json),
    ...store.withMeant({ components: { schemas } }),
  });

  it("by the letter, refuses every answer whose address holds its members' fields", () => {
    const letter = new Ajv({ strict: false }).compile({ ...deep, components: { schemas } });
    expect(letter(deepAnswer(answer(to)))).toBe(false);
  });

  it("takes the fields of every member of the address, however deep, and still refuses any other", () => {
    expect(valid(deepAnswer(answer(to)))).toBe(true);
    expect(valid(deepAnswer(answer({ ...to, zqother: 1 })))).toBe(false);
    expect(valid(deepAnswer(answer({ zqtown: "Zq" })))).toBe(false);
  });
});
