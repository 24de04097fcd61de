// The CPU a process has spent, its reaped children included, as the kernel
// counts it: for the per-file figures of `npm run bench -- tests`.
import { readFileSync } from "node:fs";

/**
 * Seconds of user and system CPU of this process and its reaped children (/proc/self/stat, in clock ticks of 1/100 s).
 */
export function cpuSeconds(): number {
  const stat = readFileSync("/proc/self/stat", "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0) / 100;
}
