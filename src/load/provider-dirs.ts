// Which folders of a specs folder are providers: cheap enough for any
// command to call (no generator modules are loaded).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import jsYaml from "../vendor/js-yaml.cjs";

export function providerDirs(specsDir: string): string[] {
  return readdirSync(specsDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(specsDir, d.name, "manifest.yaml")))
    .map((d) => d.name)
    .sort();
}

/**
 * The OpenAPI document a provider's manifest names (`openapi:`, relative to
 * the manifest), for commands that need only the spec (mocks). A manifest
 * that cannot be read falls back to the conventional openapi.yaml; the
 * generator reports its problems.
 */
export function openapiPathOf(specsDir: string, provider: string): string {
  const manifest = join(specsDir, provider, "manifest.yaml");
  try {
    const named = (jsYaml.load(readFileSync(manifest, "utf8")) as { openapi?: unknown } | null)?.openapi;
    if (typeof named === "string" && named) return resolve(dirname(manifest), named);
  } catch {
    // fall through
  }
  return join(specsDir, provider, "openapi.yaml");
}
