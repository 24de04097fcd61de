// `diff --write`: what release tooling consumes. Each changed package takes
// its next version and a CHANGELOG.md section; then the packages are
// regenerated, so their surface.json records the new version.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { generate, type GenerateOptions } from "../codegen/generate-all.js";
import { writeFiles } from "../codegen/write.js";
import type { PackageDiff } from "./report.js";

export async function writeRelease(diffs: PackageDiff[], options: GenerateOptions & { outDir: string }, section: (d: PackageDiff, date: string) => string): Promise<string[]> {
  const lines: string[] = [];
  const date = new Date().toISOString().slice(0, 10);
  for (const d of diffs) {
    if (!d.level || d.nextVersion === d.version) continue;
    const pkgFile = join(options.outDir, d.provider, "package.json");
    if (!existsSync(pkgFile)) continue; // a new package: generate writes it at its first version
    const pkg = JSON.parse(readFileSync(pkgFile, "utf8")) as { version: string };
    if (pkg.version !== d.nextVersion) {
      pkg.version = d.nextVersion;
      writeFileSync(pkgFile, JSON.stringify(pkg, null, 2) + "\n");
    }
    const changelog = join(options.outDir, d.provider, "CHANGELOG.md");
    const previous = existsSync(changelog) ? readFileSync(changelog, "utf8").replace(/^# .*\n+/, "") : "";
    if (!previous.includes(`## ${d.nextVersion} `)) writeFileSync(changelog, `# Changelog of ${d.packageName}\n\n${section(d, date)}\n${previous}`.replace(/\n{3,}/g, "\n\n"));
    lines.push(`diff --write: ${d.packageName} ${d.version} → ${d.nextVersion} (${d.level}); CHANGELOG.md updated`);
  }
  const result = await generate(options);
  const report = writeFiles(options.outDir, result.files);
  lines.push(`diff --write: regenerated (${report.stale.length + report.missing.length + report.extra.length} files changed)`);
  return lines;
}
