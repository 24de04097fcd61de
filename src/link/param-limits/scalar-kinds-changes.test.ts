// A JSON parameter's values of several scalar kinds as diff and upstream read a change of them: a kind fewer refuses
// values that were taken (tightened), one more takes more (loosened), kinds where there were none (added) or none
// where there were (removed).
import { describe, expect, it } from "vitest";
import type { ParamSurface } from "../../model/surface-format.js";
import { diffParamLimits, type ParamLimitChange } from "./param-limit-changes.js";

function changes(from: string[] | undefined, to: string[] | undefined): string[] {
  const out: string[] = [];
  const param = (kinds: string[] | undefined) =>
    ({
      type: "json",
      jsonType: "object",
      ...(kinds ? { values: { kinds: kinds.map((type) => ({ type })) } } : {}),
    }) as ParamSurface;
  diffParamLimits("param zqOptions", param(from), param(to), (kind: ParamLimitChange, detail) =>
    out.push(`${kind} ${detail?.what ?? ""} ${JSON.stringify(detail?.from)} → ${JSON.stringify(detail?.to)}`),
  );
  return out;
}

describe("a change of a JSON value's scalar kinds", () => {
  it("a kind fewer tightens, one more loosens; added and removed as such", () => {
    expect(changes(["string", "integer"], ["string"])).toEqual([
      'limitTightened kinds ["string","integer"] → ["string"]',
    ]);
    expect(changes(["string", "integer"], ["string", "integer", "boolean"])).toEqual([
      'limitLoosened kinds ["string","integer"] → ["string","integer","boolean"]',
    ]);
    expect(changes(undefined, ["string", "integer"])).toEqual(['limitAdded kinds undefined → ["string","integer"]']);
    expect(changes(["string", "integer"], undefined)).toEqual([
      'limitRemoved kinds removed ["string","integer"] → undefined',
    ]);
    expect(changes(["string", "integer"], ["string", "integer"])).toEqual([]);
  });
});
