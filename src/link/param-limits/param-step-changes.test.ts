// A change of a number's step (`multipleOf`) as diff and upstream read it:
// a step added, or changed to one the old is not a multiple of, refuses
// values that were accepted (breaking); one the old is a multiple of, or
// none, accepts more (minor). A workflow's number is hit only when the new
// step refuses it.
import { describe, expect, it } from "vitest";
import { limitChanges } from "../../changes/schema-compare.js";
import type { Flat } from "../../changes/schema-flat.js";
import type { ParamSurface } from "../../model/surface-format.js";
import { diffParamLimits, type ParamLimitChange } from "./param-limit-changes.js";

function changes(from: number | undefined, to: number | undefined): string[] {
  const out: string[] = [];
  const param = (multipleOf: number | undefined) =>
    ({ type: "number", ...(multipleOf === undefined ? {} : { multipleOf }) }) as ParamSurface;
  diffParamLimits("param zqOffset", param(from), param(to), (kind: ParamLimitChange, detail) =>
    out.push(`${kind} ${detail?.what ?? ""} ${String(detail?.from)} → ${String(detail?.to)}`),
  );
  return out;
}

describe("a step's change in the surface", () => {
  it("added, or to one the old is no multiple of: tightened; removed, or to a divisor of the old: loosened", () => {
    expect(changes(undefined, 20)).toEqual(["limitAdded multipleOf undefined → 20"]);
    expect(changes(10, 20)).toEqual(["limitTightened multipleOf 10 → 20"]);
    expect(changes(20, 15)).toEqual(["limitTightened multipleOf 20 → 15"]);
    expect(changes(20, 10)).toEqual(["limitLoosened multipleOf 20 → 10"]);
    expect(changes(20, undefined)).toEqual(["limitRemoved multipleOf removed 20 → undefined"]);
    expect(changes(20, 20)).toEqual([]);
  });
});

describe("a step's change between two documents", () => {
  it("is loosened only to a step every old multiple is a multiple of", () => {
    const flat = (multipleOf?: number) =>
      ({ limits: multipleOf === undefined ? {} : { multipleOf } }) as unknown as Flat;
    expect(limitChanges(flat(20), flat(10))).toEqual([{ key: "multipleOf", move: "loosened", old: 20, new: 10 }]);
    expect(limitChanges(flat(20), flat(15))).toEqual([{ key: "multipleOf", move: "tightened", old: 20, new: 15 }]);
    expect(limitChanges(flat(10), flat(20))).toEqual([{ key: "multipleOf", move: "tightened", old: 10, new: 20 }]);
    expect(limitChanges(flat(), flat(20))).toEqual([{ key: "multipleOf", move: "tightened", new: 20 }]);
  });
});
