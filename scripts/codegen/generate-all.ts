// The generator pipeline, as a function: specs/<provider>/{manifest,openapi}
// → load → validate → link → IR → emitters → files in memory. Writing and
// checking are separate (write.ts), so tests can run it without touching disk.
import { existsSync, readdirSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { emitBlock, emitClient, emitDocs, emitDocsIndex, emitIndex, emitRegistry, emitTools } from "./emit.js";
import { emitOpenApiTypes } from "./emit-types.js";
import type { ProviderIR } from "./ir.js";
import { link, LinkErrors } from "./link.js";
import type { Manifest } from "./manifest-types.js";
import { validateManifest } from "./validate-manifest.js";
import { loadYamlSource, SourceError } from "../../runtime/yaml-source.js";

export interface GenerateOptions {
  /** Project root: paths in headers and messages are relative to it. */
  root: string;
  /** Folder holding one sub-folder per provider. Default `<root>/specs`. */
  specsDir?: string;
  /** Output folder. Default `<root>/generated`. */
  outDir?: string;
  /** The runtime folder generated code imports. Default `<root>/runtime`. */
  runtimeDir?: string;
  /** Only these providers (the registry then lists only them). */
  providers?: string[];
}

export interface GenerateResult {
  /** Output files, by path relative to outDir, in a stable order. */
  files: Map<string, string>;
  irs: ProviderIR[];
}

export class GenerationErrors extends Error {
  constructor(readonly errors: SourceError[]) {
    super(errors.map((e) => e.message).join("\n"));
    this.name = "GenerationErrors";
  }
}

export function providerDirs(specsDir: string): string[] {
  return readdirSync(specsDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(specsDir, d.name, "manifest.yaml")))
    .map((d) => d.name)
    .sort();
}

/** Load, validate and link one provider; throws GenerationErrors listing every problem. */
export function loadProvider(root: string, dir: string): ProviderIR {
  const manifestPath = join(dir, "manifest.yaml");
  const source = asGenerationErrors(() => loadYamlSource<Manifest>(manifestPath, rel(root, manifestPath)));
  const schemaErrors = validateManifest(source);
  if (schemaErrors.length) throw new GenerationErrors(schemaErrors);
  const manifest = source.data;
  const folder = dir.split(/[\\/]/).pop();
  if (manifest.provider !== folder) {
    throw new GenerationErrors([new SourceError(source.locate(["provider"], "value"), `provider: "${manifest.provider}" must match its folder name "${folder}"`)]);
  }
  const openapiPath = resolve(dirname(manifestPath), manifest.openapi);
  if (!existsSync(openapiPath)) {
    throw new GenerationErrors([new SourceError(source.locate(["openapi"], "value"), `openapi: file ${rel(root, openapiPath)} not found`)]);
  }
  const openapi = asGenerationErrors(() => loadYamlSource(openapiPath, rel(root, openapiPath)));
  try {
    return link(source, openapi);
  } catch (e) {
    if (e instanceof LinkErrors) throw new GenerationErrors(e.errors);
    throw e;
  }
}

function asGenerationErrors<T>(load: () => T): T {
  try {
    return load();
  } catch (e) {
    if (e instanceof SourceError) throw new GenerationErrors([e]);
    throw e;
  }
}

export async function generate(options: GenerateOptions): Promise<GenerateResult> {
  const root = resolve(options.root);
  const specsDir = resolve(options.specsDir ?? join(root, "specs"));
  const outDir = resolve(options.outDir ?? join(root, "generated"));
  const runtimeDir = resolve(options.runtimeDir ?? join(root, "runtime"));
  const names = providerDirs(specsDir).filter((p) => !options.providers || options.providers.includes(p));
  const irs: ProviderIR[] = [];
  const errors: SourceError[] = [];
  for (const name of names) {
    try {
      irs.push(loadProvider(root, join(specsDir, name)));
    } catch (e) {
      if (e instanceof GenerationErrors) errors.push(...e.errors);
      else if (e instanceof SourceError) errors.push(e);
      else throw e;
    }
  }
  if (errors.length) throw new GenerationErrors(errors);

  const files = new Map<string, string>();
  for (const ir of irs) {
    const ctx = { runtimeDir: importPath(join(outDir, ir.provider), runtimeDir) };
    const openapi = loadYamlSource(join(root, ir.sources.openapi), ir.sources.openapi);
    files.set(`${ir.provider}/openapi.d.ts`, await emitOpenApiTypes(openapi.data, [ir.sources.openapi]));
    files.set(`${ir.provider}/client.ts`, emitClient(ir, ctx));
    files.set(`${ir.provider}/tools.ts`, emitTools(ir, ctx));
    files.set(`${ir.provider}/block.ts`, emitBlock(ir, ctx));
    files.set(`${ir.provider}/index.ts`, emitIndex(ir));
    files.set(`docs/${ir.provider}.md`, emitDocs(ir));
  }
  files.set("registry.ts", emitRegistry(irs));
  files.set("docs/README.md", emitDocsIndex(irs));
  return { files: new Map([...files.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))), irs };
}

function rel(root: string, path: string): string {
  return relative(root, path).split("\\").join("/");
}

function importPath(from: string, to: string): string {
  const r = relative(from, to).split("\\").join("/");
  return r.startsWith(".") ? r : `./${r}`;
}
