// A text whose allOf members each bound it (a pattern, and `not` of a pattern) is flattened to one pattern every
// member holds: the merge kept the first pattern alone, and the suite drew values the others refuse.
import { describe, expect, it } from "vitest";
import { OpenApiDocument } from "../openapi-document.js";
import { parseYamlSource } from "../yaml-source.js";

function flattened(schema: Record<string, unknown>): Record<string, unknown> {
  const doc = {
    openapi: "3.0.3",
    info: { title: "zq", version: "1" },
    paths: {},
    components: { schemas: { zq: schema } },
  };
  const document = new OpenApiDocument(parseYamlSource(JSON.stringify(doc), "/zq/openapi.json"));
  return document.flatten({ $ref: "#/components/schemas/zq" });
}

const zqRelative = {
  allOf: [
    { type: "string", minLength: 1, pattern: "^[^/\\\\].*$" },
    { not: { pattern: "\\\\" } },
    { not: { pattern: "(^|[\\\\/])\\.\\.([\\\\/]|$)" } },
  ],
};

describe("a text's allOf of patterns and `not` patterns", () => {
  it("is one pattern that takes what every member takes and refuses what one refuses", () => {
    const flat = flattened(zqRelative);
    expect(flat.type).toBe("string");
    const pattern = new RegExp(flat.pattern as string, "u");
    for (const ok of ["a", "a/b c.txt", "x..y", "é/%2F"]) expect(pattern.test(ok)).toBe(true);
    for (const refused of ["/a", "\\a", "a\\b", "../a", "a/../b", "a/.."]) expect(pattern.test(refused)).toBe(false);
  });

  it("holds two patterns together", () => {
    const flat = flattened({ allOf: [{ type: "string", pattern: "^zq" }, { pattern: "[0-9]$" }] });
    const pattern = new RegExp(flat.pattern as string, "u");
    expect(["zq1", "zqa9"].every((v) => pattern.test(v))).toBe(true);
    expect(["zqa", "a1"].some((v) => pattern.test(v))).toBe(false);
  });

  it("leaves one pattern as written, and a `not` that says more than a pattern to the judge", () => {
    expect(flattened({ allOf: [{ type: "string", pattern: "^zq" }, { maxLength: 4 }] }).pattern).toBe("^zq");
    expect(
      flattened({ allOf: [{ type: "string", pattern: "^zq" }, { not: { pattern: "x", minLength: 3 } }] }).pattern,
    ).toBe("^zq");
  });
});
