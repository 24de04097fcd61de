// diff on a `json` body parameter whose value is a union holding another union of object forms (a search filter's
// `must: anyOf [Condition, [Condition], null]`, Condition itself a union of condition forms, as a vector database's
// published versions write it): a form added to the inner union (a condition requiring `has_vector`) was a new field
// required of every call (breaking), 111 such in one version step, because the outer union's merge lost the inner
// forms. The inner forms are the outer union's forms: a field only the new form requires is asked only of the calls
// sending it.
import { describe, expect, it } from "vitest";
import { diffSurfaces } from "./classify.js";
import { acmeSurface, acmeTool } from "./__fixtures__/acme-surface.js";
import type { Schema } from "../load/openapi-document.js";
import { ShapeBuilder } from "../model/shape.js";
import type { ParamSurface, Shape, Surface } from "./surface.js";

const text = { type: "string" };
const form = (field: string): Schema => ({ type: "object", required: [field], properties: { [field]: text } });

/** The surface of a body parameter `zqfilter` whose `must` is one condition or a list of them, of `forms`. */
function surfaceOf(forms: string[]): Surface {
  const schemas: Record<string, Schema> = {
    ZqCondition: { anyOf: forms.map((f) => ({ $ref: `#/components/schemas/Zq${f}` })) },
    ...Object.fromEntries(forms.map((f) => [`Zq${f}`, form(f)])),
  };
  const builder = new ShapeBuilder((r) => schemas[r.replace("#/components/schemas/", "")]);
  const condition = { $ref: "#/components/schemas/ZqCondition" };
  const filter: Schema = {
    type: "object",
    properties: { must: { anyOf: [condition, { type: "array", items: condition }, { nullable: true }] } },
  };
  const written = builder.table([builder.of(filter)]);
  const params = {
    zqfilter: {
      type: "json",
      jsonType: "object",
      title: "Filter",
      description: "The filter.",
      required: false,
      wire: "body:/zqfilter",
      shape: written.roots[0] as Shape,
    } as ParamSurface,
  };
  return {
    ...acmeSurface({ shapes: written.shapes }, { zqpoints_search: acmeTool({ method: "POST", params }) }),
    provider: "zqpoints",
  };
}

describe("a union of object forms inside another union", () => {
  it("reads a form added inside as a field asked only of the calls sending it, not of every call", () => {
    const found = diffSurfaces(surfaceOf(["zqkey", "zqrange"]), surfaceOf(["zqkey", "zqrange", "zqvector"]));
    const added = found.filter((c) => c.subject.endsWith("zqvector"));
    expect(added.map((c) => [c.severity, c.subject])).toEqual([
      ["non-breaking", "param zqfilter .must.zqvector"],
      ["non-breaking", "param zqfilter .must[].zqvector"],
    ]);
    expect(found.filter((c) => c.severity === "breaking")).toEqual([]);
  });
});
