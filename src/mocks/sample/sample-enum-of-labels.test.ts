// A field of type integer whose enum lists only labels (`enum: ["0 (ZqHdd)", "1 (ZqSsd)"]`, each value's number and
// name), nested in a required object: no value meets both, and the judge and the mocks read the type
// (load/text-enum.ts).
// The sampler took the first label and refused it by the letter, so no value of the object was made and every case of
// the operation could not run ("no value of parameter … passes its own rules"). It makes the type's value now.
import { describe, expect, it } from "vitest";
import { realisticValues } from "../realistic-values.js";
import { DocumentSampler } from "./schema-sample.js";

const schemas = {
  ZqDiskType: { type: "integer", format: "int32", enum: ["0 (ZqHdd)", "1 (ZqSsd)", "2 (ZqPremium)"] },
  ZqVmSpecs: {
    type: "object",
    additionalProperties: false,
    required: ["zqDisk", "zqSize"],
    properties: { zqDisk: { $ref: "#/components/schemas/ZqDiskType" }, zqSize: { type: "string" } },
  },
};
const document = { openapi: "3.0.3", info: { title: "zqlabels", version: "1" }, paths: {}, components: { schemas } };

describe("an integer field whose enum lists labels", () => {
  it("is made as an integer, by the plain and the realistic walk, and checked so", () => {
    const sampler = new DocumentSampler(document);
    const plain = sampler.sample("/components/schemas/ZqVmSpecs", { everyField: true })?.value as Record<
      string,
      unknown
    >;
    expect(Number.isInteger(plain?.zqDisk), JSON.stringify(plain)).toBe(true);
    const values = realisticValues();
    for (let seed = 1; seed <= 10; seed++) {
      const made = sampler.sample("/components/schemas/ZqVmSpecs", { seed, realistic: values })?.value as
        | Record<string, unknown>
        | undefined;
      expect(Number.isInteger(made?.zqDisk), JSON.stringify(made)).toBe(true);
    }
    expect(sampler.valid({ zqDisk: 1, zqSize: "s" }, "/components/schemas/ZqVmSpecs")).toBe(true);
    expect(sampler.valid({ zqDisk: "1 (ZqSsd)", zqSize: "s" }, "/components/schemas/ZqVmSpecs")).toBe(false);
  });
});
