// A JSON parameter whose surface records no shape of its value (one not written into a JSON body) holds its items'
// union of shapes in its limits: a shape closing there (the document's `additionalProperties: false`) refuses an item
// holding a field it does not list, which was sent (tightened); one opening takes it (loosened).
import { describe, expect, it } from "vitest";
import type { NestedLimits } from "@blockwright/runtime/internal";
import type { ParamSurface } from "../../model/surface-format.js";
import { diffParamLimits, type ParamLimitChange } from "./param-limit-changes.js";

function changes(closedBefore: boolean, closedAfter: boolean, shaped = false): string[] {
  const out: string[] = [];
  const param = (closed: boolean): ParamSurface => {
    const items: NestedLimits = {
      shapes: [
        { fields: { zqName: { type: "string" }, zqColor: { type: "string" } }, ...(closed ? { closed } : {}) },
        { fields: { zqSku: { type: "string" } } },
      ],
    };
    const surface = { type: "json", jsonType: "array", wire: "query:zqitems", items } as ParamSurface;
    return shaped ? { ...surface, shape: { type: "array" } } : surface;
  };
  diffParamLimits("param zqItems", param(closedBefore), param(closedAfter), (kind: ParamLimitChange, detail) =>
    out.push(`${kind} ${detail?.subject}: ${detail?.what ?? ""} ${String(detail?.from)} → ${String(detail?.to)}`),
  );
  return out;
}

describe("a union's shape in a JSON parameter's limits, closed or opened", () => {
  it("closed tightens, opened loosens, naming the shape by its fields", () => {
    expect(changes(false, true)).toEqual(["limitTightened param zqItems items: shape {zqColor,zqName} open → closed"]);
    expect(changes(true, false)).toEqual(["limitLoosened param zqItems items: shape {zqColor,zqName} closed → open"]);
    expect(changes(true, true)).toEqual([]);
  });

  it("is left to the value's recorded shape where there is one (said once)", () => {
    expect(changes(false, true, true)).toEqual([]);
  });
});
