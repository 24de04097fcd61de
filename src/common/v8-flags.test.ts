// The flags that make V8's optimising compilers less eager are spelt as the
// running V8 takes them: Node 22 and later refuse Node 20's --interrupt-budget
// at start ("bad option"), which killed every test worker on Node 24.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { generateOptimiser, lessEagerOptimiser } from "./v8-flags.js";

describe("lessEagerOptimiser", () => {
  it(
    "gives V8 11 (Node 20) an interrupt budget, and V8 12 and later (Node 22, 24, 26) invocation counts, " +
      "scaled alike",
    () => {
      expect(lessEagerOptimiser(16, "11.3.244.8-node.33")).toEqual(["--interrupt-budget=1081344"]);
      for (const v8 of ["12.4.254.21-node.33", "13.6.233.17-node.40", "14.6.202.9-node.14"]) {
        expect(lessEagerOptimiser(16, v8), v8).toEqual([
          "--invocation-count-for-turbofan=48000",
          "--invocation-count-for-maglev=6400",
        ]);
        expect(lessEagerOptimiser(8, v8), v8).toEqual([
          "--invocation-count-for-turbofan=24000",
          "--invocation-count-for-maglev=3200",
        ]);
        expect(lessEagerOptimiser(8, v8, 16), v8).toEqual([
          "--invocation-count-for-turbofan=48000",
          "--invocation-count-for-maglev=3200",
        ]);
      }
      // V8 11 has one budget for both compilers: Maglev's factor.
      expect(lessEagerOptimiser(8, "11.3.244.8-node.33", 16)).toEqual(["--interrupt-budget=540672"]);
    },
  );

  it("gives generate Maglev 16× less eager and TurboFan 32× on V8 12 and later, V8 11's one budget 8×", () => {
    // GitHub's whole document: 0.94× the CPU of 8× and 16× (performance.md, the fifty-first round).
    expect(generateOptimiser("11.3.244.8-node.33")).toEqual(["--interrupt-budget=540672"]);
    for (const v8 of ["12.4.254.21-node.33", "13.6.233.17-node.40", "14.6.202.9-node.14"])
      expect(generateOptimiser(v8), v8).toEqual([
        "--invocation-count-for-turbofan=96000",
        "--invocation-count-for-maglev=6400",
      ]);
  });

  it("gives flags the running Node takes, on its command line and set at run time, without a word on stderr", () => {
    const flags = [...lessEagerOptimiser(16), ...generateOptimiser()];
    const started = spawnSync(process.execPath, [...flags, "-e", "0"], { encoding: "utf8" });
    expect({ status: started.status, stderr: started.stderr }).toEqual({ status: 0, stderr: "" });
    const set = spawnSync(
      process.execPath,
      ["-e", `for (const f of ${JSON.stringify(lessEagerOptimiser(8))}) require("node:v8").setFlagsFromString(f)`],
      { encoding: "utf8" },
    );
    expect({ status: set.status, stderr: set.stderr }).toEqual({ status: 0, stderr: "" });
  });
});

describe("the test workers (vitest.config.ts)", () => {
  // A worker that waits on the processes it started falls quiet, and V8's memory reducer then marks all it holds
  // (docs/contributing/performance.md, the thirtieth round): the workers run without it, unless a measurement asks.
  it.skipIf(process.env.BLOCKWRIGHT_MEMORY_REDUCER === "1")(
    "run without V8's memory reducer, beside their young generation and the optimisers' budgets",
    () => {
      expect(process.execArgv).toEqual(
        expect.arrayContaining(["--max-semi-space-size=32", ...lessEagerOptimiser(16), "--no-memory-reducer"]),
      );
    },
  );
});
