// Which folders of a specs folder are providers: cheap enough for any
// command to call (no generator modules are loaded).
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

export function providerDirs(specsDir: string): string[] {
  return readdirSync(specsDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(specsDir, d.name, "manifest.yaml")))
    .map((d) => d.name)
    .sort();
}
