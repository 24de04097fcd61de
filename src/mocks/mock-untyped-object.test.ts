// An object schema without `type` that carries a list's keyword (`uniqueItems:
// false`, a no-op a generator wrote on every schema): Prism's sampler reads
// the list keyword first and answered `[]`, without the required `id`. The
// mock answers with a made object instead.
import { describe, expect, it } from "vitest";
import { withSampledAnswers } from "./mock-answers.js";

const zqWord = {
  uniqueItems: false,
  required: ["id"],
  properties: {
    id: { type: "integer", format: "int64", uniqueItems: false },
    word: { type: "string", uniqueItems: false },
  },
};
const document = {
  openapi: "3.0.1",
  info: { title: "zqwords", version: "1" },
  components: {
    schemas: { ZqWord: zqWord, ZqPlain: { type: "object", required: ["id"], properties: { id: { type: "integer" } } } },
  },
  paths: {
    "/zqwords/random": {
      get: {
        responses: {
          "200": {
            description: "ok",
            content: { "application/json": { schema: { $ref: "#/components/schemas/ZqWord" } } },
          },
        },
      },
    },
    "/zqwords/plain": {
      get: {
        responses: {
          "200": {
            description: "ok",
            content: { "application/json": { schema: { $ref: "#/components/schemas/ZqPlain" } } },
          },
        },
      },
    },
  },
};

describe("a mock's answer whose untyped object schema carries a list's keyword", () => {
  it("is a made object with its required fields; a typed object is left to Prism", () => {
    const served = withSampledAnswers(document) as typeof document;
    const media = (path: keyof typeof document.paths) =>
      served.paths[path].get.responses["200"].content["application/json"] as { example?: unknown };
    expect(media("/zqwords/random").example).toEqual({ id: expect.any(Number) });
    expect(media("/zqwords/plain")).not.toHaveProperty("example");
  });
});
