import { describe, expect, it } from "vitest";
import { inProcesses, PROCESSES } from "../call.js";

const ROUNDS = 21;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] as number;
const ratioOf = (p: { ours: number[]; anchor: number[] }) => median(p.ours.map((x, i) => x / (p.anchor[i] as number)));

/** One process's rounds: the anchor 10 µs a call, ours `level` times it, spread by ±5 % over the rounds. */
function process(level: number): { ours: number[]; anchor: number[] } {
  const anchor = Array.from({ length: ROUNDS }, (_, i) => 10 + (i % 3));
  return { ours: anchor.map((a, i) => a * level * (0.95 + (0.1 * i) / (ROUNDS - 1))), anchor };
}

describe("the call bench's rows, each in processes of its own", () => {
  it("takes the rows in turn in each pass", () => {
    const log: string[] = [];
    inProcesses(["zqa", "zqb", "zqc"], 3, (row) => {
      log.push(row);
      return process(1.1);
    });
    expect(log).toEqual(["zqa", "zqb", "zqc", "zqa", "zqb", "zqc", "zqa", "zqb", "zqc"]);
  });

  it("pools each row's rounds from all its processes, paired, and keeps each process's median", () => {
    const levels: Record<string, number[]> = { zqa: [1.1, 1.2, 1.3], zqb: [1.0, 1.05, 1.02] };
    const seen: Record<string, number> = { zqa: 0, zqb: 0 };
    const out = inProcesses(["zqa", "zqb"], 3, (row) =>
      process((levels[row] as number[])[(seen[row] as number)++] as number),
    );
    const a = out.get("zqa");
    expect(a?.ours).toHaveLength(3 * ROUNDS);
    expect(a?.anchor).toHaveLength(3 * ROUNDS);
    expect(a?.medians.map((m) => m.toFixed(2))).toEqual(["1.10", "1.20", "1.30"]);
    expect(out.get("zqb")?.medians.map((m) => m.toFixed(2))).toEqual(["1.00", "1.05", "1.02"]);
    // Paired: the pooled rounds' ratios are each process's own.
    expect(ratioOf(a as { ours: number[]; anchor: number[] }).toFixed(2)).toBe("1.20");
  });

  it("does not let one process that reads apart decide a row, whichever pass it runs in, and shows it", () => {
    expect(PROCESSES).toBeGreaterThanOrEqual(3);
    for (let apart = 0; apart < PROCESSES; apart++) {
      let pass = 0;
      const out = inProcesses(["zqa"], PROCESSES, () => process(pass++ === apart ? 1.67 : 1.1));
      const row = out.get("zqa") as { ours: number[]; anchor: number[]; medians: number[] };
      // Within the other processes' rounds (1.1 ± 5 %), not at the one apart.
      expect(ratioOf(row)).toBeLessThan(1.1 * 1.05);
      expect(row.medians.filter((m) => m > 1.5)).toHaveLength(1);
    }
  });
});
