// `diff --write`: what release tooling consumes. Each changed package takes
// its next version and a CHANGELOG.md section, and the packages are
// regenerated with them (so their surface.json records the new version),
// through the same writer as `generate`: nothing is written until the whole
// output is known, and files generation did not make are left alone.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { generate, keptChangelog, type GenerateOptions } from "../emit/generate-all.js";
import { writeFiles, type WriteOptions } from "../emit/write.js";
import type { PackageDiff } from "./report.js";

export async function writeRelease(
  diffs: PackageDiff[],
  options: GenerateOptions & { outDir: string },
  section: (d: PackageDiff, date: string) => string,
  write: WriteOptions = {},
): Promise<string[]> {
  const bumps: { d: PackageDiff; had: boolean }[] = [];
  const date = new Date().toISOString().slice(0, 10);
  const release: NonNullable<GenerateOptions["release"]> = {};
  for (const d of diffs) {
    if (!d.level || d.nextVersion === d.version) continue;
    // A new package: the generation writes it at its first version.
    if (!existsSync(join(options.outDir, d.provider, "package.json"))) continue;
    const kept = keptChangelog(options.root, options.outDir, d.provider) ?? "";
    const previous = kept.replace(/^# .*\n+/, "");
    // Run again before a commit: the section is there already, and says so.
    const written = previous.includes(`## ${d.nextVersion} `);
    const changelog = written
      ? kept
      : `# Changelog of ${d.packageName}\n\n${section(d, date)}\n${previous}`.replace(/\n{3,}/g, "\n\n");
    release[d.provider] = { version: d.nextVersion, changelog };
    bumps.push({ d, had: written });
  }
  const result = await generate({ ...options, release });
  const report = await writeFiles(options.outDir, result.files, write);
  // What the write changed, not what it meant to: a second run says nothing changed.
  const touched = new Set([...report.stale, ...report.missing].map((p) => p.split("\\").join("/")));
  const lines = bumps.map(({ d, had }) => {
    const changelog = touched.has(`${d.provider}/CHANGELOG.md`)
      ? "CHANGELOG.md updated"
      : had
        ? `CHANGELOG.md unchanged (it has ${d.nextVersion} already)`
        : "CHANGELOG.md unchanged";
    return `diff --write: ${d.packageName} ${d.version} → ${d.nextVersion} (${d.level}); ${changelog}`;
  });
  const changed = report.stale.length + report.missing.length + report.extra.length;
  lines.push(
    changed
      ? `diff --write: regenerated (${changed} file${changed === 1 ? "" : "s"} changed)`
      : "diff --write: unchanged (every file was already written)",
  );
  return lines;
}
