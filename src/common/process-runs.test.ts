import { describe, expect, it } from "vitest";
import { endedPid } from "../../test-support/run/ended-pid.js";
import { processRuns } from "./compile-cache-bound.js";

describe("whether a process that left its id runs", () => {
  it("runs when it is this one or another that runs, as any user (pid 1 is always there)", () => {
    expect(processRuns(process.pid)).toBe(true);
    expect(processRuns(process.ppid)).toBe(true);
    expect(processRuns(1)).toBe(true);
  });

  it("has ended when no process has its id", () => {
    expect(processRuns(endedPid())).toBe(false);
  });
});
