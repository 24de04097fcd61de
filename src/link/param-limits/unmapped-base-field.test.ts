// A JSON field whose schema is a discriminated base with no mapping (`zqRule: {$ref: ZqRule}`, ZqRule naming `zqKind`
// its discriminator's property, extended by allOf in ZqLimitRule, which requires `zqMost`, and ZqOpenRule): by OpenAPI
// 3.0's inheritance model a value of one of the kinds, named by its schema's name. The link read the field as the base
// alone (its own fields, open), so that a value of no kind, or a kind's value lacking its required field, was sent;
// add's cut left the kinds out (nothing `$ref`s them from the base), and the sampler made the base's fields alone. The
// field, a list's items and a field beneath a parameter's schema are now read as the union of the kinds, by the rule a
// body of a base is drafted with (load/schemas/base-kinds.ts), each kind named by its own name where the base's
// property is one enum listing them all (the kinds were then told apart by nothing: a value of one met another).
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  openapi,
  reply,
  sentOrRefused,
} from "../../import/__fixtures__/draft-kit.js";
import { DocumentSampler } from "../../mocks/sample/schema-sample.js";
import { requestJudge } from "../../judge/judge.js";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { parseYamlSource } from "../../load/yaml-source.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const text = { type: "string" };
const schemas = {
  ZqOrder: {
    type: "object",
    required: ["zqName", "zqRule"],
    properties: { zqName: text, zqRule: ref("ZqRule"), zqRules: { type: "array", items: ref("ZqRule") } },
  },
  ZqRule: {
    type: "object",
    required: ["zqKind"],
    discriminator: { propertyName: "zqKind" },
    // One enum the kinds share, listing every kind's name: each kind's value is its own name still.
    properties: { zqKind: ref("ZqRuleKind") },
  },
  ZqRuleKind: { type: "string", enum: ["ZqLimitRule", "ZqOpenRule"] },
  ZqLimitRule: {
    allOf: [
      ref("ZqRule"),
      { type: "object", required: ["zqMost"], properties: { zqMost: { type: "integer", maximum: 9 } } },
    ],
  },
  ZqOpenRule: { allOf: [ref("ZqRule"), { type: "object", properties: { zqNote: text } }] },
  ZqUnused: { type: "object", properties: { zqUnused: text } },
};
const document = openapi(
  {
    "/zqorders": {
      post: {
        operationId: "createZqOrder",
        requestBody: { required: true, content: { "application/json": { schema: ref("ZqOrder") } } },
        responses: { "200": reply({ type: "object", properties: { id: text } }, { id: "zq1" }) },
      },
    },
  },
  { schemas },
);

async function sender() {
  const d = drafted(document, ["createZqOrder"], "zqbasefield");
  const [tool] = await linkedTools(d, "zqbasefield");
  if (!tool) throw new Error("no tool drafted");
  const send = (params: Record<string, unknown>) => sentOrRefused(tool, { zqName: "zq", ...params }, { id: "zq1" });
  return { d, send };
}

describe("a JSON field of a discriminated base with no mapping", () => {
  it("keeps the kinds in add's cut", async () => {
    const { d } = await sender();
    expect(d.openapiText).toContain("ZqLimitRule:");
    expect(d.openapiText).toContain("ZqOpenRule:");
    expect(d.openapiText).not.toContain("ZqUnused:");
  });

  it("sends a value of a kind, named by its schema's name", async () => {
    const { send } = await sender();
    expect(await send({ zqRule: { zqKind: "ZqLimitRule", zqMost: 3 } })).toEqual({ message: "sent", sent: 1 });
    expect(await send({ zqRule: { zqKind: "ZqOpenRule", zqNote: "zq" } })).toEqual({ message: "sent", sent: 1 });
    const list = { zqRule: { zqKind: "ZqOpenRule" }, zqRules: [{ zqKind: "ZqLimitRule", zqMost: 9 }] };
    expect(await send(list)).toEqual({ message: "sent", sent: 1 });
  });

  it("refuses a value of no kind, or lacking its kind's required field, before any request", async () => {
    const { send } = await sender();
    for (const value of [{ zqKind: "zqOther" }, { zqKind: "ZqLimitRule" }, { zqKind: "ZqLimitRule", zqMost: 10 }]) {
      const field = await send({ zqRule: value });
      expect(field.sent, JSON.stringify(value)).toBe(0);
      expect(field.message).toContain("zqRule");
      const item = await send({ zqRule: { zqKind: "ZqOpenRule" }, zqRules: [value] });
      expect(item.sent, JSON.stringify(value)).toBe(0);
    }
  });

  it("is held to its kind by the request judge", async () => {
    const { d } = await sender();
    const judge = requestJudge(new OpenApiDocument(parseYamlSource(d.openapiText, "openapi.yaml")), {
      credential: "form",
    });
    const refused = (body: unknown) =>
      judge({
        method: "POST",
        url: "https://api.acme.test/zqorders",
        headers: new Headers({ "content-type": "application/json", authorization: "Bearer zq-token-0000000001" }),
        body: new TextEncoder().encode(JSON.stringify(body)),
      }).refusals.map((r) => r.message);
    expect(refused({ zqName: "zq", zqRule: { zqKind: "ZqLimitRule", zqMost: 3 } })).toEqual([]);
    expect(refused({ zqName: "zq", zqRule: { zqKind: "ZqOpenRule" }, zqRules: [{ zqKind: "ZqOpenRule" }] })).toEqual(
      [],
    );
    for (const value of [{ zqKind: "zqOther" }, { zqKind: "ZqLimitRule" }]) {
      expect(refused({ zqName: "zq", zqRule: value }), JSON.stringify(value)).not.toEqual([]);
      expect(refused({ zqName: "zq", zqRule: { zqKind: "ZqOpenRule" }, zqRules: [value] })).not.toEqual([]);
    }
  });

  it("is made as one of its kinds by the sampler", () => {
    const sampler = new DocumentSampler(document);
    const made = [0, 1, 2, 3, 4, 5].map(
      (seed) =>
        (sampler.sample("/components/schemas/ZqOrder", { seed })?.value as { zqRule?: { zqKind?: unknown } })?.zqRule,
    );
    for (const rule of made) expect(["ZqLimitRule", "ZqOpenRule"]).toContain(rule?.zqKind);
  });
});
