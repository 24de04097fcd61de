// A request body that is a discriminated base (`ZqPet: {discriminator: {propertyName: zqkind}}`, extended by allOf in
// `ZqCat` and `ZqDog`) is, by OpenAPI's inheritance model, a body of one of its kinds. The draft read the base alone:
// its fields spread into parameters and no kind's own field (a cat's `zqlives`) could be sent. add keeps the kinds in
// the cut and points the body at their union (`ZqPetKinds`, the discriminator's mapping from the base's mapping, a
// kind's `x-ms-discriminator-value`, its one fixed value, else its name); the body is drafted as one JSON parameter and
// a cat's fields reach the wire. A base no discriminator marks whose extensions carry discriminator values is one too
// (an anyOf); one whose extensions carry none (a request schema its record extends) is left as it is.
import { afterAll, describe, expect, it } from "vitest";
import { rmSync } from "node:fs";
import jsyaml from "js-yaml";
import {
  draftWorkFolder,
  drafted,
  judgedCall,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  reply,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const created = { "201": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "p1" }) };

function petDocument(base: Record<string, unknown>, kinds: Record<string, unknown>): Record<string, unknown> {
  return openapi(
    {
      "/zqpets": {
        post: {
          operationId: "zqCreatePet",
          requestBody: { required: true, content: { "application/json": { schema: ref("ZqPet") } } },
          responses: created,
        },
      },
    },
    { schemas: { ZqPet: base, ...kinds } },
  );
}

const discriminated = petDocument(
  {
    type: "object",
    required: ["zqkind"],
    discriminator: { propertyName: "zqkind", mapping: { zqfeline: "#/components/schemas/ZqCat" } },
    properties: { zqkind: { type: "string" }, zqname: { type: "string" } },
  },
  {
    ZqCat: { allOf: [ref("ZqPet"), { type: "object", properties: { zqlives: { type: "integer" } } }] },
    ZqDog: {
      allOf: [ref("ZqPet")],
      "x-ms-discriminator-value": "zqcanine",
      properties: { zqbark: { type: "string" } },
    },
    ZqPuppy: {
      allOf: [
        ref("ZqDog"),
        { properties: { zqkind: { type: "string", enum: ["zqpup"] }, zqage: { type: "integer" } } },
      ],
    },
    ZqUnrelated: { type: "object", properties: { zqother: { type: "string" } } },
  },
);

// biome-ignore lint/suspicious/noExplicitAny: the cut is read field by field
const cutOf = (text: string) => jsyaml.load(text) as any;

describe("a request body that is a discriminated base", () => {
  it("points at the union of the base's kinds, kept with it, the mapping read from the document", async () => {
    const d = drafted(discriminated, ["zqCreatePet"], "zqpets");
    const cut = cutOf(d.openapiText);
    const body = cut.paths["/zqpets"].post.requestBody.content["application/json"].schema;
    expect(body).toEqual(ref("ZqPetKinds"));
    expect(cut.components.schemas.ZqPetKinds).toEqual({
      oneOf: [ref("ZqCat"), ref("ZqDog"), ref("ZqPuppy")],
      discriminator: {
        propertyName: "zqkind",
        mapping: {
          zqfeline: "#/components/schemas/ZqCat",
          zqcanine: "#/components/schemas/ZqDog",
          zqpup: "#/components/schemas/ZqPuppy",
        },
      },
    });
    // The kinds keep their link to the base; what no body reaches stays out.
    expect(cut.components.schemas.ZqCat.allOf[0]).toEqual(ref("ZqPet"));
    expect(Object.keys(cut.components.schemas).sort()).toEqual(["ZqCat", "ZqDog", "ZqPet", "ZqPetKinds", "ZqPuppy"]);
    expect(d.openapiText).toContain("Added by blockwright add: ZqPet as ZqPetKinds (ZqCat, ZqDog, ZqPuppy)");
    expect(notesAt(d, "openapi").join("\n")).toContain("openapi.yaml writes ZqPet as ZqPetKinds");
    const params = Object.values(d.manifest.operations)[0]?.params ?? {};
    expect(params.body).toMatchObject({ type: "json", jsonType: "object", wire: { in: "body", pointer: "" } });
    // Its example is a body of the first kind, named as the mapping names it.
    expect(params.body?.example).toEqual({ zqkind: "zqfeline" });
    expect(await linkProblems(d, "zqpets")).toEqual([]);
  });

  it("sends a kind's own fields, and the request judge takes them", async () => {
    const d = drafted(discriminated, ["zqCreatePet"], "zqpets");
    const [tool] = await linkedTools(d, "zqpets");
    const cat = { zqkind: "zqfeline", zqname: "Zq Tom", zqlives: 9 };
    const { sent, judged } = await judgedCall(d, tool as never, { body: cat, accessToken: "zq-token-000001" });
    expect(JSON.parse(new TextDecoder().decode(sent.body))).toEqual(cat);
    expect(judged.refusals.filter((r) => r.rule !== "security")).toEqual([]);
  });

  it("reads a base whose extensions carry discriminator values as an anyOf of them", () => {
    const marked = petDocument(
      { type: "object", properties: { zqversion: { type: "integer" } } },
      {
        ZqV1: {
          allOf: [ref("ZqPet")],
          "x-ms-discriminator-value": "zq.v1",
          properties: { zqlayers: { type: "array" } },
        },
        ZqWrapper: { allOf: [ref("ZqPet")], properties: { zqall: { type: "object" } } },
      },
    );
    const cut = cutOf(drafted(marked, ["zqCreatePet"], "zqmarked").openapiText);
    expect(cut.components.schemas.ZqPetKinds).toEqual({ anyOf: [ref("ZqV1"), ref("ZqWrapper")] });
  });

  it("leaves a request schema that another extends with no discriminator as it is", () => {
    const plain = petDocument(
      { type: "object", properties: { zqname: { type: "string" } } },
      { ZqPetRecord: { allOf: [ref("ZqPet"), { properties: { id: { type: "string" } } }] } },
    );
    const d = drafted(plain, ["zqCreatePet"], "zqplain");
    const cut = cutOf(d.openapiText);
    expect(cut.paths["/zqpets"].post.requestBody.content["application/json"].schema).toEqual(ref("ZqPet"));
    expect(Object.keys(cut.components.schemas)).toEqual(["ZqPet"]);
    expect(Object.keys(Object.values(d.manifest.operations)[0]?.params ?? {})).toEqual(["zqname"]);
  });
});
