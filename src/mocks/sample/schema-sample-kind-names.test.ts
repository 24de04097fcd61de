// The value the mock's sampler sets a discriminated union's property to, by the rule the judge and the link read
// (load/schemas/union-kinds.ts): a shape fixing the property to one value of its own (an enum of one, in the shape or
// an allOf member) is named by it. The sampler named a shape by the mapping's value, else its schema's name, which no
// such shape takes: where the shape leaves the property optional, the value it made then lacked the property, naming
// no kind (the judge reads it as naming none and refuses such a request).
import { describe, expect, it } from "vitest";
import { DocumentSampler } from "./schema-sample.js";

const document = {
  openapi: "3.0.3",
  info: { title: "zqkindnames", version: "1" },
  paths: {},
  components: {
    schemas: {
      ZqForm: {
        oneOf: [{ $ref: "#/components/schemas/ZqAlpha" }, { $ref: "#/components/schemas/ZqBeta" }],
        discriminator: { propertyName: "zqKind" },
      },
      ZqAlpha: {
        type: "object",
        required: ["zqAlphaText"],
        properties: { zqKind: { type: "string", enum: ["zq-alpha-own"] }, zqAlphaText: { type: "string" } },
      },
      ZqBeta: {
        allOf: [
          { type: "object", required: ["zqBetaCount"], properties: { zqBetaCount: { type: "integer" } } },
          { properties: { zqKind: { type: "string", enum: ["zq-beta-own"] } } },
        ],
      },
      ZqInPlace: {
        oneOf: [
          {
            type: "object",
            required: ["zqGammaFlag"],
            properties: { zqKind: { type: "string", enum: ["zq-gamma-own"] }, zqGammaFlag: { type: "boolean" } },
          },
        ],
        discriminator: { propertyName: "zqKind" },
      },
    },
  },
};

describe("the kind the mock's sampler names", () => {
  it("names a shape by its own fixed value, in the shape or an allOf member, where the mapping is absent", () => {
    const sampler = new DocumentSampler(document);
    const kinds = new Set<unknown>();
    for (let seed = 0; seed < 8; seed++) {
      const made = sampler.sample("/components/schemas/ZqForm", { seed })?.value as Record<string, unknown>;
      expect(made, `seed ${seed}`).toBeDefined();
      expect(made.zqKind, JSON.stringify(made)).toBe("zqAlphaText" in made ? "zq-alpha-own" : "zq-beta-own");
      kinds.add(made.zqKind);
    }
    expect([...kinds].sort()).toEqual(["zq-alpha-own", "zq-beta-own"]);
  });

  it("names a shape written in place by its own fixed value", () => {
    const made = new DocumentSampler(document).sample("/components/schemas/ZqInPlace")?.value;
    expect(made).toMatchObject({ zqKind: "zq-gamma-own" });
  });
});
