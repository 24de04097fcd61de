// A suite's prediction of the mock's answer (mock-realistic.ts `documentAnswerFits`) reads a field whose schema is a
// discriminated base as the union of the base's kinds, as the mock's copy of the document, its check of an answer and
// the request judge read it (load/schemas/base-kinds.ts `withBaseRefsAsKinds`). It read the document as loaded, the
// base's own fields alone: a body whose property named no kind, or none at all, fitted, where the mock refused it.
import { describe, expect, it } from "vitest";
import { documentAnswerFits } from "./mock-realistic.js";

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const text = { type: "string" };
const kind = (field: string) => ({
  allOf: [ref("ZqRun"), { type: "object", required: [field], properties: { [field]: text } }],
});
const document = {
  openapi: "3.0.3",
  info: { title: "zqkinds", version: "1" },
  paths: {
    "/zqruns": {
      get: {
        responses: {
          "200": {
            description: "A run.",
            content: { "application/json": { schema: { type: "object", properties: { zqRun: ref("ZqRun") } } } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      ZqRun: { type: "object", properties: { zqKind: text }, discriminator: { propertyName: "zqKind" } },
      ZqTimedRun: kind("zqTook"),
      ZqOtherRun: kind("zqWhere"),
    },
  },
};

describe("a suite's prediction of an answer holding a field of a discriminated base", () => {
  const fits = documentAnswerFits(document, ["paths", "/zqruns", "get"], "200", "application/json");

  it("takes a value of the kind its property names", () => {
    expect(fits({ zqRun: { zqKind: "ZqTimedRun", zqTook: "PT1S" } })).toBe(true);
  });

  it("refuses a value naming no kind, none at all, or one whose fields it lacks", () => {
    expect(fits({ zqRun: { zqKind: "zqbird" } })).toBe(false);
    expect(fits({ zqRun: { zqTook: "PT1S" } })).toBe(false);
    expect(fits({ zqRun: { zqKind: "ZqOtherRun", zqTook: "PT1S" } })).toBe(false);
  });
});
