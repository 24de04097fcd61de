// A discriminated base (`ZqAnimal: {discriminator: {propertyName: zqKind}}`, its kinds extending it by allOf) whose
// property neither the base nor its kinds require: by OpenAPI the property names the kind, so it MUST be present, as
// a discriminated union's (discriminator-required.test.ts). The judge read a field of the base as its kinds held to
// their own `required`, and the link the same, so a body and a call without the property passed both while the
// service cannot tell the kind. Both now require it, alike; a `defaultMapping` (OpenAPI 3.2) naming the kind of a value
// without it leaves it to the kinds in both.
import { afterAll, describe, expect, it } from "vitest";
import { rmSync } from "node:fs";
import {
  draftWorkFolder,
  drafted,
  judgedCut,
  linkedTools,
  openapi,
  reply,
  sentOrRefused,
} from "../../import/__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const kind = (base: string, field: string, type: string) => ({
  allOf: [ref(base), { type: "object", required: [field], properties: { [field]: { type } } }],
});
const body = (base: string) => ({
  required: true,
  content: {
    "application/json": {
      schema: { type: "object", required: ["zqPet"], properties: { zqName: { type: "string" }, zqPet: ref(base) } },
    },
  },
});
const base = (extra: Record<string, unknown> = {}) => ({
  type: "object",
  discriminator: { propertyName: "zqKind", ...extra },
  properties: { zqKind: { type: "string" }, zqAge: { type: "integer" } },
});
const document = openapi(
  {
    "/zqpets": {
      post: { operationId: "createZqPet", requestBody: body("ZqAnimal"), responses: { "200": reply(ref("ZqOk")) } },
    },
    "/zqdefaulted": {
      post: {
        operationId: "createZqDefaulted",
        requestBody: body("ZqBeast"),
        responses: { "200": reply(ref("ZqOk")) },
      },
    },
  },
  {
    schemas: {
      ZqAnimal: base(),
      ZqCat: kind("ZqAnimal", "zqMeow", "boolean"),
      ZqDog: kind("ZqAnimal", "zqBark", "integer"),
      ZqBeast: base({ defaultMapping: "#/components/schemas/ZqWolf" }),
      ZqWolf: kind("ZqBeast", "zqHowl", "boolean"),
      ZqBear: kind("ZqBeast", "zqGrowl", "integer"),
      ZqOk: { type: "object", properties: { zqId: { type: "string" } } },
    },
  },
);

describe("a discriminated base's property that neither the base nor its kinds require", () => {
  it("is required by the judge and of a call, alike, before any request", async () => {
    const draft = drafted(document, ["createZqPet", "createZqDefaulted"], "zqbases");
    const { refusals } = judgedCut(draft, "/zqpets");
    expect(refusals({ zqPet: { zqKind: "ZqCat", zqMeow: true } })).toEqual([]);
    expect(refusals({ zqPet: { zqMeow: true } })).toEqual(["discriminator"]);
    const tools = await linkedTools(draft, "zqbases");
    const tool = tools.find((t) => t.id === "zqbases_create_zq_pet")!;
    const send = (zqPet: unknown) => sentOrRefused(tool, { zqPet }, { zqId: "zq1" });
    expect(await send({ zqKind: "ZqDog", zqBark: 2 })).toEqual({ message: "sent", sent: 1 });
    const refused = await send({ zqBark: 2 });
    expect(refused.sent).toBe(0);
    expect(refused.message).toContain("zqPet.zqKind: is required (one of ZqCat, ZqDog), got nothing");
  });

  it("is left to the kinds by the judge and a call alike where a defaultMapping names the kind", async () => {
    const draft = drafted(document, ["createZqPet", "createZqDefaulted"], "zqbases");
    const { refusals } = judgedCut(draft, "/zqdefaulted");
    expect(refusals({ zqPet: { zqHowl: true } })).toEqual([]);
    const tools = await linkedTools(draft, "zqbases");
    const tool = tools.find((t) => t.id === "zqbases_create_zq_defaulted")!;
    expect(await sentOrRefused(tool, { zqPet: { zqHowl: true } }, { zqId: "zq1" })).toEqual({
      message: "sent",
      sent: 1,
    });
  });
});
