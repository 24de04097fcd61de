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
import { bodySender, draftWorkFolder } from "../../import/__fixtures__/draft-kit.js";
import { DocumentSampler } from "../../mocks/sample/schema-sample.js";

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
const sender = () => bodySender(schemas, "ZqOrder", "zqbasefield", { zqName: "zq" });

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
    const { refused } = await sender();
    expect(refused({ zqName: "zq", zqRule: { zqKind: "ZqLimitRule", zqMost: 3 } })).toEqual([]);
    expect(refused({ zqName: "zq", zqRule: { zqKind: "ZqOpenRule" }, zqRules: [{ zqKind: "ZqOpenRule" }] })).toEqual(
      [],
    );
    for (const value of [{ zqKind: "zqOther" }, { zqKind: "ZqLimitRule" }]) {
      expect(refused({ zqName: "zq", zqRule: value }), JSON.stringify(value)).not.toEqual([]);
      expect(refused({ zqName: "zq", zqRule: { zqKind: "ZqOpenRule" }, zqRules: [value] })).not.toEqual([]);
    }
  });

  it("is made as one of its kinds by the sampler", async () => {
    const sampler = new DocumentSampler((await sender()).document);
    const made = [0, 1, 2, 3, 4, 5].map(
      (seed) =>
        (sampler.sample("/components/schemas/ZqOrder", { seed })?.value as { zqRule?: { zqKind?: unknown } })?.zqRule,
    );
    for (const rule of made) expect(["ZqLimitRule", "ZqOpenRule"]).toContain(rule?.zqKind);
  });
});
