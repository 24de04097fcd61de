// A draft's package generated and written as `generate` writes it, for the tests that compile or load it: the draft's
// two files under `<folder>/specs/<provider>/`, the package under `<folder>/generated/<provider>/`.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { generate } from "../../src/emit/generate-all.js";
import type { ProviderDraft } from "../../src/import/draft-provider.js";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** The files written, by path relative to `<folder>/generated`. */
export async function generatedDraft(
  folder: string,
  d: Pick<ProviderDraft, "openapiText" | "manifestText">,
  provider = "acme",
): Promise<Map<string, string>> {
  const specsDir = join(folder, "specs");
  mkdirSync(join(specsDir, provider), { recursive: true });
  writeFileSync(join(specsDir, provider, "openapi.yaml"), d.openapiText);
  writeFileSync(join(specsDir, provider, "manifest.yaml"), d.manifestText);
  const outDir = join(folder, "generated");
  const { files } = await generate({ root, specsDir, outDir });
  for (const [path, content] of files) {
    mkdirSync(join(outDir, path, ".."), { recursive: true });
    writeFileSync(join(outDir, path), content);
  }
  return files;
}
