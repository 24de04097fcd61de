// The generator pipeline, as a function: specs/<provider>/{manifest,openapi}
// → load → validate → link → IR → emitters → files in memory. Writing and
// checking are separate (write.ts), so tests can run it without touching disk.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, posix, relative, resolve } from "node:path";
import { emitEntry, emitPackageJson, type PackageContext, type PackageLinks, tsHeader } from "./emit.js";
import { adapterFiles } from "./emit-adapters.js";
import { cjsFiles } from "./emit-cjs.js";
import { emitGeneratedReadme, emitReadme } from "./emit-readme.js";
import { emitOpenApiNamespace } from "./emit-types.js";
import type { ProviderIR } from "../model/ir.js";
import { linkDocument, LinkErrors } from "../link/index.js";
import { OpenApiDocument } from "../load/openapi-document.js";
import { fileTexts, loadOpenApi, type OpenApiFiles } from "../load/openapi-source.js";
import { buildSurface, formatSurface } from "./emit-surface.js";
import type { Surface } from "../model/surface-format.js";
import type { Manifest } from "../load/precompiled/manifest-types.js";
import { providerDirs } from "../load/provider-dirs.js";
import { boundByManifest } from "../load/bound-cut.js";
import { validateManifest } from "../load/validate-manifest.js";
import { checkpoint } from "../common/checkpoint.js";
import { loadYamlSource, readSourceText, SourceError } from "../load/yaml-source.js";
import { type PlatformContext, platformFiles, platformReadme, type Target } from "./platforms/targets.js";
import { asGenerationErrors, asGenerationErrorsAsync, GenerationErrors } from "./generation-errors.js";
import { personOf, projectPackage, type ProjectLinks } from "./project-package.js";

export { GenerationErrors, generationErrors } from "./generation-errors.js";

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
  /** Packages taking a new version and CHANGELOG.md (`diff --write`), by provider; others keep what their folder has. */
  release?: Record<string, { version: string; changelog: string }>;
  /** Stops the generation between two providers (Ctrl-C, SIGTERM). */
  signal?: AbortSignal;
  /** Called before each provider is linked: how many are done, of how many, and which comes next. */
  onProvider?: (done: number, total: number, provider: string) => void;
  /** Called as each step of linking a large document begins (openapi-source.ts LARGE_DOCUMENT_BYTES): which provider, which step. */
  onStep?: (provider: string, step: string) => void;
  /** What to write: the npm packages (default), or a workflow platform's files for each provider (platforms/targets.ts). */
  target?: Target;
  /** Where the provider packages are (default `<root>/generated`): a platform's files take their versions. */
  packagesDir?: string;
  /** npm's `author` of an n8n package ("Name <email>"). Default: the project's package.json `author`. */
  author?: string;
}

export interface GenerateResult {
  /** Output files, by path relative to outDir, in a stable order. */
  files: Map<string, string>;
  irs: ProviderIR[];
  /** Every input file the generation read (manifests, OpenAPI files), by path relative to the root, with its text. */
  inputs: Record<string, string>;
  /** Warnings of every provider (LinkedProvider.warnings). */
  warnings: string[];
}

/** Load, validate and link one provider; throws GenerationErrors listing every problem. */
export async function loadProvider(root: string, dir: string): Promise<ProviderIR> {
  return (await linkProvider(root, dir)).ir;
}

export interface LinkedProvider {
  ir: ProviderIR;
  /** The OpenAPI document, parsed once: for the type emitter and the surface. */
  document: OpenApiDocument;
  /** The input texts by project-relative path (their hashes go into the surface). */
  inputs: Record<string, string>;
  /** The security schemes the manifest's credential uses: the surface records the scopes each tool needs of them. */
  authSchemes: string[];
  /** What the user should know but generation does not stop on (an example the upstream published wrong), `file:line:col: …`. */
  warnings: string[];
}

/**
 * Like loadProvider, also giving the parsed OpenAPI document and the input
 * texts. `externalRefFolders` (absolute) are the folders outside the specs
 * folder its `$ref`s may read; by default the project's package.json says.
 */
export async function linkProvider(
  root: string,
  dir: string,
  externalRefFolders = externalRefFoldersOf(root),
  signal?: AbortSignal,
  onStep?: (step: string) => void,
  /** The document, when the caller has loaded it as this would (loadOpenApi, cut to what the manifest binds): not read again. */
  loaded?: OpenApiFiles,
): Promise<LinkedProvider> {
  const manifestPath = join(dir, "manifest.yaml");
  const source = asGenerationErrors(() => loadYamlSource<Manifest>(manifestPath, rel(root, manifestPath)));
  const schemaErrors = validateManifest(source);
  if (schemaErrors.length) throw new GenerationErrors(schemaErrors);
  const manifest = source.data;
  const folder = dir.split(/[\\/]/).pop();
  if (manifest.provider !== folder) {
    throw new GenerationErrors([new SourceError("BW1301", source.locate(["provider"], "value"), `provider: "${manifest.provider}" must match its folder name "${folder}"`)]);
  }
  const openapiPath = resolve(dirname(manifestPath), manifest.openapi);
  if (!existsSync(openapiPath)) {
    throw new GenerationErrors([new SourceError("BW1302", source.locate(["openapi"], "value"), `openapi: file ${rel(root, openapiPath)} not found`)]);
  }
  // The spec: bundled when it spans several files, cut to what the manifest binds, every example of the cut checked against its schema.
  const openapi = loaded ?? (await asGenerationErrorsAsync(() => loadOpenApi(openapiPath, root, openapiRefFolders(dir, openapiPath, externalRefFolders), signal, onStep, boundByManifest(manifest))));
  await checkpoint(signal);
  try {
    const document = new OpenApiDocument(openapi.source);
    const ir = linkDocument(source, document);
    return { ir, document, authSchemes: authSchemesOf(manifest.auth), inputs: { [source.file]: source.text, ...fileTexts(openapi.files) }, warnings: openapi.warnings.map((w) => w.message) };
  } catch (e) {
    if (e instanceof LinkErrors) throw new GenerationErrors(e.errors);
    throw e;
  }
}

/** The folders outside the specs folder the project lets `$ref`s read (package.json blockwright.externalRefFolders), absolute. */
export function externalRefFoldersOf(root: string): string[] {
  return projectPackage(root).externalRefFolders;
}

/**
 * Where the `$ref`s of a provider's OpenAPI document may read: the specs
 * folder, the document's own folder, and the folders the project allows
 * (externalRefFoldersOf).
 */
export function openapiRefFolders(providerDir: string, openapiPath: string, externalRefFolders: string[]): string[] {
  return [dirname(providerDir), dirname(openapiPath), ...externalRefFolders];
}

/** What every provider's package shares: where it goes, how packages are named, the generator and runtime. */
interface ProjectContext {
  root: string;
  specsDir: string;
  outDir: string;
  names: string[];
  packageName: (provider: string) => string;
  runtime: PackageContext["runtime"];
  generator: { name: string; version: string };
  license?: string;
  licenseText?: string;
  links?: ProjectLinks;
  target: Target;
  packagesDir: string;
  author?: string;
  externalRefFolders: string[];
  release: NonNullable<GenerateOptions["release"]>;
  signal?: AbortSignal;
  onProvider?: GenerateOptions["onProvider"];
  onStep?: GenerateOptions["onStep"];
}

function projectContext(options: GenerateOptions): ProjectContext {
  const root = resolve(options.root);
  const specsDir = resolve(options.specsDir ?? join(root, "specs"));
  const project = projectPackage(root);
  const licensePath = join(root, "LICENSE");
  const licenseText = existsSync(licensePath) ? asGenerationErrors(() => readSourceText(licensePath, "LICENSE")) : undefined;
  const scope = options.scope ?? project.scope ?? "@blockwright";
  const target = options.target ?? "packages";
  const author = options.author ?? project.author;
  if (target === "n8n" && !(author && personOf(author).email))
    throw project.problem(["author"], 'author: an n8n community package names its author with an email (n8n\'s node linter wants both): add package.json "author", e.g. "Ada Lovelace <ada@example.com>"');
  return {
    root,
    specsDir,
    outDir: resolve(options.outDir ?? join(root, target === "packages" ? "generated" : `generated-${target}`)),
    target,
    packagesDir: resolve(options.packagesDir ?? join(root, "generated")),
    ...(author ? { author } : {}),
    names: providerDirs(specsDir).filter((p) => !options.providers || options.providers.includes(p)),
    packageName: (provider) => `${scope}/${provider}`,
    runtime: runtimePackage(),
    generator: generatorPackage(),
    release: options.release ?? {},
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onProvider ? { onProvider: options.onProvider } : {}),
    ...(options.onStep ? { onStep: options.onStep } : {}),
    externalRefFolders: project.externalRefFolders,
    ...(project.license ? { license: project.license } : {}),
    ...(licenseText !== undefined ? { licenseText } : {}),
    ...(project.links ? { links: project.links } : {}),
  };
}

/** The release `blockwright diff --write` gives the provider, if any (an own entry: a provider may be named like an Object property). */
function releaseOf(project: ProjectContext, provider: string): { version: string; changelog: string } | undefined {
  return Object.hasOwn(project.release, provider) ? project.release[provider] : undefined;
}

function packageOf(project: ProjectContext, provider: string): PackageContext {
  return {
    name: project.packageName(provider),
    version: releaseOf(project, provider)?.version ?? keptVersion(join(project.packagesDir, provider, "package.json")),
    runtime: project.runtime,
    ...(project.license ? { license: project.license } : {}),
    ...(project.links ? { links: packageLinks(project, provider, project.links) } : {}),
  };
}

/** What a platform's files of the provider take from the project: its package, author, license and links. */
function platformContext(project: ProjectContext, provider: string): PlatformContext {
  const pkg = packageOf(project, provider);
  const links = project.links;
  return {
    scope: pkg.name.slice(0, pkg.name.indexOf("/")),
    providerPackage: pkg,
    ...(project.author ? { author: project.author } : {}),
    ...(project.license ? { license: project.license } : {}),
    ...(project.licenseText !== undefined ? { licenseText: project.licenseText } : {}),
    ...(links?.homepage ? { homepage: links.homepage } : {}),
    ...(links?.repository ? { repository: links.repository } : {}),
  };
}

/**
 * The project's links for one package: its repository gains the package's
 * folder (its directory field, from the repository's root), unless the output folder
 * lies outside the project, where no folder of the repository holds it.
 */
function packageLinks(project: ProjectContext, provider: string, { homepage, repository, bugs }: ProjectLinks): PackageLinks {
  const folder = rel(project.root, join(project.outDir, provider));
  const inProject = folder !== ".." && !folder.startsWith("../") && !/^([a-zA-Z]:)?\//.test(folder);
  const directory = repository && inProject ? posix.join(repository.directory ?? "", folder) : undefined;
  return {
    ...(homepage ? { homepage } : {}),
    ...(repository ? { repository: { type: repository.type, url: repository.url, ...(directory ? { directory } : {}) } } : {}),
    ...(bugs ? { bugs } : {}),
  };
}

/**
 * Link the project's providers one at a time, handing each to `use` while its
 * parsed documents are alive; only its IR and input texts are kept after, so
 * memory holds one provider's documents, not every provider's. Once one
 * provider fails, the rest are still linked (every problem is reported) but
 * no longer used: nothing is emitted for a project with problems.
 */
async function eachProvider(project: ProjectContext, use: (provider: LinkedProvider) => void | Promise<void>): Promise<Pick<LinkedProvider, "ir" | "inputs" | "warnings">[]> {
  const kept: Pick<LinkedProvider, "ir" | "inputs" | "warnings">[] = [];
  const errors: SourceError[] = [];
  for (const [i, name] of project.names.entries()) {
    await checkpoint(project.signal);
    project.onProvider?.(i, project.names.length, name);
    let provider: LinkedProvider;
    try {
      const onStep = project.onStep;
      provider = await linkProvider(project.root, join(project.specsDir, name), project.externalRefFolders, project.signal, onStep && ((step) => onStep(name, step)));
    } catch (e) {
      if (e instanceof GenerationErrors) errors.push(...e.errors);
      else if (e instanceof SourceError) errors.push(e);
      else throw e;
      continue;
    }
    kept.push({ ir: provider.ir, inputs: provider.inputs, warnings: provider.warnings });
    await checkpoint(project.signal);
    if (!errors.length) await use(provider);
  }
  if (errors.length) throw new GenerationErrors(errors);
  return kept;
}

function surfaceOf(project: ProjectContext, pkg: PackageContext, { ir, document, inputs, authSchemes }: LinkedProvider): Surface {
  return buildSurface(ir, { packageName: pkg.name, packageVersion: pkg.version, generator: project.generator, inputs, authSchemes, ...document.surfaceSchemas() });
}

/** The scheme names of a manifest's auth: its own, those sent with it, and its alternatives'. */
function authSchemesOf(auth: Manifest["auth"] | undefined): string[] {
  type Way = { scheme?: string; also?: { scheme?: string }[] };
  const ways: Way[] = auth ? [auth as Way, ...((auth as { alternatives?: Way[] }).alternatives ?? [])] : [];
  return [...new Set(ways.flatMap((w) => [w.scheme, ...(w.also ?? []).map((a) => a.scheme)]).filter((s): s is string => typeof s === "string"))].sort();
}

/** The surfaces the project's specs give now, by provider, without writing anything (for `blockwright diff`). */
export async function projectSurfaces(options: GenerateOptions): Promise<Map<string, Surface>> {
  const project = projectContext(options);
  const surfaces = new Map<string, Surface>();
  await eachProvider(project, (provider) => {
    surfaces.set(provider.ir.provider, surfaceOf(project, packageOf(project, provider.ir.provider), provider));
  });
  return surfaces;
}

export async function generate(options: GenerateOptions): Promise<GenerateResult> {
  const project = projectContext(options);
  const files = new Map<string, string>();
  const target = project.target;
  const linked = await eachProvider(project, async (provider) => {
    const { ir, document } = provider;
    const p = ir.provider;
    if (target !== "packages") {
      for (const [path, text] of platformFiles(target, ir, platformContext(project, p))) files.set(path, text);
      return;
    }
    // Written by `blockwright diff --write`: carried from one generation to the next.
    const changelog = releaseOf(project, p)?.changelog ?? keptChangelog(project.root, project.outDir, p);
    const pkg: PackageContext = { ...packageOf(project, p), ...(changelog !== undefined ? { changelog: true } : {}) };
    files.set(`${p}/package.json`, emitPackageJson(ir, pkg));
    files.set(`${p}/README.md`, emitReadme(ir, pkg));
    if (project.licenseText) files.set(`${p}/LICENSE`, project.licenseText);
    if (changelog !== undefined) files.set(`${p}/CHANGELOG.md`, changelog);
    files.set(`${p}/surface.json`, formatSurface(surfaceOf(project, pkg, provider)));
    await checkpoint(project.signal);
    const entry = emitEntry(ir, await emitOpenApiNamespace(document.source.data, `${ir.names.pascal}OpenApi`), pkg.version);
    files.set(`${p}/index.js`, entry.js);
    files.set(`${p}/index.d.ts`, entry.dts);
    for (const [name, text] of adapterFiles(pkg.runtime.name, ir.sources)) files.set(`${p}/${name}`, text);
    for (const [name, text] of cjsFiles(files, p, tsHeader([ir.sources.manifest, ir.sources.openapi]))) files.set(name, text);
  });
  const irs = linked.map((l) => l.ir);
  const readme = target === "packages" ? emitGeneratedReadme(irs, project.packageName) : platformReadme(target, irs, (ir) => platformContext(project, ir.provider));
  if (readme !== undefined) files.set("README.md", readme);
  return {
    files: new Map([...files.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
    irs: linked.map((l) => l.ir),
    inputs: Object.assign({}, ...linked.map((l) => l.inputs)) as Record<string, string>,
    warnings: linked.flatMap((l) => l.warnings),
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

/** The CHANGELOG.md a package's folder has (written by `diff --write`), if any; one that cannot be read is a problem named at its path. */
export function keptChangelog(root: string, outDir: string, provider: string): string | undefined {
  const file = join(outDir, provider, "CHANGELOG.md");
  return existsSync(file) ? asGenerationErrors(() => readSourceText(file, rel(root, file))) : undefined;
}

/** This generator's name and version (recorded in every surface). */
export function generatorPackage(): { name: string; version: string } {
  const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { name: string; version: string };
  return { name: pkg.name, version: pkg.version };
}

/** The runtime this generator's output runs on, the range a provider package depends on, and its engines (a package runs where its runtime does). */
function runtimePackage(): PackageContext["runtime"] {
  const require = createRequire(import.meta.url);
  const pkg = require("@blockwright/runtime/package.json") as { name: string; version: string; peerDependencies?: Record<string, string>; engines?: Record<string, string> };
  return { name: pkg.name, range: `^${pkg.version}`, ...(pkg.peerDependencies ? { peers: pkg.peerDependencies } : {}), ...(pkg.engines ? { engines: pkg.engines } : {}) };
}

function rel(root: string, path: string): string {
  return relative(root, path).split("\\").join("/");
}
