// --max-failures counts the contracts that failed, as every report's counts do: a case that could not run (nothing
// was checked there) is not one, however many there are.
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
  it("is reached at the n-th contract that failed, cases that could not run aside", () => {
    const cap = failureCap(2);
    const seen: CaseResult[] = [];
    const statuses: CaseResult["status"][] = ["error", "error", "passed", "failed", "error", "error", "failed"];
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

  it("is never reached without a cap", () => {
    const cap = failureCap(undefined);
    for (let n = 0; n < 5; n++) cap.count(result("failed", n));
    expect(cap.reached()).toBe(false);
  });
});
