// The example check's schemas, registered for the validator when a check first reaches them: only the outermost
// schemas a check needs are copied, and what is registered in the end is what registering all in turn gives.
import { describe, expect, it } from "vitest";
import { validate } from "@cfworker/json-schema";
import { type SchemaAt, SchemaLookup } from "./examples/schema-lookup.js";
import { schemaUri } from "./examples/openapi-examples.js";

const FILE = "/zq/specs/zqlook/openapi.yaml";
const components = {
  Pet: { type: "object", properties: { owner: { $ref: "#/components/schemas/Owner" }, name: { type: "string" } } },
  Owner: { type: "object", nullable: true, properties: { id: { type: "integer", example: 3 } } },
  Unreached: { type: "object", properties: { tag: { type: "string", format: "uuid" } } },
};
/** The schemas a walk meets: each component, and the properties inside it. */
function met(): SchemaAt[] {
  const out: SchemaAt[] = [];
  for (const [name, schema] of Object.entries(structuredClone(components))) {
    const path = ["components", "schemas", name];
    out.push({ file: FILE, path, value: schema });
    for (const [p, inner] of Object.entries(schema.properties))
      out.push({ file: FILE, path: [...path, "properties", p], value: inner });
  }
  return out;
}
const uri = (...path: string[]) => schemaUri(FILE, ["components", "schemas", ...path]);

describe("the example check's schema lookup", () => {
  it("copies and registers only the outermost schemas a check reaches, following $refs into others", () => {
    const lookup = new SchemaLookup(met(), false, new Set(["uuid"])).lazy();
    const pet = lookup[uri("Pet")];
    expect(pet).toBeDefined();
    expect(validate({ owner: { id: 1 }, name: "x" }, pet as object, "7", lookup, false).valid).toBe(true);
    // Owner is nullable (3.0): registered as JSON Schema, so null passes and a text id does not.
    expect(validate({ owner: null }, pet as object, "7", lookup, false).valid).toBe(true);
    expect(validate({ owner: { id: "a" } }, pet as object, "7", lookup, false).valid).toBe(false);
    expect(Object.keys(lookup).some((k) => k.includes("Unreached"))).toBe(false);
  });

  it("a key no schema holds registers every schema, listed as registering each in turn lists them", () => {
    const whole = Object.keys(new SchemaLookup(met(), false, new Set(["uuid"])).all());
    const lookup = new SchemaLookup(met(), false, new Set(["uuid"])).lazy();
    expect(lookup[uri("Owner")]).toBeDefined();
    expect(lookup[uri("Nowhere")]).toBeUndefined();
    expect(Object.keys(lookup)).toEqual(whole);
    expect(whole).toContain(uri("Unreached", "properties", "tag"));
    // A registered schema loses its example; a format is kept only when checked.
    const all = new SchemaLookup(met(), false, new Set()).all();
    expect(all[uri("Owner", "properties", "id")]).not.toHaveProperty("example");
    expect(all[uri("Unreached", "properties", "tag")]).not.toHaveProperty("format");
    expect(lookup[uri("Unreached", "properties", "tag")]).toHaveProperty("format", "uuid");
  });

  it("registers a schema whose extension's data names an id twice, and the schemas after it", () => {
    // An extension's value is data (`x-weights: {id: zqlow}` on two properties): the validator walked it as a schema
    // identified "zqlow", refused the second, and the properties after it were never registered.
    const weighted = {
      type: "object",
      properties: {
        first: { type: "string", "x-weights": { id: "zqlow" } },
        second: { type: "string", "x-weights": { id: "zqlow" } },
        third: { type: "integer" },
      },
    };
    const path = ["components", "schemas", "Weighted"];
    const schemas: SchemaAt[] = [{ file: FILE, path, value: weighted }];
    for (const [p, inner] of Object.entries(weighted.properties))
      schemas.push({ file: FILE, path: [...path, "properties", p], value: inner });
    const lookup = new SchemaLookup(schemas, false, new Set()).lazy();
    const third = lookup[uri("Weighted", "properties", "third")];
    expect(third).toBeDefined();
    expect(validate("a", third as object, "7", lookup, false).valid).toBe(false);
  });
});
