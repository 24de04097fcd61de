// --max-failures counts the contracts that failed, as every report's counts do: a case that could not run (nothing
// was checked there) is not one. But n in a row that could not run stop the run too: the suite is broken there.
import { describe, expect, it } from "vitest";
import { summarise } from "../../contract/report/report.js";
import type { CaseResult } from "../../contract/run.js";
import { failureCap } from "./test-options.js";

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
    const cap = failureCap(3);
    const statuses: CaseResult["status"][] = [
      "error",
      "error",
      "passed",
      "error",
      "error",
      "failed",
      "error",
      "error",
      "error",
    ];
    const reached = statuses.map((status, n) => {
      cap.count(result(status, n));
      return cap.reached();
    });
    expect(reached).toEqual([false, false, false, false, false, false, false, false, true]);
    expect(cap.reason()).toBe("--max-failures 3 reached: 3 cases in a row could not run");
  });

  it("a run where every case could not run stops at the n-th, and says why", () => {
    const cap = failureCap(1);
    cap.count(result("error", 0));
    expect(cap.reached()).toBe(true);
    expect(cap.reason()).toBe("--max-failures 1 reached: 1 case in a row could not run");
    const failures = failureCap(1);
    failures.count(result("failed", 0));
    expect(failures.reason()).toBe("--max-failures 1 reached");
  });

  it("is never reached without a cap", () => {
    const cap = failureCap(undefined);
    for (let n = 0; n < 5; n++) cap.count(result(n % 2 ? "failed" : "error", n));
    expect(cap.reached()).toBe(false);
  });
});
