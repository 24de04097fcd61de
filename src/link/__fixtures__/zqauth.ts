// For tests: the made-up provider zqauth (every kind of security scheme in
// one document), linked with its manifest's auth and shared params replaced.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { ToolSpec } from "@blockwright/runtime/internal";
import { GenerationErrors } from "../../emit/generation-errors.js";
import { loadProvider } from "../../emit/link-provider.js";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { parseYamlSource } from "../../load/yaml-source.js";

const fixture = fileURLToPath(new URL("./zqauth/", import.meta.url));
const roots: string[] = [];

/** Remove the folders linked so far. */
export function cleanUp(): void {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
}

/** The fixture's OpenAPI document, read as the linker reads it. */
export function zqauthDocument(): OpenApiDocument {
  return new OpenApiDocument(parseYamlSource(readFileSync(join(fixture, "openapi.yaml"), "utf8"), "openapi.yaml"));
}

/** The fixture linked with its manifest's `auth:` block and shared params replaced. */
export async function linked(
  auth: string,
  params: string,
  operations = "",
): Promise<{ tools: Record<string, ToolSpec> } | { problems: string[] }> {
  const root = mkdtempSync(join(tmpdir(), "bw-zqauth-"));
  roots.push(root);
  const dir = join(root, "specs", "zqauth");
  cpSync(fixture, dir, { recursive: true });
  const file = join(dir, "manifest.yaml");
  let text = readFileSync(file, "utf8");
  text = text.replace(/auth:\n( {2}.*\n)+/, `auth:\n${auth}`).replace(/params:\n( {2}.*\n)+/, `params:\n${params}`);
  if (operations) text += operations;
  writeFileSync(file, text);
  try {
    const ir = await loadProvider(root, dir);
    return { tools: Object.fromEntries(ir.operations.map((o) => [o.tool.id, o.tool])) };
  } catch (e) {
    if (e instanceof GenerationErrors)
      return { problems: e.errors.map((x) => x.message.replace(/^.*?manifest\.yaml:\d+:\d+: /, "")) };
    throw e;
  }
}

export async function toolsOf(auth: string, params: string, operations = ""): Promise<Record<string, ToolSpec>> {
  const result = await linked(auth, params, operations);
  if ("problems" in result) throw new Error(result.problems.join("\n"));
  return result.tools;
}
