// Writing generated files, or checking them: --check compares in memory and
// reports stale, missing and extra files without writing anything.
import { mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { listFiles } from "./files.js";

export interface CheckReport {
  stale: string[];
  missing: string[];
  extra: string[];
}

export function checkFiles(outDir: string, files: Map<string, string>): CheckReport {
  const report: CheckReport = { stale: [], missing: [], extra: [] };
  for (const [path, content] of files) {
    const full = join(outDir, path);
    if (!existsSync(full)) report.missing.push(path);
    else if (readFileSync(full, "utf8") !== content) report.stale.push(path);
  }
  report.extra = listFiles(outDir).filter((p) => !files.has(p));
  return report;
}

/**
 * Write every file that changed and remove files no longer generated (all
 * of them, only those inside the `within` provider folders, or none with
 * `removeExtra: false`). Returns what changed.
 */
export function writeFiles(outDir: string, files: Map<string, string>, options: { removeExtra?: boolean; within?: string[] } = {}): CheckReport {
  const report = checkFiles(outDir, files);
  if (options.removeExtra === false) report.extra = [];
  if (options.within) report.extra = report.extra.filter((path) => options.within!.some((p) => path.startsWith(`${p}/`)));
  const made = new Set<string>();
  for (const path of [...report.stale, ...report.missing]) {
    const full = join(outDir, path);
    const dir = dirname(full);
    if (!made.has(dir)) mkdirSync(dir, { recursive: true });
    made.add(dir);
    writeFileSync(full, files.get(path)!);
  }
  for (const path of report.extra) rmSync(join(outDir, path));
  return report;
}
