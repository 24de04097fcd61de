// A schema written as its type's name (`value: string`, meant as `{type: string}`) was refused by the structure
// check, so every operation reaching it could not be drafted. The draft reads it as a schema of that type, says so in
// the cut's header, and the judge holds a body to it; a text naming no type is still refused.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, judgedCut, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const zqSelector = (value: unknown) => ({
  type: "object",
  required: ["type", "value"],
  properties: { type: { type: "string" }, value },
});

const doc = (value: unknown) =>
  openapi(
    {
      "/zqnotes": {
        post: {
          operationId: "createZqNote",
          requestBody: {
            required: true,
            content: { "application/json": { schema: { $ref: "#/components/schemas/ZqNote" } } },
          },
          responses: { "200": reply({ $ref: "#/components/schemas/ZqNote" }) },
        },
      },
    },
    {
      schemas: {
        ZqNote: {
          type: "object",
          properties: { id: { type: "string" }, selector: { type: "array", items: { oneOf: [zqSelector(value)] } } },
        },
      },
    },
  );

describe("a schema written as its type's name", () => {
  it("is read as a schema of that type: drafted, said in the cut's header, held to by the judge", async () => {
    const d = drafted(doc("string"), ["createZqNote"]);
    const place = String.raw`components\.schemas\.ZqNote\.properties\.selector\.items\.oneOf\[0\]\.properties\.value`;
    expect(d.openapiText).toMatch(
      new RegExp(
        `^# Changed by blockwright add, the document read as it means: the schema ${place} \\("string"\\) written as ` +
          String.raw`its type's name, read as a schema of that type \(\{type: string\}\)`,
        "m",
      ),
    );
    expect(await linkProblems(d)).toEqual([]);
    const { refusals } = judgedCut(d, "/zqnotes");
    expect(refusals({ selector: [{ type: "css", value: "p > a" }] })).toEqual([]);
    expect(refusals({ selector: [{ type: "css", value: 7 }] }).length).toBeGreaterThan(0);
  });

  it("reads a common name of a type (int) as the type it names, saying both", async () => {
    const d = drafted(doc("int"), ["createZqNote"]);
    expect(d.openapiText).toMatch(/properties\.value \("int", integer\) written as its type's name/);
    expect(await linkProblems(d)).toEqual([]);
    const { refusals } = judgedCut(d, "/zqnotes");
    expect(refusals({ selector: [{ type: "css", value: 7 }] })).toEqual([]);
    expect(refusals({ selector: [{ type: "css", value: "p > a" }] }).length).toBeGreaterThan(0);
  });

  it("is still refused, naming the place, when the text names no type", () => {
    expect(() => drafted(doc("strng"), ["createZqNote"])).toThrow(
      "createZqNote: at components.schemas.ZqNote.properties.selector.items.oneOf[0].properties.value (a " +
        'schema must be a mapping, got "strng")',
    );
  });
});
