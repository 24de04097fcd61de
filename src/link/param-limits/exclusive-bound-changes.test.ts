// A number's bound as diff reads a change of it: each side by the least (greatest) value it admits. A surface written
// while a document's exclusive bound was linked as the double past it (`minimum: 5e-324`) and one keeping it
// (`exclusiveMinimum: 0`) admit the same numbers: no change (a package regenerated unchanged stays a patch). A side
// that changes form is one change, tighter or looser by the values it admits.
import { describe, expect, it } from "vitest";
import type { ParamSurface } from "../../model/surface-format.js";
import { diffParamLimits, type ParamLimitChange } from "./param-limit-changes.js";

function changes(from: Partial<ParamSurface>, to: Partial<ParamSurface>): string[] {
  const out: string[] = [];
  const param = (bounds: Partial<ParamSurface>) => ({ type: "number", ...bounds }) as ParamSurface;
  diffParamLimits("param zqRatio", param(from), param(to), (kind: ParamLimitChange, detail) =>
    out.push(`${kind} ${detail?.what ?? ""} ${String(detail?.from)} → ${String(detail?.to)}`),
  );
  return out;
}

describe("a number's exclusive bound in the surface's diff", () => {
  it("is no change where it admits what the inclusive bound it was read as admitted", () => {
    expect(changes({ minimum: Number.MIN_VALUE }, { exclusiveMinimum: 0 })).toEqual([]);
    expect(changes({ maximum: 1 - 2 ** -53 }, { exclusiveMaximum: 1 })).toEqual([]);
  });

  it("is one change, tighter or looser, where a side changes form", () => {
    expect(changes({ exclusiveMinimum: 0 }, { minimum: 0 })).toEqual([
      "limitLoosened minimum (was exclusiveMinimum) 0 → 0",
    ]);
    expect(changes({ minimum: 0 }, { exclusiveMinimum: 0 })).toEqual([
      "limitTightened exclusiveMinimum (was minimum) 0 → 0",
    ]);
    expect(changes({ maximum: 5 }, { exclusiveMaximum: 9 })).toEqual([
      "limitLoosened exclusiveMaximum (was maximum) 5 → 9",
    ]);
  });

  it("is added, removed, tightened or loosened as an inclusive bound is", () => {
    expect(changes({}, { exclusiveMinimum: 0 })).toEqual(["limitAdded exclusiveMinimum undefined → 0"]);
    expect(changes({ exclusiveMaximum: 1 }, {})).toEqual(["limitRemoved exclusiveMaximum removed 1 → undefined"]);
    expect(changes({ exclusiveMinimum: 0 }, { exclusiveMinimum: 1 })).toEqual([
      "limitTightened exclusiveMinimum 0 → 1",
    ]);
    expect(changes({ minimum: 2 }, { minimum: 1 })).toEqual(["limitLoosened minimum 2 → 1"]);
  });
});
