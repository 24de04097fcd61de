// A discriminated base that its kinds extend by `allOf` (`ZqCatRef: allOf [$ref ZqRef, {…}]`, the base's mapping
// naming each kind): the mocks' copy writes an allOf's `$ref` members out (prism-schemas.ts), and the copy kept the
// base's discriminator, so each kind read as a base whose kinds were its siblings. Making an answer that is a kind
// recursed from kind to kind without end: `blockwright mock` stopped with "Maximum call stack size exceeded" and the
// suite's cases of the operation were answered by Prism's own sampler ("Schema too complex", 500).
import { describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { mockDocument } from "./mock-document.js";

const kind = (typeId: string, target: string) => ({
  allOf: [
    { $ref: "#/components/schemas/ZqRef" },
    {
      type: "object",
      required: ["id", "typeId"],
      properties: { typeId: { type: "string", enum: [typeId] }, id: { type: "string" }, obj: { $ref: target } },
    },
  ],
});

const document = openapi(
  {
    "/zqitems/{id}/images": {
      post: {
        operationId: "addZqImage",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        requestBody: { content: { "*/*": { schema: { type: "string" } } } },
        responses: {
          "200": {
            description: "The item.",
            content: { "application/json": { schema: { $ref: "#/components/schemas/ZqItem" } } },
          },
        },
      },
    },
  },
  {
    schemas: {
      ZqRef: {
        type: "object",
        required: ["typeId"],
        properties: { typeId: { type: "string" } },
        discriminator: {
          propertyName: "typeId",
          mapping: { zqcat: "#/components/schemas/ZqCatRef", zqpolicy: "#/components/schemas/ZqPolicyRef" },
        },
      },
      ZqCatRef: kind("zqcat", "#/components/schemas/ZqCat"),
      ZqPolicyRef: kind("zqpolicy", "#/components/schemas/ZqPolicy"),
      ZqCat: {
        type: "object",
        properties: { name: { type: "string" }, parent: { $ref: "#/components/schemas/ZqCatRef" } },
      },
      ZqPolicy: { type: "object", properties: { name: { type: "string" } } },
      ZqItem: {
        type: "object",
        required: ["id", "category", "policy"],
        properties: {
          id: { type: "string" },
          category: { $ref: "#/components/schemas/ZqCatRef" },
          policy: { $ref: "#/components/schemas/ZqPolicyRef" },
        },
      },
    },
  },
);

type Json = Record<string, unknown>;
const at = (value: unknown, ...keys: string[]): unknown =>
  keys.reduce<unknown>((v, k) => (v !== null && typeof v === "object" ? (v as Json)[k] : undefined), value);

describe("a discriminated base its kinds extend by allOf, in a mock's document", () => {
  it("gives each kind its own answer, the kind named, no kind read as a base of its siblings", () => {
    const mocked = mockDocument(structuredClone(document), () => false);
    const answer = Object.values(at(mocked, "paths") as Json)
      .map((item) => at(item, "post", "responses", "200", "content", "application/json"))
      .find(Boolean);
    const example =
      at(answer, "example") ?? Object.values((at(answer, "examples") ?? {}) as Json).map((e) => at(e, "value"))[0];
    expect(example).toMatchObject({ category: { typeId: "zqcat" }, policy: { typeId: "zqpolicy" } });
  });
});
