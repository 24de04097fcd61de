// A shared parameter is linked once per operation (params.ts linkParams), and its own limits' check ran again for each
// tool: its pattern compiled once a tool, its ranges and enum read again, for problems told once. Now checked once a
// link for the parameter the manifest writes once; an operation's own parameters, each its own object, once each.
import { describe, expect, it } from "vitest";
import type { ManifestParam } from "../../load/precompiled/manifest-types.js";
import type { LinkContext } from "../context.js";
import { checkOwnLimitsOnce } from "./own-limits.js";

/** A link's context whose failures are listed, and a parameter whose pattern's reads are counted. */
function contextOf(param: Record<string, unknown>) {
  const failures: string[] = [];
  const ctx = {
    fail: (_code: string, path: unknown[], message: string) => failures.push(`${path.join(".")}: ${message}`),
  };
  const reads = { pattern: 0 };
  const p = new Proxy(param, {
    get(target, key, receiver) {
      if (key === "pattern") reads.pattern++;
      return Reflect.get(target, key, receiver);
    },
  }) as unknown as ManifestParam;
  return { ctx: ctx as unknown as LinkContext, failures, reads, p };
}

describe("a parameter's own limits, by the tool", () => {
  it("checks a shared parameter once a link however many tools link it", () => {
    const { ctx, failures, reads, p } = contextOf({ type: "string", pattern: "^zq[", minLength: 4, maxLength: 2 });
    for (let i = 0; i < 40; i++) checkOwnLimitsOnce(ctx, p, ["params", "zqCode"]);
    expect(failures).toEqual([
      expect.stringMatching(/^params\.zqCode\.pattern: "\^zq\[" is not a valid regular expression/),
      "params.zqCode.minLength: minLength 4 is above maxLength 2",
    ]);
    expect(reads.pattern).toBeLessThanOrEqual(3); // one check: 2 reads; before, 2 a tool
  });

  it("checks each parameter object, and again in another link", () => {
    const first = contextOf({ type: "number", minimum: 5, maximum: 1 });
    const other = { ...first.p };
    checkOwnLimitsOnce(first.ctx, first.p, ["operations", "zqA", "params", "zqN"]);
    checkOwnLimitsOnce(first.ctx, other, ["operations", "zqB", "params", "zqN"]);
    expect(first.failures).toEqual([
      "operations.zqA.params.zqN.minimum: minimum 5 is above maximum 1",
      "operations.zqB.params.zqN.minimum: minimum 5 is above maximum 1",
    ]);
    // One object at two places (a YAML alias in two operations' parameters): each place told.
    const aliased = contextOf({ type: "string", minLength: 3, maxLength: 1 });
    for (const id of ["zqA", "zqB", "zqA"])
      checkOwnLimitsOnce(aliased.ctx, aliased.p, ["operations", id, "params", "zqS"]);
    expect(aliased.failures).toEqual([
      "operations.zqA.params.zqS.minLength: minLength 3 is above maxLength 1",
      "operations.zqB.params.zqS.minLength: minLength 3 is above maxLength 1",
    ]);
    const second = contextOf({});
    checkOwnLimitsOnce(second.ctx, first.p, ["params", "zqN"]);
    expect(second.failures).toEqual(["params.zqN.minimum: minimum 5 is above maximum 1"]);
  });
});
