// What the bench measures of one process, and a side-by-side pair of such runs: one shape for index.ts and the
// measures it hands them to (generate/scale.ts, generate/published.ts).

/** One measured process. */
export interface Run {
  wallMs: number;
  /** User + system CPU seconds. */
  cpu: number;
  user: number;
  system: number;
  peakMiB: number;
}

/** Runs of the two commands a row compares, taken in alternation. */
export interface Pair {
  a: Run[];
  b: Run[];
}
