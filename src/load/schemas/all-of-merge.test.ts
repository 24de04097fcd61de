// An allOf's members merged (OpenApiDocument.flatten): a property two members name (or the schema and a member) is
// the merge of both, not the last one's schema; a bound two members give is the tighter one.
import { describe, expect, it } from "vitest";
import { OpenApiDocument, type Schema } from "../openapi-document.js";
import { parseYamlSource } from "../yaml-source.js";

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function documentOf(schemas: Record<string, unknown>): OpenApiDocument {
  const doc = { openapi: "3.0.3", info: { title: "zq", version: "1" }, paths: {}, components: { schemas } };
  return new OpenApiDocument(parseYamlSource(JSON.stringify(doc), "/zq/openapi.json"));
}

const zqBase = {
  type: "object",
  required: ["zqId"],
  properties: {
    zqId: { type: "string", format: "uuid", description: "the base's" },
    zqKind: { type: "string", enum: ["zqa", "zqb", "zqc"] },
    zqName: { type: "string", maxLength: 40 },
    zqCount: { type: "integer", minimum: 0, maximum: 100 },
  },
};

describe("an allOf whose members name one property", () => {
  const doc = documentOf({ ZqBase: zqBase });
  const propertiesOf = (schema: Schema) => doc.flatten(schema).properties as Record<string, Schema>;

  it("keeps the type, format and enum of a member an override only describes, and the override's words", () => {
    const p = propertiesOf({
      allOf: [ref("ZqBase"), { properties: { zqId: { description: "the override's" }, zqKind: { readOnly: true } } }],
    });
    expect(p.zqId).toEqual({ type: "string", format: "uuid", description: "the override's" });
    expect(p.zqKind).toEqual({ type: "string", enum: ["zqa", "zqb", "zqc"], readOnly: true });
  });

  it("keeps the narrower enum and bounds, whichever member gives them", () => {
    const narrowing = { properties: { zqKind: { enum: ["zqc", "zqa", "zqq"] }, zqName: { maxLength: 8 } } };
    for (const allOf of [
      [ref("ZqBase"), narrowing],
      [narrowing, ref("ZqBase")],
    ]) {
      const p = propertiesOf({ allOf });
      expect(new Set(p.zqKind?.enum as string[])).toEqual(new Set(["zqa", "zqc"]));
      expect(p.zqName).toMatchObject({ type: "string", maxLength: 8 });
    }
  });

  it("counts the schema's own properties as a member", () => {
    const p = propertiesOf({
      allOf: [ref("ZqBase")],
      properties: { zqCount: { type: "number", maximum: 10, description: "own" }, zqOwn: { type: "boolean" } },
    });
    expect(p.zqCount).toEqual({ type: "integer", minimum: 0, maximum: 10, description: "own" });
    expect(p.zqOwn).toEqual({ type: "boolean" });
    expect(doc.flatten({ allOf: [ref("ZqBase")], required: ["zqOwn"] }).required).toEqual(["zqOwn", "zqId"]);
  });

  it("merges a nested object's properties and an array's items the same way", () => {
    const inner = (extra: Schema) => ({ type: "object", properties: { zqTag: { type: "string", ...extra } } });
    const p = propertiesOf({
      allOf: [
        { properties: { zqBox: inner({ maxLength: 9 }), zqList: { type: "array", items: inner({ minLength: 2 }) } } },
        { properties: { zqBox: inner({ maxLength: 3 }), zqList: { items: inner({ enum: ["zqab"] }) } } },
      ],
    });
    expect(doc.flatten(p.zqBox as Schema).properties).toEqual({ zqTag: { type: "string", maxLength: 3 } });
    const item = doc.flatten(p.zqList?.items as Schema);
    expect(item.properties).toEqual({ zqTag: { type: "string", minLength: 2, enum: ["zqab"] } });
  });

  it("keeps OpenAPI 3.0's exclusive flag with the bound it belongs to", () => {
    const bounded = (maximum: number, exclusive?: boolean) => ({
      properties: {
        zqN: { type: "number", maximum, ...(exclusive === undefined ? {} : { exclusiveMaximum: exclusive }) },
      },
    });
    expect(propertiesOf({ allOf: [bounded(10, true), bounded(5)] }).zqN).toEqual({ type: "number", maximum: 5 });
    expect(propertiesOf({ allOf: [bounded(5), bounded(10, true)] }).zqN).toEqual({ type: "number", maximum: 5 });
    expect(propertiesOf({ allOf: [bounded(5), bounded(5, true)] }).zqN).toMatchObject({ exclusiveMaximum: true });
  });

  it("leaves a merge that meets a schema holding itself as an allOf, merged when read", () => {
    const loop = documentOf({
      ZqNode: { allOf: [ref("ZqLeft"), ref("ZqRight")] },
      ZqLeft: { type: "object", properties: { zqNext: ref("ZqLeft"), zqId: { type: "integer" } } },
      ZqRight: { type: "object", properties: { zqNext: ref("ZqRight"), zqId: { maximum: 7 } } },
    });
    const flat = loop.flatten(ref("ZqNode"));
    const props = flat.properties as Record<string, Schema>;
    expect(props.zqId).toEqual({ type: "integer", maximum: 7 });
    const next = loop.flatten(props.zqNext as Schema);
    expect(next.properties).toMatchObject({ zqId: { type: "integer", maximum: 7 } });
  });
});
