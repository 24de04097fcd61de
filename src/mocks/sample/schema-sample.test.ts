// Values made from union-heavy schemas (a made-up chat-like request with
// dozens of nested oneOf/anyOf branches, open maps, a recursive node): made
// with bounded work, valid against the schema (checked by this test with Ajv,
// another validator than the sampler's), the same for the same seed.
import AjvModule from "ajv";
import { describe, expect, it } from "vitest";
import { DocumentSampler } from "./schema-sample.js";

const Ajv = AjvModule.default ?? AjvModule;

/** The zqunion document: `Request` is a union of unions, 3 levels deep, `width` branches each. */
function zqunion(width: number, openapi = "3.1.0") {
  const schemas: Record<string, unknown> = {};
  const parts = Array.from({ length: width }, (_, i) => `Part${i}`);
  for (const [i, name] of parts.entries()) {
    schemas[name] = {
      type: "object",
      required: ["kind", "body"],
      additionalProperties: false,
      properties: {
        kind: { const: `zq-part-${i}` },
        body: {
          oneOf: [
            { type: "string", minLength: 3, maxLength: 9 },
            {
              type: "array",
              minItems: 1,
              items: { anyOf: parts.slice(0, 4).map((p) => ({ $ref: `#/components/schemas/${p}` })) },
            },
            { type: "integer", minimum: 5, exclusiveMaximum: 9 },
          ],
        },
        meta: { type: "object", additionalProperties: { oneOf: [{ type: "string" }, { type: "number" }] } },
      },
    };
  }
  // Overlapping branches: any value of the first also matches the second, so a oneOf must not take the first blindly.
  schemas.Overlap = {
    oneOf: [
      { type: "object" },
      { type: "object", required: ["zqId"], properties: { zqId: { type: "string", format: "uuid" } } },
    ],
  };
  schemas.Node = {
    type: "object",
    required: ["children"],
    properties: {
      children: {
        type: "array",
        minItems: 1,
        items: { oneOf: [{ $ref: "#/components/schemas/Node" }, { type: "string", pattern: "^zq-[a-z]{3}$" }] },
      },
    },
  };
  schemas.Message = {
    oneOf: Array.from({ length: width }, (_, i) => ({
      type: "object",
      required: ["role", "content", "extra"],
      properties: {
        role: { const: `zq-role-${i}` },
        content: {
          anyOf: [
            { type: "array", minItems: 2, items: { oneOf: parts.map((p) => ({ $ref: `#/components/schemas/${p}` })) } },
            { $ref: "#/components/schemas/Node" },
          ],
        },
        extra: { $ref: "#/components/schemas/Overlap" },
      },
    })),
  };
  schemas.Request = {
    type: "object",
    required: ["messages", "options"],
    properties: {
      messages: { type: "array", minItems: 3, items: { $ref: "#/components/schemas/Message" } },
      options: {
        type: "object",
        minProperties: 2,
        additionalProperties: { anyOf: [{ $ref: "#/components/schemas/Message" }, { type: "boolean" }] },
      },
    },
  };
  return { openapi, info: { title: "zqunion", version: "1" }, paths: {}, components: { schemas } };
}

function ajvValid(document: ReturnType<typeof zqunion>, name: string, value: unknown): boolean {
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema({ $id: "zq://doc", components: document.components });
  return ajv.validate({ $ref: `zq://doc#/components/schemas/${name}` }, value) as boolean;
}

describe("values made from union-heavy schemas", () => {
  it(
    "are valid, made within the budget of schemas visited (work counted, not timed), " +
      "with one branch of each union",
    () => {
      const document = zqunion(40);
      const sampler = new DocumentSampler(document);
      // A value made is one made within the default maxVisits: a walk past it gives none.
      const made = sampler.sample("/components/schemas/Request", { seed: 7 });
      expect(made).toBeDefined();
      expect(ajvValid(document, "Request", made?.value)).toBe(true);
      expect(sampler.valid(made?.value, "/components/schemas/Request")).toBe(true);
      const value = made?.value as { messages: { role: string }[] };
      expect(value.messages).toHaveLength(3);
    },
  );

  it("the same seed makes the same value; another seed may take other branches", () => {
    const sampler = new DocumentSampler(zqunion(40));
    const at = "/components/schemas/Message";
    expect(sampler.sample(at, { seed: 3 })).toEqual(sampler.sample(at, { seed: 3 }));
    const roles = new Set(
      Array.from(
        { length: 10 },
        (_, seed) => (sampler.sample(at, { seed })?.value as { role?: string } | undefined)?.role,
      ),
    );
    expect(roles.size).toBeGreaterThan(1);
  });

  it(
    "stops at its budget on a schema too large to make a value within it, giving nothing rather than a wrong " +
      "value",
    () => {
      const sampler = new DocumentSampler(zqunion(40));
      expect(sampler.sample("/components/schemas/Request", { maxVisits: 50 })).toBeUndefined();
      // A recursive schema: depth-bounded, the branch that ends is taken.
      const node = sampler.sample("/components/schemas/Node", { maxDepth: 3 });
      expect(node).toBeDefined();
      expect(JSON.stringify(node?.value)).toMatch(/"zq-[a-z]{3}"/);
    },
  );

  it("reads OpenAPI 3.0 (nullable, boolean exclusive bounds)", () => {
    const document = zqunion(8, "3.0.3");
    const schemas = document.components.schemas as Record<string, Record<string, unknown>>;
    schemas.Bound = {
      type: "object",
      required: ["n", "s"],
      properties: {
        n: { type: "integer", minimum: 5, exclusiveMinimum: true, nullable: true },
        s: { type: "string", nullable: true, format: "uri" },
      },
    };
    const sampler = new DocumentSampler(document);
    expect(sampler.sample("/components/schemas/Bound")).toEqual({
      value: { n: 6, s: expect.stringMatching(/^https:\/\//) },
    });
    expect(sampler.sample("/components/schemas/Request", { seed: 1 })).toBeDefined();
  });
});

describe("a mock's answer where the document gives no example", () => {
  it(
    "is made for a union whose first branch's value also matches another (Prism's would break the oneOf), " +
      "and valid",
    async () => {
      const { withSampledAnswers } = await import("../mock-answers.js");
      const schema = {
        oneOf: [
          { type: "object", properties: { zqA: { type: "string" } } },
          {
            type: "object",
            required: ["zqB"],
            properties: { zqB: { type: "integer", minimum: 1 } },
            additionalProperties: false,
          },
        ],
      };
      const document = {
        openapi: "3.1.0",
        info: { title: "zqunion", version: "1" },
        paths: {
          "/zq/{id}": {
            get: {
              responses: {
                "200": { description: "ok", content: { "application/json": { schema } } },
                "201": { description: "ok", content: { "application/json": { schema: { type: "string" } } } },
              },
            },
          },
        },
      };
      const served = withSampledAnswers(document) as typeof document;
      const media = served.paths["/zq/{id}"].get.responses["200"].content["application/json"] as { example?: unknown };
      expect(media.example).toBeDefined();
      const ajv = new Ajv({ strict: false });
      expect(ajv.validate(schema, media.example)).toBe(true);
      // A schema Prism samples well is left to it; the document itself is not written to.
      expect(served.paths["/zq/{id}"].get.responses["201"].content["application/json"]).not.toHaveProperty("example");
      expect(document.paths["/zq/{id}"].get.responses["200"].content["application/json"]).not.toHaveProperty("example");
    },
  );

  it(
    "is made for a pattern, a format Prism does not make " + "and an allOf, whose Prism answers broke their schema",
    async () => {
      const { withSampledAnswers } = await import("../mock-answers.js");
      const schemas = {
        ZqPatterned: {
          type: "object",
          required: ["sid"],
          properties: { sid: { type: "string", pattern: "^ZQ[0-9a-f]{8}$" } },
        },
        ZqLinked: { type: "object", required: ["self"], properties: { self: { type: "string", format: "url" } } },
        ZqBytes: { type: "object", required: ["blob"], properties: { blob: { type: "string", format: "byte" } } },
        ZqParts: {
          allOf: [
            { type: "object", properties: { kind: { type: "string" } } },
            { type: "object", required: ["kind"] },
          ],
        },
      };
      const answer = (name: string) => ({
        description: "ok",
        content: { "application/json": { schema: { $ref: `#/components/schemas/${name}` } } },
      });
      const document = {
        openapi: "3.0.3",
        info: { title: "zqanswers", version: "1" },
        components: { schemas },
        paths: {
          "/zq": {
            get: {
              responses: {
                "200": answer("ZqPatterned"),
                "201": answer("ZqLinked"),
                "202": answer("ZqParts"),
                "203": answer("ZqBytes"),
              },
            },
          },
        },
      };
      const served = withSampledAnswers(document) as typeof document;
      const example = (status: "200" | "201" | "202" | "203") =>
        (served.paths["/zq"].get.responses[status].content["application/json"] as { example?: Record<string, string> })
          .example;
      expect(example("200")?.sid).toMatch(/^ZQ[0-9a-f]{8}$/);
      expect(example("201")?.self).toMatch(/^https:\/\//);
      // Base64 (Prism's own value for format byte failed Prism's own check: Pinecone's error details).
      expect(example("203")?.blob).toMatch(/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/);
      expect(example("202")).toEqual({ kind: expect.any(String) });
    },
  );

  it('is made for a schema with a pattern (Prism\'s sampler wrote "string"), and valid', async () => {
    const { withSampledAnswers } = await import("../mock-answers.js");
    const schema = {
      type: "object",
      required: ["zqid"],
      properties: { zqid: { type: "string", pattern: "^ZQ[0-9]{4}$" } },
    };
    const document = {
      openapi: "3.1.0",
      info: { title: "zqpattern", version: "1" },
      paths: {
        "/zq": { get: { responses: { "200": { description: "ok", content: { "application/json": { schema } } } } } },
      },
    };
    const served = withSampledAnswers(document) as typeof document;
    const media = served.paths["/zq"].get.responses["200"].content["application/json"] as {
      example?: { zqid?: string };
    };
    expect(media.example?.zqid).toMatch(/^ZQ[0-9]{4}$/);
  });

  it(
    "is made for an object that requires a field it does " + "not define (Prism's sampler left it out), and valid",
    async () => {
      const { withSampledAnswers } = await import("../mock-answers.js");
      const schema = { type: "object", required: ["zqName", "zqHome"], properties: { zqName: { type: "string" } } };
      const document = {
        openapi: "3.0.3",
        info: { title: "zqundefined", version: "1" },
        paths: {
          "/zq": { get: { responses: { "200": { description: "ok", content: { "application/json": { schema } } } } } },
        },
      };
      const served = withSampledAnswers(document) as typeof document;
      const media = served.paths["/zq"].get.responses["200"].content["application/json"] as { example?: object };
      expect(media.example).toHaveProperty("zqHome");
      expect(new Ajv({ strict: false }).validate(schema, media.example)).toBe(true);
    },
  );

  it(
    "is made for a format bounded in length (a date-time of 25 characters, Prism's has 20), " +
      "and each value is of that length",
    async () => {
      const { withSampledAnswers } = await import("../mock-answers.js");
      const at = (minLength: number, maxLength: number) => ({
        type: "string",
        format: "date-time",
        minLength,
        maxLength,
      });
      const schema = {
        type: "object",
        required: ["zqAt", "zqLong"],
        properties: { zqAt: at(25, 25), zqLong: at(30, 30) },
      };
      const document = {
        openapi: "3.0.3",
        info: { title: "zqdates", version: "1" },
        paths: {
          "/zq": { get: { responses: { "200": { description: "ok", content: { "application/json": { schema } } } } } },
        },
      };
      const served = withSampledAnswers(document) as typeof document;
      const media = served.paths["/zq"].get.responses["200"].content["application/json"] as {
        example?: { zqAt: string; zqLong: string };
      };
      expect(media.example?.zqAt).toHaveLength(25);
      expect(media.example?.zqLong).toHaveLength(30);
      for (const value of Object.values(media.example ?? {})) expect(Number.isNaN(Date.parse(value))).toBe(false);
    },
  );
});

describe("an int64 field bounded by ±2^63", () => {
  it("is made the nearest safe integer, which a mock and a JSON parser hold exactly", () => {
    const schemas = {
      ZqNonce: {
        type: "object",
        required: ["nonce"],
        properties: {
          nonce: {
            oneOf: [{ type: "integer", format: "int64", minimum: -(2 ** 63), maximum: 2 ** 63 }, { type: "null" }],
          },
        },
      },
    };
    const sampler = new DocumentSampler({
      openapi: "3.1.0",
      info: { title: "zqnonce", version: "1" },
      paths: {},
      components: { schemas },
    });
    expect(sampler.sample("/components/schemas/ZqNonce")).toEqual({ value: { nonce: Number.MIN_SAFE_INTEGER } });
  });
});
