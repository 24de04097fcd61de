// A draft's derived contract cases run on its own mock and request judge, as `test` runs them: the check that a
// drafting rule gives calls the document accepts. Kept apart from draft-kit.ts, which most draft tests import without
// starting a mock.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deriveCases } from "../../contract/derive.js";
import { loadProvider } from "../../emit/link-provider.js";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { loadYamlSource } from "../../load/yaml-source.js";
import { startMocks } from "../../mocks/mocks.js";
import type { drafted } from "./draft-kit.js";

/** The draft's derived cases, run on its mock and judge: each failure's id and message. */
export async function failedCases(
  d: ReturnType<typeof drafted>,
  provider: string,
): Promise<{ ids: string[]; failed: string[] }> {
  const root = mkdtempSync(join(tmpdir(), `blockwright-${provider}-`));
  const dir = join(root, "specs", provider);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "openapi.yaml"), d.openapiText);
  writeFileSync(join(dir, "manifest.yaml"), d.manifestText);
  const loaded = await loadProvider(root, dir);
  const mocks = await startMocks([provider], { specsDir: join(root, "specs"), root });
  try {
    const url = mocks.urls[provider] ?? "";
    const cases = deriveCases({
      provider,
      tools: loaded.operations.map((o) => o.tool),
      document: new OpenApiDocument(loadYamlSource(join(dir, "openapi.yaml"))),
    });
    const failed: string[] = [];
    for (const c of cases)
      await c.run({ mockUrl: () => url, seed: 1, runs: 5 }).catch((e: Error) => failed.push(`${c.id}: ${e.message}`));
    return { ids: cases.map((c) => c.id), failed };
  } finally {
    await mocks.close();
    rmSync(root, { recursive: true, force: true });
  }
}
