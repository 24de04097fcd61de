// An object requiring a field of `format: duration` (an ISO 8601 duration: an alert's window, a check's period): the
// sampler made it plain text, which the format's check refuses, so no value of the object was made, and a body
// parameter holding it had no value the contract suite could send ("no value passes its own rules"). The sampler makes
// a duration of the form the check reads.
import { describe, expect, it } from "vitest";
import { DocumentSampler } from "./schema-sample.js";

const document = {
  openapi: "3.0.0",
  info: { title: "zqdurations", version: "1" },
  paths: {},
  components: {
    schemas: {
      ZqWatch: {
        type: "object",
        required: ["zqWindow", "zqEvery"],
        properties: {
          zqWindow: { type: "string", format: "duration" },
          zqEvery: { type: "string", format: "duration" },
          zqLabel: { type: "string" },
        },
      },
    },
  },
};

describe("a required field of format duration", () => {
  it("is made a duration its format's check takes, so the object is made", () => {
    const sampler = new DocumentSampler(document);
    for (const seed of [0, 1]) {
      const made = sampler.sample("/components/schemas/ZqWatch", { everyField: true, seed });
      expect(made?.value).toMatchObject({
        zqWindow: expect.stringMatching(/^P/),
        zqEvery: expect.stringMatching(/^P/),
      });
      expect(sampler.valid(made?.value, "/components/schemas/ZqWatch")).toBe(true);
    }
    expect(sampler.valid({ zqWindow: "example", zqEvery: "PT5M" }, "/components/schemas/ZqWatch")).toBe(false);
  });
});
