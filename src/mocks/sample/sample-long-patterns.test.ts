// A realistic text of a pattern that allows a long text (`^.{1,2097152}`, any text up to 2 MB): faker drew a stated
// repetition's count evenly between its bounds, 870,000 characters a value, half a second and more of the mock's one
// thread for each answer it made while every case on the mock waited (a property case's first run held past its
// 30 s limit). A realistic value is a few words: each stated repetition is drawn at most 64 past its least count.
import { describe, expect, it } from "vitest";
import { realisticValues } from "../realistic-values.js";
import { DocumentSampler } from "./schema-sample.js";

const schemas = {
  ZqReading: {
    type: "object",
    required: ["zqText", "zqCode", "zqLong"],
    properties: {
      zqText: { type: "string", maxLength: 2097152, pattern: "^.{1,2097152}" },
      zqCode: { type: "string", pattern: "^zq-[a-z]{2,100000}$" },
      // A least count past the cap stays: every value still matches.
      zqLong: { type: "string", pattern: "^x{300,400000}$" },
    },
  },
};
type Reading = { zqText: string; zqCode: string; zqLong: string };
const document = { openapi: "3.0.3", info: { title: "zqreadings", version: "1" }, paths: {}, components: { schemas } };

describe("a realistic text of a pattern allowing a long text", () => {
  it("is a short value that matches it, whatever the seed", () => {
    const sampler = new DocumentSampler(document);
    const values = realisticValues();
    for (let seed = 1; seed <= 20; seed++) {
      const value = sampler.sample("/components/schemas/ZqReading", { seed, realistic: values })?.value as Reading;
      expect(value.zqText.length).toBeGreaterThanOrEqual(1);
      expect(value.zqText.length).toBeLessThanOrEqual(65);
      expect(value.zqCode).toMatch(/^zq-[a-z]{2,66}$/);
      expect(value.zqLong).toMatch(/^x{300,364}$/);
    }
  });

  it("keeps faker's own open repetitions (`+`, `*`) as they were drawn", () => {
    const values = realisticValues();
    const drawn = values.text("zqName", { pattern: "^[a-z]+-[0-9]*$" }, () => 0.25);
    expect(drawn).toMatch(/^[a-z]{1,10}-[0-9]{0,10}$/);
  });
});
