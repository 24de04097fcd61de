// The scale bench's anchor figure in a round: of its runs at a size, the one whose CPU is the median, whole (its user,
// system and peak memory with it), so that one slow run of the anchor does not make a round's slope.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { lessFloor, medianRun, slopes } from "./scale.js";
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
