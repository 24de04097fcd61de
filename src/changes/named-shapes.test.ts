// Surfaces record a `$ref`ed schema's shape once, by name (model/shape.ts):
// diff compares through the names — also against an older surface, which
// expanded every reference in place — and the workflow validator's registry
// steps through them, cycles included.
import { describe, expect, it } from "vitest";
import { diffSurfaces } from "./classify.js";
import { acmeSurface, acmeTool } from "./__fixtures__/acme-surface.js";
import { registryFromSurfaces } from "./registry.js";
import { shapeAt, type Shape, type Surface } from "./surface.js";

const text = { type: "string" } as const;
const address = (parent: Shape): Shape => ({ type: "object", properties: { city: text, parent }, required: ["city"] });
const customer = (addressShape: Shape): Shape => ({
  type: "object",
  properties: { id: text, address: addressShape, shipping: addressShape },
});

function surface(outputShape: Shape, shapes?: Record<string, Shape>): Surface {
  const outputs = {
    data: { type: "json" as const, optional: false, description: "The customer.", shape: outputShape },
  };
  return acmeSurface(shapes ? { shapes } : {}, {
    acme_get: acmeTool({ title: "Get", description: "Gets.", path: "/v1/c", outputs }),
  });
}

const named = () =>
  surface({ ref: "Customer" }, { Customer: customer({ ref: "Address" }), Address: address({ ref: "Customer" }) });
/**
 * As surfaces recorded it before named shapes: expanded where used (read from JSON: a copy at each place), the
 * recursive reference named.
 */
const expanded = () => JSON.parse(JSON.stringify(surface(customer(address({ recursive: "Customer" }))))) as Surface;
const summary = (base: Surface, head: Surface) =>
  diffSurfaces(base, head).map((c) => `${c.level} ${c.subject}: ${c.rule}`);

describe("named shapes", () => {
  it("compare equal to the same shapes expanded, as an older surface holds them", () => {
    expect(summary(expanded(), named())).toEqual([]);
    expect(summary(named(), expanded())).toEqual([]);
    expect(summary(named(), named())).toEqual([]);
  });

  it("give a change inside one, against a named or an expanded base, at each place a reader meets it", () => {
    const head = named();
    delete head.shapes?.Address?.properties?.city;
    expect(summary(named(), head)).toEqual([
      "breaking output data .address.city: output field removed",
      "breaking output data .shipping.city: output field removed",
    ]);
    expect(summary(expanded(), head)).toEqual([
      "breaking output data .address.city: output field removed",
      "breaking output data .shipping.city: output field removed",
    ]);
  });

  it("compare through a cycle without end, the changes beyond it included", () => {
    const head = named();
    head.shapes!.Customer!.properties!.id = { type: "integer" };
    expect(summary(named(), head)).toEqual(["breaking output data .id: output type changed"]);
  });

  it("are stepped through by the workflow validator's registry, round a cycle too", () => {
    const registry = registryFromSurfaces([named()]);
    const shape = registry.shapes.acme_get?.data as Shape;
    expect(shapeAt(shape, ["address", "parent", "shipping", "city"])).toEqual({ found: text });
    expect(shapeAt(shape, ["address", "country"])).toEqual({
      missing: '.address has no field "country" (fields: city, parent)',
    });
  });
});
