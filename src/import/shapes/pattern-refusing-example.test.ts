// A body field whose pattern no value of its lengths meets and which refuses the field's own example (an unescaped
// `..` in a look-ahead: any two characters, so only texts of two characters match, beside `minLength: 3`): the draft
// did not link (BW2014) and add ended with exit 1. add leaves such a pattern out of the cut, names it in its header
// and a review note, and the draft links. A pattern that takes its example, or has none to say so, stays.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";
import { withoutPatternsRefusingExamples } from "./unmet-lengths.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const label = (extra: Record<string, unknown>) => ({
  type: "string",
  minLength: 3,
  maxLength: 32,
  pattern: "^[a-zA-Z]((?!--|__|..)[a-zA-Z0-9-_.])+$",
  ...extra,
});
const documentWith = (properties: Record<string, unknown>) =>
  openapi({
    "/zqboxes": {
      post: {
        operationId: "zqCreateBox",
        requestBody: {
          required: true,
          content: { "application/json": { schema: { type: "object", required: ["zqLabel"], properties } } },
        },
        responses: { "200": reply({ type: "object", properties: { zqId: { type: "integer" } } }, { zqId: 1 }) },
      },
    },
  });

describe("a pattern no value of its lengths meets, refusing its own example", () => {
  it("is left out of the cut, named with the example; one taking its example, or with none, stays", () => {
    const cut = documentWith({
      zqLabel: label({ example: "zqbox123" }),
      zqNoExample: label({}),
      zqFits: { type: "string", minLength: 3, pattern: "^zq[a-z]+$", example: "zqa" },
    });
    expect(withoutPatternsRefusingExamples(cut)).toEqual([
      expect.stringMatching(/zqLabel \(pattern ".*"; example "zqbox123"\)$/),
    ]);
    expect(withoutPatternsRefusingExamples(cut)).toEqual([]);
  });

  it("is named in the draft's header and a review note, and the draft links", async () => {
    const d = drafted(documentWith({ zqLabel: label({ example: "zqbox123" }) }), ["zqCreateBox"], "zqboxes");
    expect(d.openapiText).toMatch(/Left out by blockwright add: .*zqLabel \(pattern .*; example "zqbox123"\)/);
    expect(d.manifestText.replace(/\n#\s+/g, " ")).toMatch(/which refuses its own example/);
    expect(await linkProblems(d, "zqboxes")).toEqual([]);
  });
});
