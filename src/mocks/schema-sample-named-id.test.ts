// A document whose maps of names hold a member called `id` (a component
// schema and a request body named `id`, as a published document has them):
// walking the document, the validator read that member as the map's schema
// identifier and threw "Duplicate schema URI [object Object]", so the mock
// did not start (Mandrill: `test` ended with an internal error). The member
// is a schema like any other, sampled and checked at its own pointer; a
// property named `id` stays a property.
import { describe, expect, it } from "vitest";
import { DocumentSampler } from "./sample/schema-sample.js";
import { withSampledAnswers } from "./mock-answers.js";

const zqKey = {
  type: "object",
  required: ["id", "key"],
  properties: { id: { type: "string", pattern: "^zq[0-9]{3}$" }, key: { type: "string" } },
};
const document = {
  openapi: "3.0.3",
  info: { title: "zqmail", version: "1" },
  components: {
    schemas: { id: zqKey, ZqList: { type: "array", items: { $ref: "#/components/schemas/id" } } },
    requestBodies: {
      id: { required: true, content: { "application/json": { schema: { $ref: "#/components/schemas/id" } } } },
    },
  },
  paths: {
    "/zq/keys": {
      post: {
        requestBody: { $ref: "#/components/requestBodies/id" },
        responses: {
          "200": {
            description: "listed",
            content: { "application/json": { schema: { $ref: "#/components/schemas/ZqList" } } },
          },
        },
      },
    },
  },
};

describe("a document with a schema named id", () => {
  it("is sampled: values made of that schema, checked against it", () => {
    const sampler = new DocumentSampler(document);
    const made = sampler.sample("/components/schemas/id");
    expect(made?.value).toMatchObject({ id: expect.stringMatching(/^zq[0-9]{3}$/), key: expect.any(String) });
    expect(sampler.valid({ id: "zq123", key: "k" }, "/components/schemas/id")).toBe(true);
    expect(sampler.valid({ id: "nope", key: "k" }, "/components/schemas/id")).toBe(false);
    expect(sampler.valid([{ id: "zq123", key: "k" }], "/components/schemas/ZqList")).toBe(true);
  });

  it("gets the mock's made answers where its schemas need them", () => {
    const served = withSampledAnswers(document) as {
      paths: Record<
        string,
        { post: { responses: Record<string, { content: Record<string, { example?: unknown }> }> } }
      >;
    };
    expect(served.paths["/zq/keys"]!.post.responses["200"]!.content["application/json"]!.example).toEqual(
      expect.any(Array),
    );
  });
});

// An enum of objects each with a numeric `id` (a published answer's "current game" as one of a list): the walk above
// took each item's `id` out as a named member, so no value met the enum, nothing was made, and the mock served
// Prism's own answer, which broke its schema elsewhere (a pattern, a required field under a nullable allOf).
describe("an enum of objects with an id", () => {
  const zqGames = [
    { id: 1, name: "zqone", slug: "zq-one" },
    { id: 3, name: "zqtwo", slug: "zq-two" },
  ];
  const zqDocument = {
    openapi: "3.0.3",
    info: { title: "zqgames", version: "1" },
    components: {
      schemas: {
        ZqGame: { type: "object", enum: zqGames },
        ZqVersion: { type: "string", pattern: "^[0-9]+\\.[0-9]+$" },
        ZqMatch: {
          type: "object",
          additionalProperties: false,
          required: ["game", "version"],
          properties: {
            game: { $ref: "#/components/schemas/ZqGame" },
            version: { allOf: [{ nullable: true }, { $ref: "#/components/schemas/ZqVersion" }] },
          },
        },
      },
    },
    paths: {},
  };

  it("is checked with the items whole: an item of the enum is valid, another object is not", () => {
    const sampler = new DocumentSampler(zqDocument);
    expect(sampler.valid({ id: 1, name: "zqone", slug: "zq-one" }, "/components/schemas/ZqGame")).toBe(true);
    expect(sampler.valid({ name: "zqone", slug: "zq-one" }, "/components/schemas/ZqGame")).toBe(false);
  });

  it("is sampled, as is an object holding it", () => {
    const sampler = new DocumentSampler(zqDocument);
    expect(sampler.sample("/components/schemas/ZqGame")?.value).toEqual(zqGames[0]);
    expect(sampler.sample("/components/schemas/ZqMatch")?.value).toEqual({
      game: zqGames[0],
      version: expect.stringMatching(/^[0-9]+\.[0-9]+$/),
    });
  });
});
