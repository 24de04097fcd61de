// The scale bench's anchor figure in a round: of its runs at a size, the one whose CPU is the median, whole (its user,
// system and peak memory with it), so that one slow run of the anchor does not make a round's slope.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { fittedOf, fittedSlope, lessFloor, medianRun, slopes } from "./scale.js";
import type { Pair, Run } from "../shared/runs.js";

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

describe("the slopes and the files' floor taken out", () => {
  const pairs = (at50: [number, number][], at200: [number, number][]) =>
    new Map<number, Pair>([
      [50, { a: at50.map(([a]) => run(a)), b: at50.map(([, b]) => run(b)) }],
      [200, { a: at200.map(([a]) => run(a)), b: at200.map(([, b]) => run(b)) }],
    ]);

  it("gives each round's CPU per added provider in ms, each side apart", () => {
    const p = pairs(
      [
        [1.0, 1.3],
        [1.2, 1.4],
      ],
      [
        [2.5, 2.5],
        [3.0, 2.9],
      ],
    );
    expect(slopes(p, "a", 50, 200, (r) => r.cpu).map((x) => x.toFixed(6))).toEqual(["10.000000", "12.000000"]);
    expect(slopes(p, "b", 50, 200, (r) => r.cpu).map((x) => x.toFixed(6))).toEqual(["8.000000", "10.000000"]);
  });

  it("takes each round's floor out of the same round's slope", () => {
    expect(lessFloor([10, 12, 11], [0.5, 0.75, 1])).toEqual([9.5, 11.25, 10]);
  });
});

describe("the slope fitted through every run", () => {
  it("gives a line's own slope in ms a provider, and the least-squares one of scattered runs", () => {
    // 0.3 s + 12 ms a provider, exactly.
    expect(fittedSlope([50, 100, 200].map((n) => [n, 0.3 + n * 0.012] as const))).toBeCloseTo(12, 9);
    // Runs 0.1 s above and below the line at each end: the line stands.
    const line = (n: number) => 0.3 + n * 0.012;
    expect(
      fittedSlope([
        [50, line(50) + 0.1],
        [50, line(50) - 0.1],
        [200, line(200) + 0.1],
        [200, line(200) - 0.1],
      ]),
    ).toBeCloseTo(12, 9);
    // One run 0.09 s high at 100, below the sizes' mean (350/3): the line tips down by 0.09 × (350/3 − 100) over the
    // squares' sum 11,666.67, 0.1286 ms a provider.
    const raised = fittedSlope([
      [50, line(50)],
      [100, line(100) + 0.09],
      [200, line(200)],
    ]);
    expect(raised).toBeCloseTo(12 - 0.128571, 5);
    expect(raised).toBeLessThan(12);
  });

  it("reads every run of a side at 50, 100 and 200, of every round or of the one asked", () => {
    // Round 0 grows 10 ms a provider, round 1 20: three anchor runs a size a round, the middle one at the line.
    const rounds = (perProvider: number[]) =>
      new Map(
        [1, 50, 100, 200].map((n) => [
          n,
          perProvider.map((k) => [
            run(0.5 + (n * k) / 1000 - 0.05),
            run(0.5 + (n * k) / 1000),
            run(0.5 + (n * k) / 1000 + 0.05),
          ]),
        ]),
      );
    const both = rounds([10, 20]);
    expect(fittedOf(both, 0)).toBeCloseTo(10, 9);
    expect(fittedOf(both, 1)).toBeCloseTo(20, 9);
    expect(fittedOf(both)).toBeCloseTo(15, 9);
    // The run at one provider (a run's fixed cost, the JIT's warm-up) is not read: a wild one there changes nothing.
    const wild = rounds([10, 20]);
    wild.set(1, [[run(9)], [run(9)]]);
    expect(fittedOf(wild)).toBeCloseTo(15, 9);
  });
});

describe("files-floor.mjs", () => {
  const script = fileURLToPath(new URL("../files-floor.mjs", import.meta.url));
  const listing = (dir: string) => readdirSync(dir).sort();

  it("writes a package folder's files again, each copy a folder of the same bytes, none left staged", () => {
    const dir = mkdtempSync(join(tmpdir(), "files-floor-"));
    try {
      const pkg = join(dir, "zqpkg");
      mkdirSync(pkg);
      writeFileSync(join(pkg, "index.js"), "export {};\n");
      writeFileSync(join(pkg, "README.md"), "# zq é\n");
      mkdirSync(join(pkg, "sub"));
      const out = join(dir, "out");
      execFileSync(process.execPath, [script, out, "3", "--package", pkg]);
      expect(listing(out)).toEqual(["0", "1", "2"]);
      for (const copy of listing(out)) {
        expect(listing(join(out, copy))).toEqual(["README.md", "index.js"]);
        expect(readFileSync(join(out, copy, "README.md"), "utf8")).toBe("# zq é\n");
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("writes one file again as many times, as the anchor writes its .d.ts", () => {
    const dir = mkdtempSync(join(tmpdir(), "files-floor-"));
    try {
      const file = join(dir, "zqone.d.ts");
      writeFileSync(file, "export type Zq = 1;\n");
      const out = join(dir, "out");
      execFileSync(process.execPath, [script, out, "2", "--file", file]);
      expect(listing(out)).toEqual(["0-zqone.d.ts", "1-zqone.d.ts"]);
      expect(readFileSync(join(out, "1-zqone.d.ts"), "utf8")).toBe("export type Zq = 1;\n");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
