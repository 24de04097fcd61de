// A `oneOf` request body drafted as one parameter, whose first shape's required fields alone meet several shapes:
// two modes that require nothing, told apart by an optional `mode` of one value each, drafted with the example `{}`;
// two query languages that both require `query`, told apart by an optional `lang`, drafted with `{query}`. The
// contract suite's minimal input sent the example and the request judge refused it ("does not match exactly one
// subschema (2 matches)"). And a number of the shape bounded by an exclusive minimum (`minimum: 0, exclusiveMinimum:
// true`) was made as 0, which meets no shape. The example is now a body the request judge's reading of the schema
// takes (a shape's required fields, then one optional field more, a tag first), or, when no body made from the shapes
// meets exactly one, none, and the draft says so.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { schemaChecker } from "../../judge/schema-check.js";
import { readDelimitedPatterns } from "../../load/load-rewrites.js";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { draftWorkFolder, drafted, notesAt, openapi, reply, type Json } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const ok = reply({ type: "object", properties: { zqid: { type: "string" } } }, { zqid: "z1" });

function unionDocument(union: Json[]): Json {
  return openapi({
    "/zqitems": {
      post: {
        operationId: "zqAddItem",
        requestBody: { required: true, content: { "application/json": { schema: { oneOf: union } } } },
        responses: { "200": ok },
      },
    },
  });
}

/** The drafted body parameter's example, its notes, and the request judge's verdict on it. */
function draftedBody(union: Json[]) {
  const d = drafted(unionDocument(union), ["zqAddItem"]);
  const op = Object.keys(d.manifest.operations)[0] ?? "";
  const body = d.manifest.operations[op]?.params?.body as { example?: unknown } | undefined;
  // As generate reads the document (a pattern between slashes without them), as the mocks' judge holds requests to it.
  const data = structuredClone(d.draft.document.source.data);
  readDelimitedPatterns(data);
  const doc = new OpenApiDocument({ ...d.draft.document.source, data });
  const at = ["paths", "/zqitems", "post", "requestBody", "content", "application/json", "schema"];
  const miss = body?.example === undefined ? undefined : schemaChecker(doc).check(body.example, at);
  return { example: body?.example, notes: notesAt(d, `operations.${op}.params.body`), miss };
}

describe("a oneOf body whose first shape's required fields meet several shapes", () => {
  it("is drafted with a shape's tag, when the shapes require nothing and an optional tag tells them apart", () => {
    const { example, notes, miss } = draftedBody([
      {
        type: "object",
        title: "zqByDetails",
        properties: {
          zqamount: { type: "integer" },
          zqmode: { type: "string", enum: ["ZQ_DETAILS"] },
          zqiban: { type: "string" },
        },
      },
      {
        type: "object",
        title: "zqById",
        properties: { zqamount: { type: "integer" }, zqmode: { type: "string", enum: ["ZQ_ID"] } },
      },
    ]);
    expect(example).toEqual({ zqmode: "ZQ_DETAILS" });
    expect(miss).toBeUndefined();
    expect(notes.join("\n")).toContain("the example is a body of shape 1 (zqByDetails), which no other shape takes");
  });

  it("is drafted with the field that tells it apart, when every shape requires the same field", () => {
    const { example, miss } = draftedBody([
      {
        type: "object",
        required: ["zqquery"],
        properties: { zqquery: { type: "string" }, zqnow: { type: "string" }, zqlang: { enum: ["zqflux"] } },
      },
      {
        type: "object",
        required: ["zqquery"],
        properties: { zqquery: { type: "string" }, zqbucket: { type: "string" }, zqlang: { enum: ["zqsql"] } },
      },
    ]);
    expect(example).toEqual({ zqquery: "example", zqlang: "zqflux" });
    expect(miss).toBeUndefined();
  });

  it("reads a pattern written between slashes as generate does (without them), keeping the shape's example", () => {
    const { example, miss } = draftedBody([
      {
        type: "object",
        required: ["zqcode", "zqkind"],
        properties: { zqcode: { type: "string", pattern: "/^[a-z]+$/", example: "zqab" }, zqkind: { enum: ["zqone"] } },
      },
      { type: "object", required: ["zqkind"], properties: { zqkind: { enum: ["zqtwo"] } } },
    ]);
    expect(example).toEqual({ zqcode: "zqab", zqkind: "zqone" });
    expect(miss).toBeUndefined();
  });

  it("makes a number past an exclusive minimum (OpenAPI 3.0's boolean form), so that its shape takes it", () => {
    const { example, miss } = draftedBody([
      {
        type: "object",
        required: ["zqvalues", "zqratio"],
        properties: {
          zqvalues: { type: "array", minItems: 2, items: { type: "number", minimum: 0, exclusiveMinimum: true } },
          zqratio: { type: "number", minimum: 0, maximum: 1, exclusiveMinimum: true, exclusiveMaximum: true },
        },
        additionalProperties: false,
      },
      {
        type: "object",
        required: ["zqseries"],
        // An optional field of its own keeps the body one parameter (shapes of required fields alone are drafted a
        // parameter per field: keyed-shapes.test.ts).
        properties: { zqseries: { type: "string" }, zqnote: { type: "string" } },
        additionalProperties: false,
      },
    ]);
    expect(example).toEqual({ zqvalues: [1, 1], zqratio: 0.5 });
    expect(miss).toBeUndefined();
  });

  it("is drafted without an example, and says so, when no body made from the shapes meets exactly one", () => {
    const same = { type: "object", required: ["zqname"], properties: { zqname: { type: "string" } } };
    // A twin but for a rule every body of it meets (a field at least, where one is required): shapes alike but for
    // their words, or in allOf parts, are cut as anyOf (overlapping-unions.test.ts); one of other rules is not read
    // for that, and stays a oneOf no body meets.
    const { example, notes } = draftedBody([same, { ...same, minProperties: 1, title: "zqTwin" }]);
    expect(example).toBeUndefined();
    expect(notes.join("\n")).toContain(
      "meets exactly one of them, as the document states them (a body of shape 1 meets shape 2 too; " +
        "a body of shape 2 (zqTwin) meets shape 1 too): drafted without an example",
    );
  });

  it("is drafted without an example, naming the field, when a field every shape requires can meet no value", () => {
    // One character, and exactly four: no text is both. (A pattern refusing its own example beside lengths no value
    // of it meets is left out of the cut: pattern-refusing-example.test.ts; here the example meets the pattern.)
    const key = { type: "string", minLength: 1, maxLength: 1, pattern: "^[a-z]{4}$", example: "zqab" };
    const { example, notes } = draftedBody([
      { type: "object", required: ["zqkey", "zqcode"], properties: { zqkey: key, zqcode: { type: "string" } } },
      { type: "object", required: ["zqkey", "zqtoken"], properties: { zqkey: key, zqtoken: { type: "string" } } },
    ]);
    expect(example).toBeUndefined();
    expect(notes.join("\n")).toContain('(shape 1: /zqkey string is too long (4 > 1), got "zqab"; shape 2: /zqkey');
  });
});
