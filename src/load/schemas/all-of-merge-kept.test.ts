// An allOf's merge kept (AllOfMerge.merged): flattened again with no merge under way, the same schema gives the merge
// made the first time, not a new one; a merge met inside another is made anew, and what it gives is unchanged.
import { describe, expect, it } from "vitest";
import { OpenApiDocument, type Schema } from "../openapi-document.js";
import { parseYamlSource } from "../yaml-source.js";

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function documentOf(schemas: Record<string, unknown>): OpenApiDocument {
  const doc = { openapi: "3.0.3", info: { title: "zq", version: "1" }, paths: {}, components: { schemas } };
  return new OpenApiDocument(parseYamlSource(JSON.stringify(doc), "/zq/openapi.json"));
}

const schemas = {
  ZqEntity: { type: "object", properties: { zqId: { type: "string" } } },
  ZqItem: {
    allOf: [ref("ZqEntity"), { type: "object", properties: { zqName: { type: "string" }, zqNext: ref("ZqItem") } }],
  },
  ZqNode: { allOf: [ref("ZqLeft"), ref("ZqRight")] },
  ZqLeft: { type: "object", properties: { zqNext: ref("ZqNode"), zqId: { type: "integer" } } },
  ZqRight: { type: "object", properties: { zqNext: ref("ZqNode"), zqId: { maximum: 7 } } },
};

describe("an allOf flattened again", () => {
  it("gives the merge it gave, by the schema and by a $ref to it", () => {
    const doc = documentOf(schemas);
    const first = doc.flatten(ref("ZqItem"));
    expect(doc.flatten(ref("ZqItem"))).toBe(first);
    expect(doc.flatten(doc.resolve(ref("ZqItem")))).toBe(first);
    expect(Object.keys(first.properties as object)).toEqual(["zqId", "zqName", "zqNext"]);
  });

  it("gives a schema without allOf as it is", () => {
    const doc = documentOf(schemas);
    expect(doc.flatten(ref("ZqEntity"))).toBe(doc.resolve(ref("ZqEntity")));
  });

  it("gives what a fresh document gives, whichever schema of a loop is flattened first", () => {
    const fresh = (name: string, path: string[]) => {
      const doc = documentOf(schemas);
      let schema = doc.flatten(ref(name));
      for (const key of path) schema = doc.flatten((schema.properties as Record<string, Schema>)[key] as Schema);
      return schema;
    };
    const doc = documentOf(schemas);
    const node = doc.flatten(ref("ZqNode"));
    const next = doc.flatten((node.properties as Record<string, Schema>).zqNext as Schema);
    expect(next).toEqual(fresh("ZqNode", ["zqNext"]));
    expect(doc.flatten(ref("ZqNode"))).toEqual(fresh("ZqNode", []));
    expect(doc.flatten(ref("ZqLeft"))).toEqual(fresh("ZqLeft", []));
    expect((node.properties as Record<string, Schema>).zqId).toEqual({ type: "integer", maximum: 7 });
  });
});
