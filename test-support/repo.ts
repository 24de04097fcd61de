// This repository's own providers, for tests: every generated package under
// generated/ (found by listing it, so a new provider needs no change here),
// imported through Vite so that they run on the runtime's sources. Under a
// whole `npm test`, the providers are those of the copy of the project with
// two more (neutral-copy.ts, made by global-setup.ts): ROOT is the copy's
// root, and REPOSITORY is this repository (its sources, docs and history).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import jsYaml from "js-yaml";
import { inject } from "vitest";
import type { Provider } from "@blockwright/runtime/internal";
import { providerDirs } from "../src/load/provider-dirs.js";
import { createRegistry, shapesIn } from "../src/registry/registry.js";
import { REPOSITORY } from "./neutral-copy.js";

export { REPOSITORY };
/**
 * The project whose providers the tests read: this repository, or under a whole `npm test` its copy with two more
 * providers.
 */
export const ROOT = inject("providersRoot") ?? REPOSITORY;
export const SPECS_DIR = join(ROOT, "specs/");
export const GENERATED_DIR = join(ROOT, "generated/");

const generatedIds = providerDirs(SPECS_DIR).filter((id) => existsSync(join(GENERATED_DIR, id, "index.js")));
const modules = await Promise.all(
  generatedIds.map(
    (id) => import(/* @vite-ignore */ join(GENERATED_DIR, id, "index.js")) as Promise<{ provider: Provider }>,
  ),
);

/** Every generated provider of the repository, sorted by id. */
export const providers: Provider[] = modules.map((m) => m.provider).sort((a, b) => a.id.localeCompare(b.id));

/** Tools and blocks of every provider, and an untyped `execute`. */
export const registry = createRegistry(
  providers,
  shapesIn(
    GENERATED_DIR,
    providers.map((p) => p.id),
  ),
);

/** Run any tool of the repository by operation id. */
export const executeTool = registry.execute;
export const tools = registry.tools;
export const blocks = registry.blocks;

/**
 * What specs/ holds, read from the manifests rather than from generated/:
 * the provider ids and each one's operation ids, sorted. Tests over every
 * provider take their counts and names from here (docs/contributing/testing.md).
 */
export const SPECS = providerDirs(SPECS_DIR).map((id) => {
  const manifest = jsYaml.load(readFileSync(join(SPECS_DIR, id, "manifest.yaml"), "utf8")) as {
    operations?: Record<string, unknown>;
  };
  return { id, operations: Object.keys(manifest.operations ?? {}).sort() };
});

/** The provider ids of specs/, sorted. */
export const PROVIDER_IDS = SPECS.map((p) => p.id);

/** Every operation id of specs/, by provider, then by id. */
export const OPERATION_IDS = SPECS.flatMap((p) => p.operations);

/** Every trigger id of specs/, as the linker makes them from each provider's specs (sorted). */
export async function triggerIds(): Promise<string[]> {
  const { loadProvider } = await import("../src/emit/link-provider.js");
  const irs = await Promise.all(PROVIDER_IDS.map((id) => loadProvider(ROOT, join(SPECS_DIR, id))));
  return irs.flatMap((ir) => (ir.triggers ?? []).map((t) => t.id)).sort();
}

declare module "vitest" {
  export interface ProvidedContext {
    /**
     * The copy of the project a whole `npm test` reads its providers from (neutral-copy.ts), with its closing slash.
     */
    providersRoot?: string;
  }
}
