// The repository's generated packages, for the runtime's tests: every
// package under generated/ whose provider has a manifest in specs/, imported
// through Vite so that it runs on the runtime's sources, its tools in one map
// and one executor over them. Nothing here reaches the generator (src/): a
// runtime test stands on the runtime, the packages it runs and
// test-support/runtime/ (test-support/repo.ts is the same for the tools over
// the generator, with their registry).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import jsYaml from "js-yaml";
import { inject } from "vitest";
import { createExecutor, type ExecuteOptions, type Provider, type ToolResult } from "@blockwright/runtime";
import { fullSupport, type ToolSpec } from "@blockwright/runtime/internal";

/**
 * The project whose packages the tests run: this repository, or under a whole `npm test` its copy
 * (test-support/neutral-copy.ts).
 */
const ROOT = inject("providersRoot") ?? fileURLToPath(new URL("../../", import.meta.url));
const SPECS_DIR = join(ROOT, "specs");
const GENERATED_DIR = join(ROOT, "generated");

/** The providers of specs/ (a folder with a manifest), sorted. */
const specIds = readdirSync(SPECS_DIR, { withFileTypes: true })
  .filter((e) => e.isDirectory() && existsSync(join(SPECS_DIR, e.name, "manifest.yaml")))
  .map((e) => e.name)
  .sort();
const generatedIds = specIds.filter((id) => existsSync(join(GENERATED_DIR, id, "index.js")));
const modules = await Promise.all(
  generatedIds.map(
    (id) => import(/* @vite-ignore */ join(GENERATED_DIR, id, "index.js")) as Promise<{ provider: Provider }>,
  ),
);

/** Every generated provider of the repository, sorted by id. */
export const providers: Provider[] = modules.map((m) => m.provider).sort((a, b) => a.id.localeCompare(b.id));

/** The tools of every provider, by operation id. */
export const tools: Record<string, ToolSpec> = Object.assign({}, ...providers.map((p) => p.tools));

/** Run any tool of the repository by operation id (with every part of the runtime, as the tools' registry does). */
export const executeTool = createExecutor(tools, fullSupport) as unknown as (
  operationId: string,
  params: Record<string, unknown>,
  options?: ExecuteOptions,
) => Promise<ToolResult>;

/**
 * Every operation id of specs/, read from the manifests rather than from generated/, sorted by provider, then by id.
 */
export const OPERATION_IDS = specIds.flatMap((id) => {
  const manifest = jsYaml.load(readFileSync(join(SPECS_DIR, id, "manifest.yaml"), "utf8")) as {
    operations?: Record<string, unknown>;
  };
  return Object.keys(manifest.operations ?? {}).sort();
});
