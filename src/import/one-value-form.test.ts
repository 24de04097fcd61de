// A required form body of one value (`type: string`, its pairs written by
// hand in the example): it names no field the runtime could write, so add
// drafted the operation with nothing placed in its body, and generate then
// refused the draft (BW2010). add refuses the operation up front, saying why
// and to leave it out; an optional one is drafted without its body, as before.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, openapi, reply } from "./__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const document = (required: boolean) =>
  openapi({
    "/zqparse": {
      post: {
        operationId: "zqParse",
        requestBody: {
          required,
          content: {
            "application/x-www-form-urlencoded": {
              examples: { e: { value: "zqList=1 cup&servings=1" } },
              schema: { type: "string" },
            },
          },
        },
        responses: { "200": reply({ type: "object" }) },
      },
    },
  });

describe("a form body of one value", () => {
  it("refuses the operation when the body is required, naming it and what to do", () => {
    expect(() => drafted(document(true), ["zqParse"])).toThrow(
      /zqParse.*application\/x-www-form-urlencoded.*leave it out of --operations/,
    );
  });

  it("drafts the operation without its body when the body is optional", () => {
    expect(drafted(document(false), ["zqParse"]).manifest.operations.acme_zq_parse).toBeDefined();
  });
});
