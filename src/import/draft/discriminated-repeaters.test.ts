// A discriminated base whose mapping names kinds that repeat its property instead of extending it by allOf (a token
// request's `zqgrant` in the base and again in each grant, beside the grant's own fields in an allOf member): add read
// the base's kinds from extensions only, so a form body of it was drafted as `zqgrant` alone and no grant's code or
// refresh token could be sent. The mapped schemas that declare the property are kinds too: the body points at their
// union and each grant's fields reach the wire. A base with no mapping names its extensions by their schema names, as
// OpenAPI 3.0's discriminator says where no mapping or fixed value names them.
import { afterAll, describe, expect, it } from "vitest";
import { rmSync } from "node:fs";
import jsyaml from "js-yaml";
import {
  draftWorkFolder,
  drafted,
  judgedCall,
  linkedTools,
  linkProblems,
  openapi,
  reply,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const text = { type: "string" };
const grants = { type: "string", enum: ["zq_code", "zq_refresh"] };
const grant = (own: Record<string, unknown>, required: string[]) => ({
  type: "object",
  properties: { zqgrant: grants },
  allOf: [{ type: "object", properties: own, required }],
  required: ["zqgrant"],
});

function tokenDocument(schemas: Record<string, unknown>, media = "application/x-www-form-urlencoded") {
  return openapi(
    {
      "/zqtoken": {
        post: {
          operationId: "zqToken",
          requestBody: { required: true, content: { [media]: { schema: ref("ZqTokenRequest") } } },
          responses: { "200": reply({ type: "object", properties: { id: text } }, { id: "zq1" }) },
        },
      },
    },
    { schemas },
  );
}

const repeated = tokenDocument({
  ZqTokenRequest: {
    type: "object",
    properties: { zqgrant: grants },
    required: ["zqgrant"],
    discriminator: {
      propertyName: "zqgrant",
      mapping: { zq_code: "#/components/schemas/ZqCodeGrant", zq_refresh: "#/components/schemas/ZqRefreshGrant" },
    },
  },
  ZqCodeGrant: grant({ zqcode: text, zqredirect: text }, ["zqcode"]),
  ZqRefreshGrant: grant({ zqrefresh: text }, ["zqrefresh"]),
  ZqOtherReply: { type: "object", properties: { zqanswer: text } },
});

// biome-ignore lint/suspicious/noExplicitAny: the cut is read field by field
const cutOf = (textOf: string) => jsyaml.load(textOf) as any;

describe("a discriminated base whose mapped kinds repeat its property", () => {
  it("points the body at the union of the mapped schemas that declare the property, kept in the cut", async () => {
    const d = drafted(repeated, ["zqToken"], "zqgrants");
    const cut = cutOf(d.openapiText);
    const media = cut.paths["/zqtoken"].post.requestBody.content["application/x-www-form-urlencoded"];
    expect(media.schema).toEqual(ref("ZqTokenRequestKinds"));
    expect(cut.components.schemas.ZqTokenRequestKinds).toEqual({
      oneOf: [ref("ZqCodeGrant"), ref("ZqRefreshGrant")],
      discriminator: {
        propertyName: "zqgrant",
        mapping: { zq_code: "#/components/schemas/ZqCodeGrant", zq_refresh: "#/components/schemas/ZqRefreshGrant" },
      },
    });
    const params = Object.values(d.manifest.operations)[0]?.params ?? {};
    expect(Object.keys(params)).toEqual(["body"]);
    expect(params.body).toMatchObject({ type: "json", jsonType: "object", wire: { in: "body", pointer: "" } });
    expect(await linkProblems(d, "zqgrants")).toEqual([]);
  });

  it("sends a grant's own fields as the form body, and the request judge takes them", async () => {
    const d = drafted(repeated, ["zqToken"], "zqgrants");
    const [tool] = await linkedTools(d, "zqgrants");
    const body = { zqgrant: "zq_refresh", zqrefresh: "zq r/1&x=é" };
    const { sent, judged } = await judgedCall(d, tool as never, { body, accessToken: "zq-token-000001" });
    expect(new TextDecoder().decode(sent.body)).toBe("zqgrant=zq_refresh&zqrefresh=zq%20r%2F1%26x%3D%C3%A9");
    expect(judged.refusals.filter((r) => r.rule !== "security")).toEqual([]);
  });

  it("names the extensions of a base with no mapping by their schema names", () => {
    const plain = tokenDocument(
      {
        ZqTokenRequest: { type: "object", properties: { zqgrant: text }, discriminator: { propertyName: "zqgrant" } },
        ZqCodeGrant: { allOf: [ref("ZqTokenRequest"), { properties: { zqcode: text } }] },
        ZqRefreshGrant: { allOf: [ref("ZqTokenRequest"), { properties: { zqrefresh: text } }] },
      },
      "application/json",
    );
    const cut = cutOf(drafted(plain, ["zqToken"], "zqplaingrants").openapiText);
    expect(cut.components.schemas.ZqTokenRequestKinds.discriminator).toEqual({
      propertyName: "zqgrant",
      mapping: {
        ZqCodeGrant: "#/components/schemas/ZqCodeGrant",
        ZqRefreshGrant: "#/components/schemas/ZqRefreshGrant",
      },
    });
  });
});
