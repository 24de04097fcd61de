// A default of another type than its schema's (`type: integer, default: "abc"`) in the mock's copy of the document:
// where Prism's sampler gave up on a schema (an answer the mock leaves to Prism) it answered with the default, and its
// own check and the suite's output check refused the answer. The copy leaves such a default out, as it leaves out an
// enum of the wrong shape; a default of the schema's type (null too, where `nullable` allows it) stays.
import { describe, expect, it } from "vitest";
import { makeSchemasCompilable } from "./prism-schemas.js";

type Node = Record<string, Record<string, Record<string, Record<string, unknown>>>>;

describe("the mock's copy of a schema whose default its type refuses", () => {
  it("leaves the default out, at any depth, and keeps one of the schema's type", () => {
    const document = {
      openapi: "3.0.3",
      components: {
        schemas: {
          ZqText: { type: "string" },
          ZqThing: {
            type: "object",
            properties: {
              zqCount: { type: "integer", default: "abc" },
              zqOn: { type: "boolean", default: "false" },
              zqTags: { type: "array", items: { $ref: "#/components/schemas/ZqText" }, default: [1, 2] },
              zqSize: { type: "integer", nullable: true, default: null },
              zqName: { type: "string", default: "zq" },
              zqNames: { type: "array", items: { $ref: "#/components/schemas/ZqText" }, default: ["a"] },
              zqAny: { default: 3 },
            },
          },
        },
      },
    };
    expect(makeSchemasCompilable(document)).toBeGreaterThanOrEqual(3);
    const fields = (document as unknown as Node).components!.schemas!.ZqThing!.properties as Record<string, object>;
    for (const name of ["zqCount", "zqOn", "zqTags"]) expect(fields[name], name).not.toHaveProperty("default");
    expect(fields.zqSize).toHaveProperty("default", null);
    expect(fields.zqName).toHaveProperty("default", "zq");
    expect(fields.zqNames).toHaveProperty("default", ["a"]);
    expect(fields.zqAny).toHaveProperty("default", 3);
  });
});
