// A `type` list (`{type: [number, string]}`) is OpenAPI 3.1's; a 3.0 document using it (a forum's published write
// API writes its ids so) had add write a draft generate refused (BW2019, "type is a list"), so nothing ran without a
// hand edit. add now writes each as 3.0 says the same: null as nullable, one type as that type, several as anyOf,
// with a note; a 3.1 document's lists stay as written.
import { rmSync } from "node:fs";
import jsyaml from "js-yaml";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  judgedCall,
  linkedTools,
  linkProblems,
  openapi,
  reply,
} from "../__fixtures__/draft-kit.js";
import { structureProblems } from "../../load/structure/document-structure.js";

type Json = Record<string, unknown>;

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const document = (version: string) => ({
  ...openapi(
    {
      "/zqrooms/{zqRoom}": {
        put: {
          operationId: "zqRename",
          parameters: [{ name: "zqRoom", in: "path", required: true, schema: { type: ["number", "string"] } }],
          requestBody: {
            required: true,
            content: { "application/json": { schema: { $ref: "#/components/schemas/ZqRoom" } } },
          },
          responses: { "200": reply({ $ref: "#/components/schemas/ZqRoom" }) },
        },
      },
    },
    {
      schemas: {
        ZqRoom: {
          type: "object",
          properties: {
            zqName: { type: ["string", "null"], maxLength: 8 },
            zqOwner: { type: ["integer", "string", "null"], minimum: 1 },
          },
        },
      },
    },
  ),
  openapi: version,
});

const cutOf = (text: string) =>
  jsyaml.load(text) as {
    paths: Record<string, { put: { parameters: { schema: object }[] } }>;
    components: { schemas: { ZqRoom: { properties: Record<string, object> } } };
  };

describe("a type list in an OpenAPI 3.0 document", () => {
  it("is written as 3.0 says the same, and the draft links", async () => {
    const d = drafted(document("3.0.0"), ["zqRename"]);
    const cut = cutOf(d.openapiText);
    expect(cut.paths["/zqrooms/{zqRoom}"]!.put.parameters[0]!.schema).toEqual({
      anyOf: [{ type: "number" }, { type: "string" }],
    });
    expect(cut.components.schemas.ZqRoom.properties).toEqual({
      zqName: { maxLength: 8, nullable: true, type: "string" },
      zqOwner: { minimum: 1, nullable: true, anyOf: [{ type: "integer" }, { type: "string" }] },
    });
    expect(d.openapiText).toMatch(/^# Changed by blockwright add: .*zqName \(type \["string","null"\]: type string/m);
    expect(d.manifestText.replace(/\n#\s+/g, " ")).toMatch(/a type list is OpenAPI 3\.1's/);
    expect(await linkProblems(d)).toEqual([]);
  });

  it("is called with the values the judge takes", async () => {
    const d = drafted(document("3.0.0"), ["zqRename"]);
    const [tool] = await linkedTools(d);
    const { sent, judged } = await judgedCall(d, tool as never, {
      accessToken: "zq-token-0001",
      zqRoom: "zq 7",
      zqName: "zq",
      zqOwner: 3,
    });
    expect(sent.url).toBe("https://api.acme.test/zqrooms/zq%207");
    expect(JSON.parse(new TextDecoder().decode(sent.body))).toEqual({ zqName: "zq", zqOwner: 3 });
    expect(judged.refusals).toEqual([]);
  });

  it("stays as written in a 3.1 document, whose own it is", () => {
    const d = drafted(document("3.1.0"), ["zqRename"]);
    expect(cutOf(d.openapiText).components.schemas.ZqRoom.properties.zqName).toEqual({
      type: ["string", "null"],
      maxLength: 8,
    });
  });
});

// `items` given as a list (JSON Schema draft 4's tuple: a map of [integer, text] pairs, as Rust's schema generators
// write one into an OpenAPI 3.0 document) had add write a draft generate refused (BW2019, "items is a list"), every
// operation of the document with it when the whole document was drafted. add writes it as the version allows.
const tupleDocument = (version: string) => ({
  ...openapi({
    "/zqsettings": {
      post: {
        operationId: "zqFetchSettings",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: { type: "object", properties: { zqKeys: { type: "array", items: { type: "string" } } } },
            },
          },
        },
        responses: {
          "200": reply({
            type: "object",
            additionalProperties: {
              type: "array",
              items: [{ type: "integer", format: "int64" }, { type: "string" }],
              minItems: 2,
              maxItems: 2,
            },
          }),
        },
      },
    },
  }),
  openapi: version,
});

const answerOf = (text: string) =>
  (
    jsyaml.load(text) as {
      paths: Record<string, { post: { responses: Record<string, { content: Record<string, { schema: object }> }> } }>;
    }
  ).paths["/zqsettings"]!.post.responses["200"]!.content["application/json"]!.schema;

describe("items given as a list (draft 4's tuple)", () => {
  it("is written in a 3.0 document as items any of the members, with a note, and the draft links", async () => {
    const d = drafted(tupleDocument("3.0.0"), ["zqFetchSettings"]);
    expect(answerOf(d.openapiText)).toEqual({
      type: "object",
      additionalProperties: {
        type: "array",
        items: { anyOf: [{ type: "integer", format: "int64" }, { type: "string" }] },
        minItems: 2,
        maxItems: 2,
      },
    });
    expect(d.openapiText).toMatch(/^# Changed by blockwright add: .*additionalProperties \(a tuple's items, 2/m);
    expect(d.manifestText.replace(/\n#\s+/g, " ")).toMatch(/a list of items is JSON Schema draft 4's tuple/);
    expect(await linkProblems(d)).toEqual([]);
  });

  it("is written in a 3.1 document as prefixItems, and the draft links", async () => {
    const d = drafted(tupleDocument("3.1.0"), ["zqFetchSettings"]);
    expect(answerOf(d.openapiText)).toEqual({
      type: "object",
      additionalProperties: {
        type: "array",
        prefixItems: [{ type: "integer", format: "int64" }, { type: "string" }],
        minItems: 2,
        maxItems: 2,
      },
    });
    expect(await linkProblems(d)).toEqual([]);
  });
});

// An `additionalProperties` written as the text "true" or "false" (PHP's swagger-php writes an annotation's
// `additionalProperties="true"` so) is a schema that is no mapping: add left out every operation reaching one (a
// workflow engine's saved searches, 12 of its 170 operations) or refused it by name. add writes the boolean it spells.
const textsDocument = () =>
  openapi({
    "/zqsearches": {
      post: {
        operationId: "zqSaveSearch",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: {
                  zqMeta: { type: "object", additionalProperties: "true" },
                  zqFilter: {
                    type: "object",
                    properties: { zqPmql: { type: "string" } },
                    additionalProperties: "false",
                  },
                },
              },
            },
          },
        },
        responses: { "200": reply({ type: "object", properties: { zqId: { type: "integer" } } }) },
      },
    },
  });

describe('additionalProperties written as the text "true" or "false"', () => {
  it("is written as the boolean, with a note, and the draft links", async () => {
    const d = drafted(textsDocument(), ["zqSaveSearch"]);
    const cut = jsyaml.load(d.openapiText) as {
      paths: Record<string, { post: { requestBody: { content: Record<string, { schema: Json }> } } }>;
    };
    const body = cut.paths["/zqsearches"]!.post.requestBody.content["application/json"]!.schema as {
      properties: Record<string, Json>;
    };
    expect(body.properties.zqMeta).toEqual({ type: "object", additionalProperties: true });
    expect(body.properties.zqFilter!.additionalProperties).toBe(false);
    expect(d.openapiText).toMatch(/^# Changed by blockwright add: .*zqMeta\.additionalProperties \("true", a boolean/m);
    expect(d.manifestText.replace(/\n#\s+/g, " ")).toMatch(/written as the boolean it spells/);
    expect(await linkProblems(d)).toEqual([]);
  });

  it("is called with any member of the open object, the judge taking the body", async () => {
    const d = drafted(textsDocument(), ["zqSaveSearch"]);
    const [tool] = await linkedTools(d);
    const { sent, judged } = await judgedCall(d, tool as never, {
      accessToken: "zq-token-0001",
      zqMeta: { zqAny: [1, "a"] },
      zqFilter: { zqPmql: 'zqStatus = "ACTIVE"' },
    });
    expect(JSON.parse(new TextDecoder().decode(sent.body))).toEqual({
      zqMeta: { zqAny: [1, "a"] },
      zqFilter: { zqPmql: 'zqStatus = "ACTIVE"' },
    });
    expect(judged.refusals).toEqual([]);
  });

  it("is left as a broken structure where generate reads a document (add alone writes it so)", () => {
    const problems = structureProblems(textsDocument());
    expect(problems.map((p) => p.message)).toEqual([
      'a schema must be a mapping, got "true"',
      'a schema must be a mapping, got "false"',
    ]);
    expect(structureProblems(textsDocument(), undefined, 20, { booleanTexts: true })).toEqual([]);
  });
});
