// A body field written as an allOf of a typed member and a member of type null (`zqcurrency: {allOf: [{$ref:
// ZqCurrency}, {type: "null"}]}`, ZqCurrency a string): by JSON Schema's letter no value meets it (null and a text at
// once), and the request judge refused every body that gave the field, which the draft offered as a text. add writes
// it as anyOf of the other members and null (said in the header and a note): a text or null now meets it. An allOf
// whose other members admit null is met by null as published, and stays as it is.
import { afterAll, describe, expect, it } from "vitest";
import { rmSync } from "node:fs";
import jsyaml from "js-yaml";
import { withDisjointMembersAsAnyOf, withNullMembersAsAnyOf } from "../shapes/null-members.js";
import {
  draftWorkFolder,
  drafted,
  judgedCut,
  linkProblems,
  notesAt,
  openapi,
  reply,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const document = {
  ...openapi(
    {
      "/zqbills": {
        post: {
          operationId: "zqCreateBill",
          requestBody: {
            required: true,
            content: { "application/json": { schema: { $ref: "#/components/schemas/ZqBill" } } },
          },
          responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "b1" }) },
        },
      },
    },
    {
      schemas: {
        ZqCurrency: { type: "string", title: "Currency", examples: ["GBP"] },
        ZqBill: {
          type: "object",
          required: ["zqtotal"],
          properties: {
            zqtotal: { type: "number" },
            zqcurrency: { allOf: [{ $ref: "#/components/schemas/ZqCurrency" }, { type: "null" }] },
          },
        },
      },
    },
  ),
  openapi: "3.1.0",
};

describe("an allOf of a typed member and a member of type null", () => {
  it("is written as anyOf of the member and null, said in the header and a note; the judge takes a text", async () => {
    const d = drafted(document, ["zqCreateBill"]);
    const place = "components.schemas.ZqBill.properties.zqcurrency (allOf of ZqCurrency and null)";
    expect(d.openapiText).toContain(`Changed by blockwright add: ${place}: anyOf of the other members and null`);
    expect(notesAt(d, "openapi").join("\n")).toContain(`openapi.yaml writes ${place} as anyOf`);
    // biome-ignore lint/suspicious/noExplicitAny: the cut is read field by field
    const cut = jsyaml.load(d.openapiText) as any;
    const fields = cut.components.schemas.ZqBill.properties;
    expect(fields.zqcurrency).toEqual({ anyOf: [{ $ref: "#/components/schemas/ZqCurrency" }, { type: "null" }] });
    expect(await linkProblems(d)).toEqual([]);
    const { refusals } = judgedCut(d, "/zqbills");
    const judged = (body: unknown) => refusals(body).filter((rule) => rule !== "security");
    expect(judged({ zqtotal: 1, zqcurrency: "GBP" })).toEqual([]);
    expect(judged({ zqtotal: 1, zqcurrency: null })).toEqual([]);
    expect(judged({ zqtotal: 1, zqcurrency: 12 })).toEqual(["schema"]);
  });

  it("is left as it is where null meets the other members (no type, a list of types holding null)", () => {
    const cut = {
      components: {
        schemas: {
          ZqNote: { allOf: [{ description: "A note." }, { type: "null" }] },
          ZqMaybe: { allOf: [{ type: ["string", "null"] }, { type: "null" }] },
          ZqTagged: { allOf: [{ type: "string" }, { type: "null", enum: [null] }] },
        },
      },
    };
    const before = structuredClone(cut);
    expect(withNullMembersAsAnyOf(cut)).toEqual([]);
    expect(cut).toEqual(before);
  });
});

// An allOf of members whose types share none (`allOf: [{$ref: ZqFormat}, {type: array, items: {type: string}}]`,
// ZqFormat an object), null or not: no value is an object and a list at once, so the mock's answer failed its own
// check and the judge refused every body. add writes it as anyOf of the members (said in the header and a note).
describe("an allOf of members whose types share none", () => {
  const disjoint = {
    ...openapi(
      {
        "/zqlookups": {
          post: {
            operationId: "zqLookup",
            requestBody: {
              required: true,
              content: {
                "application/json": {
                  schema: {
                    type: "object",
                    required: ["zqformat"],
                    properties: {
                      zqformat: {
                        allOf: [
                          { $ref: "#/components/schemas/ZqFormat" },
                          { type: "array", items: { type: "string" } },
                        ],
                      },
                    },
                  },
                },
              },
            },
            responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "l1" }) },
          },
        },
      },
      { schemas: { ZqFormat: { type: "object", properties: { zqnumber: { type: "string" } } } } },
    ),
    openapi: "3.0.3",
  };

  it("is written as anyOf of the members, said in the header and a note; the judge takes an object", async () => {
    const d = drafted(disjoint, ["zqLookup"]);
    expect(d.openapiText).toMatch(/Changed by blockwright add: [^\n]*\(allOf of ZqFormat, shape 2: object, array\)/);
    expect(notesAt(d, "openapi").join("\n")).toContain("as anyOf of the members");
    // biome-ignore lint/suspicious/noExplicitAny: the cut is read field by field
    const cut = jsyaml.load(d.openapiText) as any;
    const field = cut.paths["/zqlookups"].post.requestBody.content["application/json"].schema.properties.zqformat;
    expect(field.allOf).toBeUndefined();
    expect(field.anyOf).toHaveLength(2);
    expect(await linkProblems(d)).toEqual([]);
    const { refusals } = judgedCut(d, "/zqlookups");
    const judged = (body: unknown) => refusals(body).filter((rule) => rule !== "security");
    expect(judged({ zqformat: { zqnumber: "+4912" } })).toEqual([]);
    expect(judged({ zqformat: 12 })).toEqual(["schema"]);
  });

  it("is left as it is where the types meet (a number and an integer) or a member names no type", () => {
    const cut = {
      components: {
        schemas: {
          ZqCount: { allOf: [{ type: "number" }, { type: "integer", minimum: 1 }] },
          ZqOpen: { allOf: [{ type: "object" }, { description: "Any." }] },
          ZqBoth: { allOf: [{ type: ["object", "array"] }, { type: "array" }] },
        },
      },
    };
    const before = structuredClone(cut);
    expect(withDisjointMembersAsAnyOf(cut)).toEqual([]);
    expect(cut).toEqual(before);
  });
});
