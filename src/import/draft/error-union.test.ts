// An error answer that is a union of shapes and nothing else: one error, or a list of them (`oneOf: [ZqError,
// {type: array, items: ZqError}]`), each keeping its message in a list of its own. Add drafts the place in each shape,
// the first shape's first, and the runtime reads the message from either; read as one shape, the union showed no
// place and the common places drafted found no message in either.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, errorMessageOf, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const text = { type: "string" };
const ok = { "200": reply({ type: "object", properties: { id: text } }, { id: "1" }) };
const zqError = {
  type: "object",
  required: ["zqErrors"],
  properties: {
    zqErrors: {
      type: "array",
      items: { type: "object", properties: { zqParameter: text, zqErrorMessage: text, zqCode: { type: "integer" } } },
    },
  },
};
const doc = (union: "oneOf" | "anyOf") =>
  openapi(
    {
      "/zqgadgets": {
        post: {
          operationId: "makeZqGadgets",
          responses: {
            ...ok,
            default: reply({
              [union]: [
                { $ref: "#/components/schemas/ZqError" },
                { type: "array", items: { $ref: "#/components/schemas/ZqError" } },
              ],
            }),
          },
        },
      },
    },
    { schemas: { ZqError: zqError } },
  );

describe("an error answer of one error or a list of them", () => {
  for (const union of ["oneOf", "anyOf"] as const)
    it(`${union}: the place in each shape, read from either`, async () => {
      const d = drafted(doc(union), ["makeZqGadgets"]);
      expect(d.manifest.errors.message).toEqual([
        "$response.body#/zqErrors/0/zqErrorMessage",
        "$response.body#/0/zqErrors/0/zqErrorMessage",
      ]);
      expect(await linkProblems(d)).toEqual([]);
      const one = { zqErrors: [{ zqParameter: "zqSize", zqErrorMessage: "zqgadget lacks a size" }] };
      expect(await errorMessageOf(d, one)).toBe("zqgadget lacks a size");
      expect(await errorMessageOf(d, [{ zqErrors: [{ zqErrorMessage: "zqgadget 2 refused" }] }])).toBe(
        "zqgadget 2 refused",
      );
    });
});
