// A `$ref` written among a schema's properties, pointing at another schema's properties
// (`properties: {$ref: "#/components/schemas/ZqSpec/properties", zqPin: {…}}`), was refused by the structure check,
// so every operation reaching it could not be drafted. The draft reads it as JSON Reference resolvers do (the
// properties pointed at, beside those written), says so in the cut's header, and the judge holds a body to them; a
// pointer at something that is no map of schemas is still refused.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, judgedCut, linkProblems, openapi, reply } from "../../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const doc = (ref: string) =>
  openapi(
    {
      "/zqexports": {
        post: {
          operationId: "createZqExport",
          requestBody: {
            required: true,
            content: { "application/json": { schema: { $ref: "#/components/schemas/ZqExportParams" } } },
          },
          responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }) },
        },
      },
    },
    {
      schemas: {
        ZqSpec: {
          type: "object",
          properties: {
            zqTemplate: { type: "string", enum: ["file", "player"] },
            zqMeta: { type: "object", properties: { $ref: "#/components/schemas/ZqFileInfo/properties" } },
          },
        },
        ZqFileInfo: { type: "object", properties: { cid: { type: "string" } } },
        ZqExportParams: {
          type: "object",
          additionalProperties: false,
          properties: { $ref: ref, zqPin: { type: "object", properties: { jwt: { type: "string" } } } },
        },
      },
    },
  );

describe("a $ref written among a schema's properties", () => {
  it("is read as the properties it points at beside the others: drafted, in the header, judged", async () => {
    const d = drafted(doc("#/components/schemas/ZqSpec/properties"), ["createZqExport"]);
    const zqSpec =
      String.raw`components\.schemas\.ZqExportParams\.properties\.\$ref ` +
      String.raw`\("#/components/schemas/ZqSpec/properties"\)`;
    const zqMeta = String.raw`components\.schemas\.ZqExportParams\.properties\.zqMeta\.properties\.\$ref`;
    expect(d.openapiText).toMatch(
      new RegExp(
        `^# Changed by blockwright add, the document read as it means: 2 references ${zqSpec}, ${zqMeta} ` +
          String.raw`\("#/components/schemas/ZqFileInfo/properties"\) written among a schema's properties, read as ` +
          "the properties each points at beside the others",
        "m",
      ),
    );
    expect(await linkProblems(d)).toEqual([]);
    const { refusals } = judgedCut(d, "/zqexports");
    expect(refusals({ zqTemplate: "player", zqPin: { jwt: "x" } })).toEqual([]);
    expect(refusals({ zqTemplate: "zq-other" }).length).toBeGreaterThan(0);
    expect(refusals({ zqStray: 1 }).length).toBeGreaterThan(0);
  });

  it("reads one inside the properties pointed at too", async () => {
    const d = drafted(doc("#/components/schemas/ZqSpec/properties"), ["createZqExport"]);
    expect(await linkProblems(d)).toEqual([]);
    const { refusals } = judgedCut(d, "/zqexports");
    expect(refusals({ zqMeta: { cid: "zq-cid" } })).toEqual([]);
    expect(refusals({ zqMeta: { cid: 7 } }).length).toBeGreaterThan(0);
  });

  it("is still refused, naming the place, when it points at no map of schemas", () => {
    expect(() => drafted(doc("#/components/schemas/ZqFileInfo/type"), ["createZqExport"])).toThrow(
      'createZqExport: at components.schemas.ZqExportParams.properties.$ref (a schema must be a mapping, got "#/',
    );
  });
});
