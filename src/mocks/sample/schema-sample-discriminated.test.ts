// A union with a discriminator is read as anyOf (any shape the discriminator names), so the validator finds its shapes
// under `anyOf`: a shape's field looked up at the document's own place (`…/oneOf/0/properties/…`) found nothing, every
// value was refused there, and the mock made a value where the document gives its example.
import { describe, expect, it } from "vitest";
import { DocumentSampler } from "./schema-sample.js";

const shape = (kind: string) => ({
  type: "object",
  required: ["zqkind", "zqvalue"],
  properties: {
    zqkind: { type: "string", enum: [kind] },
    zqvalue: { type: "string", pattern: "^zq-", example: `zq-${kind}-published` },
  },
});
const document = {
  openapi: "3.0.3",
  info: { title: "zqsegments", version: "1" },
  paths: {},
  components: {
    schemas: {
      ZqCondition: { discriminator: { propertyName: "zqkind" }, oneOf: [shape("zqa"), shape("zqb")] },
    },
  },
};

describe("a discriminated union's shapes, at the document's places", () => {
  it("checks a value against a shape's field where the document places it", () => {
    const sampler = new DocumentSampler(document);
    const field = "/components/schemas/ZqCondition/oneOf/1/properties/zqvalue";
    expect(sampler.valid("zq-1", field)).toBe(true);
    expect(sampler.valid("other", field)).toBe(false);
    expect(sampler.valid({ zqkind: "zqb", zqvalue: "zq-2" }, "/components/schemas/ZqCondition/oneOf/1")).toBe(true);
    expect(sampler.valid({ zqkind: "zqa", zqvalue: "zq-2" }, "/components/schemas/ZqCondition/oneOf/1")).toBe(false);
  });

  it("makes the value of a shape's field of its published example", () => {
    const made = new DocumentSampler(document).sample("/components/schemas/ZqCondition")?.value as {
      zqkind: string;
      zqvalue: string;
    };
    expect(made.zqvalue).toBe(`zq-${made.zqkind}-published`);
  });
});
