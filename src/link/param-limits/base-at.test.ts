// A field whose schema is a discriminated base, reached through its object's schema (its `$ref` followed: the base is
// the component schema it is, found by the object): the document's schemas were listed to find it, and again to know
// the index of extensions current, at each such field of each parameter linked. A whole API's link grew with its
// operations times its schemas (a 6,869-operation subset of Graph beta: 58 of 122 s of generate). Now listed once per
// document: the count of listings is the same for N and 2N holders of a base, and for N and 2N bases (their extensions
// read once a document, graphgen6).
import { describe, expect, it } from "vitest";
import { OpenApiDocument, type Schema } from "../../load/openapi-document.js";
import { parseYamlSource } from "../../load/yaml-source.js";
import { schemaPlace } from "./schema-place.js";

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** A document of `n` objects, each with a field of the base ZqRule (two kinds); its schemas' listings counted. */
function documentOf(n: number) {
  const schemas: Record<string, unknown> = {
    ZqRule: { type: "object", required: ["zqKind"], discriminator: { propertyName: "zqKind" } },
    ZqLimitRule: { allOf: [ref("ZqRule"), { type: "object", properties: { zqMost: { type: "integer" } } }] },
    ZqOpenRule: { allOf: [ref("ZqRule"), { type: "object", properties: { zqNote: { type: "string" } } }] },
  };
  for (let i = 0; i < n; i++)
    schemas[`ZqHolder${i}`] = { type: "object", properties: { zqName: { type: "string" }, zqRule: ref("ZqRule") } };
  const text = JSON.stringify({
    openapi: "3.0.3",
    info: { title: "zq", version: "1" },
    paths: {},
    components: { schemas },
  });
  const doc = new OpenApiDocument(parseYamlSource(text, `zq-${n}.json`));
  const listings = { count: 0 };
  const components = (doc.source.data as { components: { schemas: object } }).components;
  components.schemas = new Proxy(components.schemas, {
    ownKeys(target) {
      listings.count++;
      return Reflect.ownKeys(target);
    },
  });
  return { doc, listings };
}

/**
 * A document of `n` bases (two kinds each) and an object holding a field of each: the extensions were read again for
 * each base (baseKindsAt counting the schemas), now once a document.
 */
function basesDocument(n: number) {
  const schemas: Record<string, unknown> = {};
  const fields: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) {
    schemas[`ZqRule${i}`] = { type: "object", required: ["zqKind"], discriminator: { propertyName: "zqKind" } };
    for (const kind of ["Limit", "Open"])
      schemas[`Zq${kind}Rule${i}`] = { allOf: [ref(`ZqRule${i}`), { type: "object", properties: { zqMost: {} } }] };
    fields[`zqRule${i}`] = ref(`ZqRule${i}`);
  }
  schemas.ZqHolder = { type: "object", properties: fields };
  const text = JSON.stringify({
    openapi: "3.0.3",
    info: { title: "zq", version: "1" },
    paths: {},
    components: { schemas },
  });
  const doc = new OpenApiDocument(parseYamlSource(text, `zq-bases-${n}.json`));
  const listings = { count: 0 };
  const components = (doc.source.data as { components: { schemas: object } }).components;
  components.schemas = new Proxy(components.schemas, {
    ownKeys(target) {
      listings.count++;
      return Reflect.ownKeys(target);
    },
  });
  const shape = schemaPlace(doc, ref("ZqHolder") as Schema).object();
  return { listings: listings.count, shape };
}

/** Each holder's shape read as a parameter's place reads it; the listings of the schemas that took. */
function listingsLinking(n: number) {
  const { doc, listings } = documentOf(n);
  const shapes = [];
  for (let i = 0; i < n; i++) shapes.push(schemaPlace(doc, ref(`ZqHolder${i}`) as Schema).object());
  return { listings: listings.count, shapes };
}

describe("a field of a discriminated base, by its object's schema", () => {
  it("lists the document's schemas as often for 2N holders as for N", () => {
    const small = listingsLinking(40);
    const large = listingsLinking(80);
    expect(large.listings).toBe(small.listings);
    expect(small.listings).toBeLessThan(10);
  });

  it("lists the document's schemas as often for 2N bases as for N", () => {
    const small = basesDocument(20);
    const large = basesDocument(40);
    expect(large.listings).toBe(small.listings);
    expect(small.listings).toBeLessThan(10);
    expect(Object.keys(large.shape?.fields ?? {})).toHaveLength(40);
    expect((large.shape?.fields?.zqRule39 as { tag?: string } | undefined)?.tag).toBe("zqKind");
  });

  it("reads the field as the union of the base's kinds, told apart by its property", () => {
    const [shape] = listingsLinking(1).shapes;
    const rule = shape?.fields?.zqRule as { shapes?: { fields: object }[]; tag?: string } | undefined;
    expect(rule?.tag).toBe("zqKind");
    expect(rule?.shapes?.map((s) => Object.keys(s.fields).sort())).toEqual([
      ["zqKind", "zqMost"],
      ["zqKind", "zqNote"],
    ]);
  });
});
