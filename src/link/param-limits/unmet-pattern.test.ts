// A document's pattern no value of its own lengths meets (an unescaped `..` in a look-ahead: any two characters, so
// only texts of two characters match, beside `minLength: 3`): a manifest written by hand without it was told to copy
// it ("pattern (none) is looser"), then, copied, that it admits no value. Said at once: the document's to correct. A
// pattern some value meets is still asked of the manifest.
import { describe, expect, it } from "vitest";
import { handManifest, handWritten } from "../__fixtures__/hand-written.js";
import { jsonBody, linkProblems, openapi, reply } from "../../import/__fixtures__/draft-kit.js";

const field = (pattern: string) => ({ type: "string", minLength: 3, maxLength: 64, pattern });
const document = openapi({
  "/zqmoorings": {
    post: {
      operationId: "zqMoor",
      requestBody: jsonBody({
        type: "object",
        properties: { zqlabel: field("^[a-z]((?!--|..)[a-z0-9-])+$"), zqberth: field("^[a-z][a-z0-9-]+$") },
      }),
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
    },
  },
});

const param = (pointer: string) => ({
  type: "string",
  minLength: 3,
  maxLength: 64,
  description: "A name.",
  wire: { in: "body", pointer },
});
const manifest = handManifest("zqmoorings", "Moorings of a made-up harbour.", {
  operations: {
    zqmoorings_moor: {
      operationId: "zqMoor",
      title: "Moor",
      description: "Moors a boat.",
      params: { zqlabel: param("/zqlabel"), zqberth: param("/zqberth") },
      outputs: { id: { type: "string", description: "The id.", from: "$response.body#/id" } },
    },
  },
});

describe("a document's pattern no value of its lengths meets, which the manifest does not state", () => {
  it("is said to be the document's to correct; a pattern some value meets is asked of the manifest", async () => {
    const problems = await linkProblems(handWritten(document, manifest), "zqmoorings");
    expect(problems.map((p) => p.replace(/^[^ ]+ /, ""))).toEqual([
      'operations.zqmoorings_moor.params.zqlabel: body field "/zqlabel"\'s pattern "^[a-z]((?!--|..)[a-z0-9-])+$" in ' +
        "specs/zqmoorings/openapi.yaml: no value of 3 to 64 characters was found that meets it, so a manifest " +
        "copying it would refuse every value; likely the document's mistake (add leaves such a pattern out of its " +
        "cut): correct or remove it in specs/zqmoorings/openapi.yaml, then state the pattern the service takes",
      'operations.zqmoorings_moor.params.zqberth: pattern (none) is looser than body field "/zqberth"\'s pattern ' +
        '"^[a-z][a-z0-9-]+$" in specs/zqmoorings/openapi.yaml',
    ]);
  });
});
