// The shelf fixture provider copied into a project folder with text edits:
// how tests state one broken or changed spec against the fixture.
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const fixture = join(dirname(fileURLToPath(import.meta.url)), "fixtures/specs/shelf");

/** A text edit of the copied manifest (or OpenAPI document); a `find` the fixture lacks throws. */
export interface FixtureEdit {
  file?: "manifest.yaml" | "openapi.yaml";
  find: string;
  replace: string;
}

/** Copy the fixture to `<root>/specs/shelf` and apply the edits; returns that folder. */
export function shelfCopy(root: string, edits: readonly FixtureEdit[]): string {
  const dir = join(root, "specs", "shelf");
  cpSync(fixture, dir, { recursive: true });
  for (const edit of edits) {
    const file = join(dir, edit.file ?? "manifest.yaml");
    const text = readFileSync(file, "utf8");
    if (!text.includes(edit.find)) throw new Error(`fixture has no ${JSON.stringify(edit.find)}`);
    writeFileSync(file, text.replace(edit.find, edit.replace));
  }
  return dir;
}
