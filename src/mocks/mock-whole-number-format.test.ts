// A number the document gives a whole-number format (`type: number, format:
// int32`): Prism's sampler makes a fraction of it, which Prism's own format
// check then refuses, failing every case of the operation. The mock answers
// with a made value instead, whole; an integer of the format is left to
// Prism, which makes it right.
import { describe, expect, it } from "vitest";
import { withSampledAnswers } from "./mock-answers.js";

const page = (offset: Record<string, unknown>) => ({
  type: "object",
  required: ["zqOffset"],
  properties: { zqOffset: offset },
});
const document = {
  openapi: "3.0.3",
  info: { title: "zqpages", version: "1" },
  paths: Object.fromEntries(
    Object.entries({
      ZqNumber: page({ type: "number", format: "int32" }),
      ZqWide: page({ type: "number", format: "int64" }),
      ZqInteger: page({ type: "integer", format: "int32" }),
    }).map(([name, schema]) => [
      `/zq/${name}`,
      { get: { responses: { "200": { description: "ok", content: { "application/json": { schema } } } } } },
    ]),
  ),
};

describe("a mock's answer with a number of a whole-number format", () => {
  it("is a made value, whole and within int32; an integer of the format is left to Prism", () => {
    const served = withSampledAnswers(document) as {
      paths: Record<
        string,
        { get: { responses: Record<string, { content: Record<string, { example?: { zqOffset?: unknown } }> }> } }
      >;
    };
    const media = (name: string) => served.paths[`/zq/${name}`]!.get.responses["200"]!.content["application/json"]!;
    for (const name of ["ZqNumber", "ZqWide"]) {
      const offset = media(name).example?.zqOffset;
      expect(Number.isInteger(offset), `${name}: ${offset}`).toBe(true);
    }
    expect(Math.abs(media("ZqNumber").example?.zqOffset as number)).toBeLessThanOrEqual(2 ** 31 - 1);
    expect(media("ZqInteger")).not.toHaveProperty("example");
  });
});
