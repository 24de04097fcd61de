// A unified diff of a stale generated file against what generation gives,
// capped so that a CI log stays readable (jsdiff does the diffing).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createTwoFilesPatch } from "diff";

export function staleDiff(outDir: string, path: string, expected: string, label: string, maxLines: number): string {
  const current = readFileSync(join(outDir, path), "utf8");
  const patch = createTwoFilesPatch(
    `${label} (on disk)`,
    `${label} (generated)`,
    current,
    expected,
    undefined,
    undefined,
    { context: 2 },
  );
  const lines = patch.split("\n").filter((l) => !l.startsWith("====="));
  return lines.length > maxLines
    ? [...lines.slice(0, maxLines), `… (${lines.length - maxLines} more diff lines)`].join("\n")
    : lines.join("\n");
}
