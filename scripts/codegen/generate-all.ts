// The generator pipeline, as a function: specs/<provider>/{manifest,openapi}
// → load → validate → link → IR → emitters → files in memory. Writing and
// checking are separate (write.ts), so tests can run it without touching disk.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { emitBlock, emitClient, emitGeneratedReadme, emitIndex, emitPackageJson, emitReadme, emitTools, type PackageContext } from "./emit.js";
import { emitOpenApiTypes } from "./emit-types.js";
import type { ProviderIR } from "./ir.js";
import { link, LinkErrors } from "./link.js";
import type { Manifest } from "./manifest-types.js";
import { providerDirs } from "./provider-dirs.js";
import { validateManifest } from "./validate-manifest.js";
import { loadYamlSource, SourceError, UnreadableSource } from "../yaml/yaml-source.js";

export { providerDirs };

export interface GenerateOptions {
  /** Project root: paths in headers and messages are relative to it. */
  root: string;
  /** Folder holding one sub-folder per provider. Default `<root>/specs`. */
  specsDir?: string;
  /** Output folder (one package per provider). Default `<root>/generated`. */
  outDir?: string;
  /** Only these providers (the index then lists only them). */
  providers?: string[];
  /** npm scope of the provider packages. Default: the project's package.json `blockwright.scope`, else `@blockwright`. */
  scope?: string;
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

/** Load, validate and link one provider; throws GenerationErrors listing every problem. */
export function loadProvider(root: string, dir: string): ProviderIR {
  return linkProvider(root, dir).ir;
}

/** Like loadProvider, also giving the parsed OpenAPI document (parsed once, for the type emitter too). */
export function linkProvider(root: string, dir: string): { ir: ProviderIR; openapi: unknown } {
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
    return { ir: link(source, openapi), openapi: openapi.data };
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
    if (e instanceof UnreadableSource) throw new GenerationErrors([new SourceError({ file: e.file, line: 1, col: 1 }, e.detail)]);
    throw e;
  }
}

export async function generate(options: GenerateOptions): Promise<GenerateResult> {
  const root = resolve(options.root);
  const specsDir = resolve(options.specsDir ?? join(root, "specs"));
  const outDir = resolve(options.outDir ?? join(root, "generated"));
  const names = providerDirs(specsDir).filter((p) => !options.providers || options.providers.includes(p));
  const linked: { ir: ProviderIR; openapi: unknown }[] = [];
  const errors: SourceError[] = [];
  for (const name of names) {
    try {
      linked.push(linkProvider(root, join(specsDir, name)));
    } catch (e) {
      if (e instanceof GenerationErrors) errors.push(...e.errors);
      else if (e instanceof SourceError) errors.push(e);
      else throw e;
    }
  }
  if (errors.length) throw new GenerationErrors(errors);

  const project = projectInfo(root);
  const scope = options.scope ?? project.scope ?? "@blockwright";
  const packageName = (provider: string) => `${scope}/${provider}`;
  const runtime = runtimePackage();
  const files = new Map<string, string>();
  for (const { ir, openapi } of linked) {
    const p = ir.provider;
    const pkg: PackageContext = {
      name: packageName(p),
      version: keptVersion(join(outDir, p, "package.json")),
      runtime,
      ...(project.license ? { license: project.license } : {}),
    };
    files.set(`${p}/package.json`, emitPackageJson(ir, pkg));
    files.set(`${p}/README.md`, emitReadme(ir, pkg));
    if (project.licenseText) files.set(`${p}/LICENSE`, project.licenseText);
    files.set(`${p}/openapi.d.ts`, await emitOpenApiTypes(openapi, [ir.sources.openapi]));
    for (const [file, emit] of [["client", emitClient], ["tools", emitTools], ["block", emitBlock], ["index", emitIndex]] as const) {
      const { js, dts } = emit(ir);
      files.set(`${p}/${file}.js`, js);
      files.set(`${p}/${file}.d.ts`, dts);
    }
  }
  files.set("README.md", emitGeneratedReadme(linked.map((l) => l.ir), packageName));
  return { files: new Map([...files.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))), irs: linked.map((l) => l.ir) };
}

/** The project's npm scope for provider packages, its license and license text. */
function projectInfo(root: string): { scope?: string; license?: string; licenseText?: string } {
  const pkgPath = join(root, "package.json");
  const pkg = existsSync(pkgPath) ? (JSON.parse(readFileSync(pkgPath, "utf8")) as { license?: string; blockwright?: { scope?: string } }) : {};
  const licensePath = join(root, "LICENSE");
  return {
    ...(pkg.blockwright?.scope ? { scope: pkg.blockwright.scope } : {}),
    ...(pkg.license ? { license: pkg.license } : {}),
    ...(existsSync(licensePath) ? { licenseText: readFileSync(licensePath, "utf8") } : {}),
  };
}

/** The version already in a generated package.json (kept across generations; `diff --write` bumps it), else 0.1.0. */
function keptVersion(path: string): string {
  if (!existsSync(path)) return "0.1.0";
  try {
    const version = (JSON.parse(readFileSync(path, "utf8")) as { version?: unknown }).version;
    return typeof version === "string" && /^\d+\.\d+\.\d+/.test(version) ? version : "0.1.0";
  } catch {
    return "0.1.0";
  }
}

/** The runtime this generator's output runs on, and the range a provider package depends on. */
function runtimePackage(): { name: string; range: string } {
  const require = createRequire(import.meta.url);
  const pkg = require("@blockwright/runtime/package.json") as { name: string; version: string };
  return { name: pkg.name, range: `^${pkg.version}` };
}

function rel(root: string, path: string): string {
  return relative(root, path).split("\\").join("/");
}
