// Writes test-support/fixtures/ir/<name>.json, the IR of each fixture spec
// (test-support/runtime/ir-fixtures.ts names them), so runtime tests need not run the
// generator. `npm run refresh` runs it; `--check` writes nothing and exits 1
// naming the stale files.
import { readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadProvider } from "../../src/emit/link-provider.js";
import { linkWild } from "../../test-support/link-wild.js";
import { FIXTURE_EDITS } from "../../test-support/oauth/oauth-tracker.js";
import { IR_FIXTURES } from "../../test-support/runtime/ir-fixtures.js";

/** A fixture's IR: its folder linked as it is, or a copy of it linked after its edits. */
async function fixtureIr(root: string, fixture: string | { from: string; edits: string }): Promise<unknown> {
  if (typeof fixture === "string") return loadProvider(root, join(root, fixture));
  const edits = FIXTURE_EDITS[fixture.edits];
  if (!edits) throw new Error(`ir-fixtures: no edits named ${fixture.edits}`);
  const linked = await linkWild(basename(fixture.from) as "tracker", edits);
  if (!("ir" in linked))
    throw new Error(`ir-fixtures: ${fixture.from} after the edits ${fixture.edits}:\n${linked.problems.join("\n")}`);
  return linked.ir;
}

/** Each fixture file (relative to the project) and the text it should hold. */
export async function expectedIrFixtures(root: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const [name, fixture] of Object.entries(IR_FIXTURES))
    files.set(`test-support/fixtures/ir/${name}.json`, `${JSON.stringify(await fixtureIr(root, fixture), null, 2)}\n`);
  return files;
}

const current = (path: string): string | undefined => {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
};

/** The fixture files that differ from what they should hold. */
export async function staleIrFixtures(root: string): Promise<string[]> {
  return [...(await expectedIrFixtures(root))]
    .filter(([path, text]) => current(join(root, path)) !== text)
    .map(([path]) => path);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL("../../", import.meta.url));
  const check = process.argv.includes("--check");
  const stale = new Set(await staleIrFixtures(root));
  if (!check)
    for (const [path, text] of await expectedIrFixtures(root))
      if (stale.has(path)) writeFileSync(join(root, path), text);
  for (const path of stale) process.stderr.write(`ir-fixtures: ${check ? "stale" : "wrote"} ${path}\n`);
  process.exitCode = check && stale.size ? 1 : 0;
}
