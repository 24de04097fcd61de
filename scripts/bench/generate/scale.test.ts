// The scale bench's anchor figure in a round: of its runs at a size, the one whose CPU is the median, whole (its user,
// system and peak memory with it), so that one slow run of the anchor does not make a round's slope.
import { describe, expect, it } from "vitest";
import { medianRun } from "./scale.js";
import type { Run } from "../shared/runs.js";

const run = (cpu: number, peakMiB = 100): Run => ({
  wallMs: cpu * 1000,
  cpu,
  user: cpu * 0.9,
  system: cpu * 0.1,
  peakMiB,
});

describe("medianRun", () => {
  it("takes the run whose CPU is the median of three, whatever their order, with its own other figures", () => {
    const slow = run(2.9, 180);
    const middle = run(1.4, 140);
    const quick = run(1.2, 120);
    for (const runs of [
      [slow, middle, quick],
      [quick, slow, middle],
      [middle, quick, slow],
    ])
      expect(medianRun(runs)).toBe(middle);
  });

  it("takes the lower middle of an even count, and the one run of one", () => {
    expect(medianRun([run(3), run(1), run(2), run(4)]).cpu).toBe(2);
    const only = run(5);
    expect(medianRun([only])).toBe(only);
  });

  it("leaves the runs given in their order", () => {
    const runs = [run(3), run(1), run(2)];
    medianRun(runs);
    expect(runs.map((r) => r.cpu)).toEqual([3, 1, 2]);
  });
});
