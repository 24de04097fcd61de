// A process id that names no live process: a child's, once it has ended (for tests of what a holder or writer that
// is gone left behind). `node --version` answers before V8 starts: 3.9 ms of CPU, against 26.5 ms for `node -e ""`
// (performance.md, the fifty-third round); process.execPath, not a program looked up on PATH.
import { spawnSync } from "node:child_process";

export function endedPid(): number {
  const child = spawnSync(process.execPath, ["--version"], { stdio: "ignore" });
  if (child.pid === undefined || child.status !== 0) throw new Error(`endedPid: ${process.execPath} --version failed`);
  return child.pid;
}
