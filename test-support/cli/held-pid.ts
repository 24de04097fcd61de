// The id of a command held at a step (hold-at-step.cjs writes it), as a test reads it before signalling it.
import { existsSync, readFileSync } from "node:fs";

/**
 * The process id a held command wrote to `file`; undefined until the file holds one. Never 0 or less: process.kill(0)
 * signals this whole process group (Vitest, and the CI run that started it: one was ended so, reading a file the held
 * process had made but not yet written).
 */
export function heldPid(file: string): number | undefined {
  const id = existsSync(file) ? Number(readFileSync(file, "utf8").trim() || Number.NaN) : Number.NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}
