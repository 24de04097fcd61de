// A body field written as `allOf: [{$ref: Code}]` beside its title and description (TypeSpec writes every
// field that names a model so), Code a union of two texts (`anyOf` of a three-letter code and a custom one). The
// allOf's merge gained an empty `properties` and `required`, so the field read as an object: add drafted a `json`
// object no value of passed (the contract suite: "no value of parameter currency passes its own rules").
import { describe, expect, it } from "vitest";
import { drafted, linkProblems, openapi, reply } from "./__fixtures__/draft-kit.js";

const ok = { "201": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) };
const schemas = {
  ZqCode: { anyOf: [{ $ref: "#/components/schemas/ZqFiat" }, { $ref: "#/components/schemas/ZqCustom" }] },
  ZqFiat: { type: "string", minLength: 3, maxLength: 3, pattern: "^[A-Z]{3}$" },
  ZqCustom: { type: "string", minLength: 4, maxLength: 24 },
};
const body = {
  type: "object",
  required: ["currency"],
  properties: {
    currency: { allOf: [{ $ref: "#/components/schemas/ZqCode" }], title: "Currency", description: "The code." },
  },
};
const document = openapi(
  {
    "/zqaddons": {
      post: {
        operationId: "zqCreateAddon",
        requestBody: { required: true, content: { "application/json": { schema: body } } },
        responses: ok,
      },
    },
  },
  { schemas },
);

describe("a field that is an allOf of one union of texts", () => {
  it("is drafted as the union's forms, not as an object, and links", async () => {
    const d = drafted(document, ["zqCreateAddon"]);
    const currency = d.manifest.operations.acme_zq_create_addon?.params?.currency;
    expect(currency).toMatchObject({
      type: "json",
      anyOf: [
        { type: "string", minLength: 3, maxLength: 3, pattern: "^[A-Z]{3}$" },
        { type: "string", minLength: 4, maxLength: 24 },
      ],
    });
    expect(currency).not.toHaveProperty("jsonType");
    expect(await linkProblems(d)).toEqual([]);
  });
});
