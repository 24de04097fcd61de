// --max-failures counts the contracts that failed, as every report's counts do: a case that could not run (nothing
// was checked there) is not one. But n in a row (at least a floor) that could not run stop the run too: the suite is
// broken there.
import { describe, expect, it } from "vitest";
import { summarise } from "../../contract/report/report.js";
import type { CaseResult } from "../../contract/run.js";
import { failureCap, NOT_RUN_ROW_FLOOR } from "./test-options.js";

const result = (status: CaseResult["status"], n: number): CaseResult => ({
  id: `zq_op › property › ${n}`,
  provider: "zq",
  operation: "zq_op",
  kind: "property",
  name: String(n),
  status,
  durationMs: 1,
  source: { document: "manifest", path: [] },
  statuses: [],
});

describe("--max-failures", () => {
  it("is reached at the n-th contract that failed, cases that could not run here and there aside", () => {
    const cap = failureCap(2);
    const seen: CaseResult[] = [];
    const statuses: CaseResult["status"][] = ["error", "passed", "error", "failed", "error", "passed", "failed"];
    const reached = statuses.map((status, n) => {
      const r = result(status, n);
      seen.push(r);
      cap.count(r);
      // The cap and the reports' count agree at every step.
      expect(cap.reached()).toBe(summarise(seen).failed >= 2);
      return cap.reached();
    });
    expect(reached).toEqual([false, false, false, false, false, false, true]);
  });

  it("is reached at the n-th case in a row that could not run (one that ran starts the row again)", () => {
    const cap = failureCap(6);
    const statuses: CaseResult["status"][] = [
      ...Array<CaseResult["status"]>(5).fill("error"),
      "passed",
      ...Array<CaseResult["status"]>(5).fill("error"),
      "failed",
      ...Array<CaseResult["status"]>(6).fill("error"),
    ];
    const reached = statuses.map((status, n) => {
      cap.count(result(status, n));
      return cap.reached();
    });
    expect(reached.indexOf(true)).toBe(statuses.length - 1);
    expect(cap.reason()).toBe("--max-failures 6 reached: 6 cases in a row could not run");
  });

  it(`a small n stops a row only at ${NOT_RUN_ROW_FLOOR}: one case that could not run never ends a run`, () => {
    const cap = failureCap(1);
    const reached = Array.from({ length: NOT_RUN_ROW_FLOOR }, (_, n) => {
      cap.count(result("error", n));
      return cap.reached();
    });
    expect(reached.indexOf(true)).toBe(NOT_RUN_ROW_FLOOR - 1);
    expect(cap.reason()).toBe(`--max-failures 1 reached: ${NOT_RUN_ROW_FLOOR} cases in a row could not run`);
    const failures = failureCap(1);
    failures.count(result("failed", 0));
    expect(failures.reached()).toBe(true);
    expect(failures.reason()).toBe("--max-failures 1 reached");
  });

  it("is never reached without a cap", () => {
    const cap = failureCap(undefined);
    for (let n = 0; n < 5; n++) cap.count(result(n % 2 ? "failed" : "error", n));
    expect(cap.reached()).toBe(false);
  });
});
