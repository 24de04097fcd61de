// A JSON body list whose own bounds changed, in a made-up document's (`zqnics`) surface: the parameter records its
// `minItems`/`maxItems` and its value's shape records them again at the value's root, so `diff` said each bound twice,
// under two subjects and two ids (a published cloud API's `interfaces` gaining `minItems: 1`, `maxItems: 3`: four
// breaking lines for two changes). Said once, by the parameter's own limits.
import { describe, expect, it } from "vitest";
import { diffSurfaces } from "./classify.js";
import { acmeSurface, acmeTool } from "./__fixtures__/acme-surface.js";
import type { ParamSurface, Surface } from "./surface.js";

/** A JSON body list `zqnics`, its shape recorded, holding `bounds` on the parameter and at its value's root. */
function nics(bounds: { minItems?: number; maxItems?: number }, shapeOnly?: { maxLength: number }): Surface {
  const item = { type: "object", properties: { zqlabel: { type: "string", limits: shapeOnly ?? {} } } } as const;
  const zqnics = {
    title: "T",
    description: "D.",
    required: false,
    type: "json",
    jsonType: "array",
    wire: "body:/zqnics",
    ...bounds,
    shape: { type: "array", items: item, limits: { ...bounds } },
  } as unknown as ParamSurface;
  const tool = acmeTool({ method: "POST", params: { zqnics } as Record<string, ParamSurface> });
  return { ...acmeSurface({}, { zqnics_create: tool }), provider: "zqnics" };
}

const diffed = (base: Surface, head: Surface) =>
  diffSurfaces(base, head)
    .map((c) => `${c.severity} ${c.kind} ${c.subject} ${String(c.from ?? "—")} → ${String(c.to ?? "—")}`)
    .sort();

describe("diff: a JSON body list's own bounds changed", () => {
  it("each bound is said once, under the parameter", () => {
    expect(diffed(nics({}), nics({ minItems: 1, maxItems: 3 }))).toEqual([
      "breaking request-property-limit-tightened param zqnics — → 1",
      "breaking request-property-limit-tightened param zqnics — → 3",
    ]);
  });

  it("a bound its value's shape holds alone, or a field's inside it, is still said", () => {
    const onlyShape = nics({});
    const zqnics = onlyShape.tools.zqnics_create?.params.zqnics as ParamSurface & { shape: { limits: object } };
    zqnics.shape.limits = { maxItems: 3 };
    expect(diffed(nics({}), onlyShape)).toEqual([
      "breaking request-property-limit-tightened param zqnics (value) — → 3",
    ]);
    expect(diffed(nics({}), nics({}, { maxLength: 8 }))).toEqual([
      "breaking request-property-limit-tightened param zqnics [].zqlabel — → 8",
    ]);
  });
});
