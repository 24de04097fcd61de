// An answer holding a field of a discriminated base with no mapping (`zqRule: {$ref: ZqRule}`, ZqRule naming `zqKind`,
// extended by allOf in ZqLimitRule, which requires `zqMost`, and ZqOpenRule), with no example: requests are held to
// its kinds (load/schemas/base-kinds.ts), but Prism's own sampler made the answer, the base's own fields alone
// (`zqRule: {zqKind: "perky jovially forgery"}`), which no kind is, so that an output or a round trip read no kind.
// The mock's sampler makes such an answer, one of the kinds, named by its schema's name.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DraftedOnMock, draftedOnMock } from "../contract/__fixtures__/drafted-subject.js";
import { openapi } from "../import/__fixtures__/draft-kit.js";

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const text = { type: "string" };
const rule = {
  type: "object",
  required: ["zqKind"],
  discriminator: { propertyName: "zqKind" },
  properties: { zqKind: text },
};
const schemas = {
  ZqOrder: { type: "object", required: ["zqName", "zqRule"], properties: { zqName: text, zqRule: ref("ZqRule") } },
  ZqRule: rule,
  ZqLimitRule: {
    allOf: [
      ref("ZqRule"),
      { type: "object", required: ["zqMost"], properties: { zqMost: { type: "integer", maximum: 9 } } },
    ],
  },
  ZqOpenRule: { allOf: [ref("ZqRule"), { type: "object", properties: { zqNote: text } }] },
};
const document = openapi(
  {
    "/zqorders/{id}": {
      get: {
        operationId: "getZqOrder",
        parameters: [{ name: "id", in: "path", required: true, schema: text }],
        responses: { "200": { description: "An order.", content: { "application/json": { schema: ref("ZqOrder") } } } },
      },
    },
  },
  { schemas },
);

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqanswerbase", document, ["getZqOrder"]);
});
afterAll(async () => {
  await on?.close();
});

describe("an answer's field of a discriminated base with no mapping", () => {
  it("is served as one of its kinds", async () => {
    const { url } = on as DraftedOnMock;
    const answer = await fetch(`${url}/zqorders/zq1`, { headers: { authorization: "Bearer zq-token-0000000001" } });
    expect(answer.status).toBe(200);
    const { zqRule } = (await answer.json()) as { zqRule: { zqKind: string; zqMost?: unknown } };
    expect(["ZqLimitRule", "ZqOpenRule"]).toContain(zqRule.zqKind);
    if (zqRule.zqKind === "ZqLimitRule") expect(zqRule.zqMost).toEqual(expect.any(Number));
  });
});
