// A list's items' accepted values changed, in a made-up document's (`zqlinks`) surface: a list written into a JSON body
// records its value's shape, which compares the items' values as request fields; its items' limits hold the same
// values, and `diff` said each value removed twice, under two kinds and two ids (a published banking API's
// `products[]` losing one value: eight breaking lines for four changes). Said once, where the shape is recorded.
import { describe, expect, it } from "vitest";
import { diffSurfaces } from "./classify.js";
import { acmeSurface, acmeTool } from "./__fixtures__/acme-surface.js";
import type { ParamSurface, Surface } from "./surface.js";

/** A query list `zqkinds` and a JSON body list `zqproducts` (its shape recorded), their items taking `values`. */
function lists(values: string[], allowed = values): Surface {
  const item = { type: "string", enum: values } as const;
  const limited = { type: "string", enum: allowed } as const;
  const param = (own: Partial<ParamSurface>) =>
    ({ title: "T", description: "D.", required: false, type: "json", jsonType: "array", ...own }) as ParamSurface;
  const params = {
    zqkinds: param({ wire: "query:zqkinds", items: limited }),
    zqproducts: param({ wire: "body:/zqproducts", items: limited, shape: { type: "array", items: item } }),
  } as Record<string, ParamSurface>;
  return { ...acmeSurface({}, { zqlinks_create: acmeTool({ method: "POST", params }) }), provider: "zqlinks" };
}

const diffed = (base: Surface, head: Surface) =>
  diffSurfaces(base, head)
    .map((c) => `${c.severity} ${c.kind} ${c.subject}`)
    .sort();

describe("diff: a list's items' accepted values", () => {
  it("a value removed and one added: one change each per list, the body list's under the request field kinds", () => {
    expect(diffed(lists(["zqauth", "zqswitch"]), lists(["zqauth", "zqpay"]))).toEqual([
      "breaking request-parameter-enum-value-removed param zqkinds items",
      "breaking request-property-enum-value-removed param zqproducts []",
      "non-breaking request-parameter-enum-value-added param zqkinds items",
      "non-breaking request-property-enum-value-added param zqproducts []",
    ]);
  });

  it("a value the manifest stops taking, the document still listing it: said by the list's limits", () => {
    const all = ["zqauth", "zqswitch", "zqpay"];
    expect(diffed(lists(all, ["zqauth", "zqswitch"]), lists(all, ["zqauth"]))).toEqual([
      "breaking request-parameter-enum-value-removed param zqkinds items",
      "breaking request-parameter-enum-value-removed param zqproducts items",
    ]);
    // The document dropping one value and the manifest another: each said once, where it was decided.
    const [removed] = diffSurfaces(lists(all, all), lists(["zqauth", "zqpay"], ["zqauth"])).filter((c) =>
      c.subject.endsWith("zqproducts items"),
    );
    expect(removed?.from).toBe("zqpay");
  });

  it("the same values in another order: no change", () => {
    expect(diffed(lists(["zqauth", "zqpay"]), lists(["zqpay", "zqauth"]))).toEqual([]);
  });
});

/** A JSON body field `zqswitch` (its shape recorded), deprecated or not: the mark on the parameter and its shape. */
function marked(deprecated: boolean): Surface {
  const param = {
    title: "T",
    description: "D.",
    required: false,
    type: "json",
    jsonType: "object",
    wire: "body:/zqswitch",
    ...(deprecated ? { deprecated: "use zqpay" } : {}),
    shape: { type: "object", ...(deprecated ? { deprecated: true } : {}) },
  } as ParamSurface;
  const tool = acmeTool({ method: "POST", params: { zqswitch: param } as Record<string, ParamSurface> });
  return { ...acmeSurface({}, { zqlinks_create: tool }), provider: "zqlinks" };
}

describe("diff: a body parameter deprecated", () => {
  it("is said once, by the parameter's own mark, both ways", () => {
    expect(diffed(marked(false), marked(true))).toEqual(["non-breaking request-property-deprecated param zqswitch"]);
    expect(diffed(marked(true), marked(false))).toHaveLength(1);
  });
});
