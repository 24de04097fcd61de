// A provider drafted from a document (the draft kit's `drafted`), written into a project's specs folder and linked:
// the contract suite's subject of it, for tests that derive and run its cases on mocks started from that folder.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadProvider } from "../../emit/link-provider.js";
import { drafted } from "../../import/__fixtures__/draft-kit.js";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { loadYamlSource } from "../../load/yaml-source.js";
import type { Subject } from "../types.js";

export async function draftedSubject(
  root: string,
  provider: string,
  document: Record<string, unknown>,
  operations: string[],
): Promise<Subject> {
  const d = drafted(document, operations, provider);
  const dir = join(root, "specs", provider);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "openapi.yaml"), d.openapiText);
  writeFileSync(join(dir, "manifest.yaml"), d.manifestText);
  return {
    provider,
    tools: (await loadProvider(root, dir)).operations.map((o) => o.tool),
    document: new OpenApiDocument(loadYamlSource(join(dir, "openapi.yaml"))),
    manifest: loadYamlSource(join(dir, "manifest.yaml")),
  };
}
