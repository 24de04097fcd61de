// The providers of a project, read from its generated packages: each folder
// of the output folder whose package.json has a `blockwright.provider`
// field is imported (plain JS, no build step) and contributes its tools and
// block. This is how the CLI runs the user's own providers.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createExecutor, type ExecuteOptions, type Provider, type ToolResult } from "@blockwright/runtime";
import type { Registry } from "@blockwright/runtime/workflow";
import { packageFolders } from "./codegen/files.js";
import type { OutputShapes } from "./surface/registry.js";
import type { Surface } from "./surface/surface.js";

export interface LoadedRegistry extends Registry {
  providers: Provider[];
  /** Output shapes from each package's surface.json, for nested reference types in workflows. */
  shapes: OutputShapes;
  /** Run any tool of the registry by operation id (untyped; provider packages export typed ones). */
  execute(operationId: string, params: Record<string, unknown>, options?: ExecuteOptions): Promise<ToolResult>;
}

export class NoProviders extends Error {}

/** Provider ids of the generated packages in `outDir`, sorted. */
export const generatedProviders = packageFolders;

/** Import the generated packages of `outDir` (all, or only `ids`) into one registry. */
export async function loadRegistry(outDir: string, ids?: string[]): Promise<LoadedRegistry> {
  const available = generatedProviders(outDir);
  if (!available.length) throw new NoProviders(`no generated provider packages in ${outDir}: run \`blockwright generate\` first (or pass --out)`);
  const wanted = ids ? available.filter((id) => ids.includes(id)) : available;
  const providers = await Promise.all(wanted.map(async (id) => ((await import(pathToFileURL(join(outDir, id, "index.js")).href)) as { provider: Provider }).provider));
  return createRegistry(providers, shapesIn(outDir, wanted));
}

/** The output shapes recorded in the packages' surface.json files. */
export function shapesIn(outDir: string, ids: string[]): OutputShapes {
  const shapes: OutputShapes = {};
  for (const id of ids) {
    const file = join(outDir, id, "surface.json");
    if (!existsSync(file)) continue;
    const surface = JSON.parse(readFileSync(file, "utf8")) as Surface;
    for (const [tool, t] of Object.entries(surface.tools)) shapes[tool] = Object.fromEntries(Object.entries(t.outputs).map(([path, o]) => [path, o.shape]));
  }
  return shapes;
}

/** One registry over several providers (e.g. imported provider packages). */
export function createRegistry(providers: Provider[], shapes: OutputShapes = {}): LoadedRegistry {
  const tools: Registry["tools"] = {};
  const blocks: Registry["blocks"] = {};
  for (const p of providers) {
    Object.assign(tools, p.tools);
    blocks[p.id] = p.block;
  }
  return {
    providers,
    shapes,
    tools,
    blocks,
    // The typed executor's own lookup and refusal of an unknown operation id.
    execute: createExecutor(tools) as unknown as LoadedRegistry["execute"],
  };
}

/** The provider an operation id belongs to: the longest provider id it starts with, followed by `_`. */
export function providerOfOperation(operationId: string, providers: string[]): string | undefined {
  return providers.filter((p) => operationId.startsWith(`${p}_`)).sort((a, b) => b.length - a.length)[0];
}
