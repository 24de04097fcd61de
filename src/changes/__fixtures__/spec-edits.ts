// One spec (or manifest) change made to a copy of the project's specs, and the surface changes it makes: what
// the classification tests (classify.test.ts, classify-minor.test.ts) hold to their rules.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { projectSurfaces } from "../../emit/generate-all.js";
import { diffSurfaces, nextVersion, type Change } from "../classify.js";
import { packageDiff } from "../report.js";

const ROOT = join(import.meta.dirname, "../../..");

export interface Edit {
  file: string;
  find: string;
  replace: string;
}

/** The changes one edit makes to a provider's surface (in a copy of the project's specs under `tmp`), and the version it proposes from 0.1.0 and 1.4.2. */
export async function changesAfter(
  tmp: string,
  provider: string,
  edits: Edit[],
): Promise<{ changes: Change[]; next: string; nextFromOne: string }> {
  const dir = mkdtempSync(join(tmp, "p-"));
  cpSync(join(ROOT, "specs"), join(dir, "specs"), { recursive: true });
  const options = { root: dir, specsDir: join(dir, "specs"), outDir: join(dir, "generated"), providers: [provider] };
  const before = (await projectSurfaces(options)).get(provider)!;
  for (const e of edits) {
    const file = join(dir, "specs", provider, e.file);
    const text = readFileSync(file, "utf8");
    if (!text.includes(e.find)) throw new Error(`${e.file} has no ${JSON.stringify(e.find)}`);
    writeFileSync(file, text.replace(e.find, e.replace));
  }
  const after = (await projectSurfaces(options)).get(provider)!;
  // Levels and rules here; kind ids and severities are held in kinds.test.ts.
  const changes = diffSurfaces(before, after).map(({ kind: _k, severity: _s, ...c }) => c);
  const level = packageDiff(provider, "x", "0.1.0", changes).level;
  return { changes, next: nextVersion("0.1.0", level), nextFromOne: nextVersion("1.4.2", level) };
}

export const summary = (changes: Change[]) => changes.map((c) => `${c.level} ${c.tool ?? "-"} ${c.subject}: ${c.rule}`);
