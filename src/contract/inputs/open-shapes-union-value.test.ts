// A JSON body field of a `oneOf` of two open shapes that require nothing and ask for a field at least
// (`minProperties: 1`): by JSON Schema's letter every object meets both or neither, so no value meets the `oneOf`, and
// the request judge and the mocks read it as its publisher means it (the shape whose fields hold all the value's keys).
// The suite made its values by the letter alone: none passed, and the operation's request, limit and error cases could
// not run ("no value of parameter … passes its own rules"). A value is now made as the judge reads it.
import { describe, expect, it } from "vitest";
import { casesNotPassed, draftedOnMock } from "../__fixtures__/drafted-subject.js";
import { deriveCases } from "../derive.js";
import { valuesOf } from "./values.js";
import { openapi } from "../../import/__fixtures__/draft-kit.js";

const shape = (fields: Record<string, unknown>) => ({ type: "object", minProperties: 1, properties: fields });
const doc = openapi({
  "/zqrules": {
    post: {
      operationId: "addZqRule",
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              required: ["zqName", "zqWhen"],
              properties: {
                zqName: { type: "string" },
                zqWhen: {
                  oneOf: [
                    shape({ zqFrom: { type: "string" }, zqHasFiles: { type: "boolean" } }),
                    shape({ zqAll: { type: "array", items: { type: "string" } } }),
                  ],
                },
              },
            },
          },
        },
      },
      responses: { "201": { description: "Added." } },
    },
  },
});

describe("a body field of a oneOf of open shapes no value of the letter meets", () => {
  it("gets a value as the judge reads it, and every case runs and passes on the mock", async () => {
    const on = await draftedOnMock("acme", doc, ["addZqRule"]);
    try {
      // A value of one shape, as the judge reads it: none passed before (and no case could run to fail on it).
      const [tool] = on.subject.tools;
      const made = valuesOf(tool as never, on.subject.document).example("zqWhen")?.value as Record<string, unknown>;
      const shapes = [["zqFrom", "zqHasFiles"], ["zqAll"]];
      expect(Object.keys(made).length).toBeGreaterThan(0);
      expect(shapes.filter((fields) => Object.keys(made).every((k) => fields.includes(k)))).toHaveLength(1);
      expect(deriveCases(on.subject).map((c) => c.id)).toContain(
        "acme_add_zq_rule › request › every parameter, placed where the spec declares it",
      );
      expect(await casesNotPassed(on)).toEqual([]);
    } finally {
      await on.close();
    }
  }, 120_000);
});
