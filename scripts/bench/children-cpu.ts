// The CPU the kernel has charged a bench for the processes it ran and reaped.
import { readFileSync } from "node:fs";

/**
 * CPU seconds the kernel has charged this process for its children that
 * ended and were reaped (cutime and cstime of /proc/self/stat: every
 * descendant waited for, whole), or undefined without /proc. Runs are one at
 * a time, so the difference across one run is that run's.
 */
export function reapedChildrenCpu(): { user: number; system: number } | undefined {
  let stat: string;
  try {
    stat = readFileSync("/proc/self/stat", "utf8");
  } catch {
    return undefined;
  }
  // After the command name (in parentheses, which may hold spaces): field 3 on; cutime and cstime are fields 16 and 17.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // In clock ticks: USER_HZ, which Linux fixes at 100 in its ABI.
  return { user: Number(fields[13]) / 100, system: Number(fields[14]) / 100 };
}
