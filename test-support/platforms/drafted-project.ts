// A project holding one provider drafted from a document (the draft kit's `drafted`): its package.json, its specs and
// its generated package (`generated/<provider>`), which the files of `generate --target n8n` and `--target sim` build
// against; the tests of those targets on shapes no fixture has.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { generate } from "../../src/emit/generate-all.js";
import { writeFiles } from "./tools.js";

export async function draftedProject(
  root: string,
  provider: string,
  draft: { openapiText: string; manifestText: string },
  pkg: Record<string, unknown>,
): Promise<void> {
  mkdirSync(join(root, "specs", provider), { recursive: true });
  writeFileSync(join(root, "package.json"), JSON.stringify(pkg));
  writeFileSync(join(root, "specs", provider, "openapi.yaml"), draft.openapiText);
  writeFileSync(join(root, "specs", provider, "manifest.yaml"), draft.manifestText);
  writeFiles(join(root, "generated"), (await generate({ root, target: "packages" })).files);
}
