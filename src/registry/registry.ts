// The providers of a project, read from its generated packages: each folder
// of the output folder whose package.json has a `blockwright.provider`
// field is imported (plain JS, no build step) and contributes its tools and
// block. This is how the CLI runs the user's own providers.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import {
  createExecutor,
  fullSupport,
  type ExecuteOptions,
  type Provider,
  type ToolResult,
} from "@blockwright/runtime/internal";
import type { Registry } from "@blockwright/runtime/workflow";
import { packageFolders } from "../common/files.js";
import type { OutputShapes } from "../changes/registry.js";
import { BaseUnavailable, parseSurface } from "../changes/base.js";
import { linkedShapes, type Surface } from "../changes/surface.js";
import { INPUT_LIMITS, readSourceText, UnreadableSource } from "../load/input-file.js";

export interface LoadedRegistry extends Registry {
  providers: Provider[];
  /** Output shapes from each package's surface.json, for nested reference types in workflows. */
  shapes: OutputShapes;
  /** Run any tool of the registry by operation id (untyped; provider packages export typed ones). */
  execute(operationId: string, params: Record<string, unknown>, options?: ExecuteOptions): Promise<ToolResult>;
}

export class NoProviders extends Error {
  override name = "NoProviders";
}

/** A generated package that cannot be imported or read (edited by hand, half copied): generate it again. */
export class BrokenPackage extends Error {
  override name = "BrokenPackage";
}

/** Provider ids of the generated packages in `outDir`, sorted. */
export const generatedProviders = packageFolders;

/** Import the generated packages of `outDir` (all, or only `ids`) into one registry. */
export async function loadRegistry(outDir: string, ids?: string[]): Promise<LoadedRegistry> {
  const available = generatedProviders(outDir);
  if (!available.length)
    throw new NoProviders(
      `no generated provider packages in ${outDir}: run \`blockwright generate\` first (or pass --out)`,
    );
  const wanted = ids ? available.filter((id) => ids.includes(id)) : available;
  const providers = await Promise.all(wanted.map((id) => importProvider(outDir, id)));
  return createRegistry(providers, shapesIn(outDir, wanted));
}

async function importProvider(outDir: string, id: string): Promise<Provider> {
  const file = join(outDir, id, "index.js");
  let provider: unknown;
  try {
    provider = ((await import(pathToFileURL(file).href)) as { provider?: unknown }).provider;
  } catch (e) {
    throw new BrokenPackage(`${file} cannot be loaded (${(e as Error).message.split("\n")[0]}): ${remedy(e)}`);
  }
  const p = provider as Partial<Provider> | undefined;
  if (!p || typeof p !== "object" || typeof p.id !== "string" || !p.tools || typeof p.tools !== "object" || !p.block)
    throw new BrokenPackage(`${file} exports no provider: run blockwright generate`);
  return p as Provider;
}

/**
 * What to do about a package that does not load: a package it imports that is
 * not installed (the runtime, before `npm install`) is the project's install
 * to make, which generating again would not change; anything else, generate.
 */
function remedy(e: unknown): string {
  const missing =
    (e as NodeJS.ErrnoException).code === "ERR_MODULE_NOT_FOUND"
      ? /Cannot find package '([^']+)'/.exec((e as Error).message)?.[1]
      : undefined;
  return missing
    ? `${missing} is not installed: run npm install in the project (its package.json depends on ${missing})`
    : "run blockwright generate";
}

/** The output shapes recorded in the packages' surface.json files. */
export function shapesIn(outDir: string, ids: string[]): OutputShapes {
  const shapes: OutputShapes = {};
  for (const id of ids) {
    const file = join(outDir, id, "surface.json");
    if (!existsSync(file)) continue;
    let surface: Surface;
    try {
      surface = parseSurface(readSourceText(file, file, INPUT_LIMITS.surface), file);
    } catch (e) {
      if (e instanceof BaseUnavailable || e instanceof UnreadableSource) throw new BrokenPackage(e.message);
      throw e;
    }
    for (const [tool, t] of Object.entries(linkedShapes(surface).tools))
      shapes[tool] = Object.fromEntries(Object.entries(t.outputs).map(([path, o]) => [path, o.shape]));
  }
  return shapes;
}

/** One registry over several providers (e.g. imported provider packages). */
export function createRegistry(providers: Provider[], shapes: OutputShapes = {}): LoadedRegistry {
  const tools: Registry["tools"] = {};
  const blocks: Registry["blocks"] = {};
  const triggers: NonNullable<Registry["triggers"]> = {};
  const pollTriggers: NonNullable<Registry["pollTriggers"]> = {};
  for (const p of providers) {
    Object.assign(tools, p.tools);
    Object.assign(triggers, p.triggers ?? {});
    Object.assign(pollTriggers, p.pollTriggers ?? {});
    blocks[p.id] = p.block;
  }
  return {
    providers,
    shapes,
    tools,
    blocks,
    triggers,
    pollTriggers,
    // The typed executor's own lookup and refusal of an unknown operation id.
    execute: createExecutor(tools, fullSupport) as unknown as LoadedRegistry["execute"],
  };
}

/** The provider an operation id belongs to: the longest provider id it starts with, followed by `_`. */
export function providerOfOperation(operationId: string, providers: string[]): string | undefined {
  return providers.filter((p) => operationId.startsWith(`${p}_`)).sort((a, b) => b.length - a.length)[0];
}
