// The parameter-key table (param-keys.ts): every key the surface records as
// it is comes back from a registry built from surfaces — the record and the
// read back go by the one list, so a key such as `separator` or `items`
// cannot be recorded and then lost.
import type { ParamSpec, ToolSpec } from "@blockwright/runtime/internal";
import { describe, expect, it } from "vitest";
import { acmeSurface, acmeTool } from "../changes/__fixtures__/acme-surface.js";
import { registryFromSurfaces } from "../changes/registry.js";
import { paramsSurface } from "../link/params/params.js";
import type { ToolSurfaceContext } from "./surface-entry.js";
import { COPIED_PARAM_KEYS, type CopiedParamKey, PARAM_KEYS } from "./param-keys.js";

/** A value for every copied key (no two alike, so none is read back from another). */
const VALUES: Record<CopiedParamKey, unknown> = {
  default: "a,b",
  nullable: true,
  integer: true,
  minimum: 1,
  maximum: 9,
  exclusiveMinimum: 0.5,
  exclusiveMaximum: 8.5,
  multipleOf: 3,
  minLength: 2,
  maxLength: 80,
  pattern: "^[a-z,]+$",
  enum: ["a", "b"],
  caseInsensitive: true,
  format: "email",
  separator: ",",
  jsonType: "array",
  minItems: 1,
  maxItems: 5,
  keys: { maxLength: 10 },
  values: { type: "number", maximum: 3 },
  items: { type: "string", enum: ["x"] },
  maxBytes: 1024,
  multiple: true,
  example: "a",
  anyOf: [
    { type: "string", maxLength: 8 },
    { type: "number", integer: true },
  ],
};

const param = {
  name: "tags",
  type: "string",
  title: "Tags",
  description: "Tags.",
  required: false,
  secret: false,
  visibility: "user-or-llm",
  wire: { in: "query", name: "tags" },
  ...VALUES,
} as ParamSpec;
const tool = { id: "acme_list", operationId: "acme_list", params: [param] } as unknown as ToolSpec;

describe("the parameter-key table", () => {
  it("decides every key of a parameter: copied, recorded its own way, or not recorded and why", () => {
    for (const [key, decision] of Object.entries(PARAM_KEYS))
      if (typeof decision === "object") expect(decision.none.length, key).toBeGreaterThan(20);
    expect(COPIED_PARAM_KEYS).toEqual(
      expect.arrayContaining(["separator", "keys", "values", "items", "minItems", "maxItems"]),
    );
  });

  it("records each copied key in the surface, and a registry built from the surface gives each back", () => {
    const recorded = paramsSurface.record(tool, {} as ToolSurfaceContext).params ?? {};
    const surfaced = recorded.tags;
    expect(surfaced && Object.fromEntries(COPIED_PARAM_KEYS.map((k) => [k, surfaced[k]]))).toEqual(VALUES);
    const registry = registryFromSurfaces([acmeSurface({}, { acme_list: acmeTool({ params: recorded }) })]);
    const back = registry.tools.acme_list?.params.find((p) => p.name === "tags");
    expect(back && Object.fromEntries(COPIED_PARAM_KEYS.map((k) => [k, back[k]]))).toEqual(VALUES);
  });
});
