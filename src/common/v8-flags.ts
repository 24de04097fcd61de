// V8's optimising compilers made less eager, for batch work in which nearly
// every function turns hot at once (generate and diff, the test workers, tsc
// over the consumers' projects): at V8's default eagerness the compilers spent
// more CPU than the optimised code saved. Node's V8s spell it differently:
// V8 11 (Node 20) counts an interrupt budget, `--interrupt-budget` (its
// default 66 KiB); V8 12 and later (Node 22, 24, 26) count invocations per
// tier and refuse that flag ("bad option": every vitest worker of Node 24
// died at start). Measured on Node 24 (the main project's src/model,
// src/link and src/load, five alternating pairs): 16× both counts, 0.86× the
// CPU of V8's default; 16× TurboFan's alone, 0.94×.
const INTERRUPT_BUDGET = 66 * 1024;
const INVOCATIONS_FOR_TURBOFAN = 3000;
const INVOCATIONS_FOR_MAGLEV = 400;

/**
 * The V8 flags that make its optimising compilers `factor`× less eager, as the V8 of `v8Version` (by default the
 * running one) spells them; `turbofanFactor`, TurboFan's own where it differs from Maglev's (V8 12 and later: V8 11
 * has one budget for both, `factor`'s).
 */
export function lessEagerOptimiser(
  factor: number,
  v8Version: string = process.versions.v8,
  turbofanFactor: number = factor,
): string[] {
  const major = Number.parseInt(v8Version, 10);
  if (major < 12) return [`--interrupt-budget=${factor * INTERRUPT_BUDGET}`];
  return [
    `--invocation-count-for-turbofan=${turbofanFactor * INVOCATIONS_FOR_TURBOFAN}`,
    `--invocation-count-for-maglev=${factor * INVOCATIONS_FOR_MAGLEV}`,
  ];
}

/**
 * generate's: Maglev 16× less eager, TurboFan 32× (V8 12 and later): its compiles cost more than they saved on a whole
 * published API. 8× and 16× were 0.95× V8's default on GitHub's whole document (the eleventh round); 16× and 32× are
 * 0.94× the CPU of 8× and 16× there (18 pairs), and 0.70–1.10× on a 3,341-operation Graph subset (4 pairs), the
 * output the same (docs/contributing/performance.md, the fifty-first round). V8 11's one budget stays 8×, as measured.
 */
export function generateOptimiser(v8Version: string = process.versions.v8): string[] {
  return Number.parseInt(v8Version, 10) < 12 ? lessEagerOptimiser(8, v8Version) : lessEagerOptimiser(16, v8Version, 32);
}
