// A required field whose schema admits null (OpenAPI 3.0's `nullable`, 3.1's
// `null` type, a null alternative) promises no value: `add` drafts its output
// optional, so that a null answer leaves the output out (as the runtime does
// for an optional one) and the suite passes with no edit. An output the
// manifest declares non-optional over such a field stays the contract's to
// refuse when null comes (the manifest promises more than the spec).
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, openapi, reply, type Json } from "../__fixtures__/draft-kit.js";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { parseYamlSource } from "../../load/yaml-source.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const page: Json = {
  type: "object",
  required: ["zqItems", "zqNext", "zqLater", "zqEither", "zqTotal"],
  properties: {
    zqItems: { type: "array", items: { type: "object", properties: { id: { type: "string" } } } },
    zqNext: { type: "string", nullable: true },
    zqLater: { $ref: "#/components/schemas/ZqMaybeText" },
    zqEither: { anyOf: [{ type: "string" }, { type: "null" }] },
    zqTotal: { type: "integer" },
  },
};
const components = { schemas: { ZqMaybeText: { type: ["string", "null"] }, ZqText: { type: "string" } } };
const doc = (schema: Json = page) =>
  openapi(
    {
      "/zq-items": {
        get: {
          operationId: "listZqItems",
          responses: { "200": reply(schema, { zqItems: [], zqNext: null, zqLater: null, zqEither: null, zqTotal: 0 }) },
        },
      },
    },
    components,
    { openapi: "3.1.0" },
  );
/** The page as OpenAPI 3.1 writes it: null as a type, never `nullable`. */
const page31: Json = { ...page, properties: { ...page.properties, zqNext: { type: ["string", "null"] } } };

describe("a required field that may be null", () => {
  it("admits null, however the schema says it", () => {
    const d = new OpenApiDocument(parseYamlSource(JSON.stringify(doc()), "openapi.json"));
    const fields = page.properties as Record<string, Json>;
    const names = ["zqNext", "zqLater", "zqEither", "zqTotal"];
    expect(names.map((field) => d.mayAnswerNull(fields[field]!))).toEqual([true, true, true, false]);
    // A value sent is held to the letter: `nullable` is no word of a 3.1 document's schemas (zqNext).
    expect(names.map((field) => d.admitsNull(fields[field]!))).toEqual([false, true, true, false]);
    // Beside a $ref (3.0 generators write it so), and as a value of an enum.
    const d30 = new OpenApiDocument(parseYamlSource(JSON.stringify({ ...doc(), openapi: "3.0.3" }), "openapi.json"));
    expect(d30.admitsNull({ $ref: "#/components/schemas/ZqText", nullable: true })).toBe(true);
    expect(d30.admitsNull({ $ref: "#/components/schemas/ZqText" })).toBe(false);
    expect(d30.admitsNull({ type: "string", enum: ["zqa", null] })).toBe(true);
  });

  it("gets an optional output in the draft, which links; one that may not be null stays promised", async () => {
    const d = drafted(doc(page31), ["listZqItems"]);
    const outputs = d.manifest.operations.acme_list_zq_items!.outputs!;
    expect([
      outputs["metadata.zqNext"]?.optional,
      outputs["metadata.zqLater"]?.optional,
      outputs["metadata.zqTotal"]?.optional,
    ]).toEqual([true, true, undefined]);
    expect(await linkProblems(d)).toEqual([]);
  });
});
