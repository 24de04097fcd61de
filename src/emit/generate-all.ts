// The generator pipeline, as a function: specs/<provider>/{manifest,openapi}
// → load → validate → link → IR → emitters → files in memory. Writing and
// checking are separate (write.ts), so tests can run it without touching disk.
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { emitEntry, emitPackageJson, type PackageContext, tsHeader } from "./emit.js";
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
import { boundByManifest } from "../load/bound-cut.js";
import { validateManifest } from "../load/validate-manifest.js";
import { checkpoint } from "../common/checkpoint.js";
import { INPUT_LIMITS, loadYamlSource, SourceError } from "../load/yaml-source.js";
import { platformFiles, platformReadme } from "./platforms/targets.js";
import { asGenerationErrors, asGenerationErrorsAsync, GenerationErrors } from "./generation-errors.js";
import { projectPackage } from "./project-package.js";
import {
  type GenerateOptions,
  keptChangelog,
  packageOf,
  platformContext,
  type ProjectContext,
  projectContext,
  rel,
  releaseOf,
} from "./project-context.js";

export { GenerationErrors, generationErrors } from "./generation-errors.js";
export { type GenerateOptions, generatorPackage, keptChangelog } from "./project-context.js";

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
  /**
   * What the user should know but generation does not stop on (an example the upstream published wrong),
   * `file:line:col: …`.
   */
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
  /**
   * The document, when the caller has loaded it as this would (loadOpenApi, cut to what the manifest binds): not read
   * again.
   */
  loaded?: OpenApiFiles,
): Promise<LinkedProvider> {
  const manifestPath = join(dir, "manifest.yaml");
  const source = asGenerationErrors(() =>
    loadYamlSource<Manifest>(manifestPath, rel(root, manifestPath), INPUT_LIMITS.manifest),
  );
  const schemaErrors = validateManifest(source);
  if (schemaErrors.length) throw new GenerationErrors(schemaErrors);
  const manifest = source.data;
  const folder = dir.split(/[\\/]/).pop();
  if (manifest.provider !== folder) {
    throw new GenerationErrors([
      new SourceError(
        "BW1301",
        source.locate(["provider"], "value"),
        `provider: "${manifest.provider}" must match its folder name "${folder}"`,
      ),
    ]);
  }
  const openapiPath = resolve(dirname(manifestPath), manifest.openapi);
  if (!existsSync(openapiPath)) {
    throw new GenerationErrors([
      new SourceError(
        "BW1302",
        source.locate(["openapi"], "value"),
        `openapi: file ${rel(root, openapiPath)} not found`,
      ),
    ]);
  }
  // The spec: bundled when it spans several files, cut to what the manifest binds, every example of the cut checked
  // against its schema.
  const openapi =
    loaded ??
    (await asGenerationErrorsAsync(() =>
      loadOpenApi(
        openapiPath,
        root,
        openapiRefFolders(dir, openapiPath, externalRefFolders),
        signal,
        onStep,
        boundByManifest(manifest),
      ),
    ));
  await checkpoint(signal);
  try {
    const document = new OpenApiDocument(openapi.source);
    const ir = linkDocument(source, document);
    return {
      ir,
      document,
      authSchemes: authSchemesOf(manifest.auth),
      inputs: { [source.file]: source.text, ...fileTexts(openapi.files) },
      warnings: openapi.warnings.map((w) => w.message),
    };
  } catch (e) {
    if (e instanceof LinkErrors) throw new GenerationErrors(e.errors);
    throw e;
  }
}

/**
 * The folders outside the specs folder the project lets `$ref`s read (package.json blockwright.externalRefFolders),
 * absolute.
 */
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

/**
 * Link the project's providers one at a time, handing each to `use` while its
 * parsed documents are alive; only its IR and input texts are kept after, so
 * memory holds one provider's documents, not every provider's. Once one
 * provider fails, the rest are still linked (every problem is reported) but
 * no longer used: nothing is emitted for a project with problems.
 */
async function eachProvider(
  project: ProjectContext,
  use: (provider: LinkedProvider) => void | Promise<void>,
): Promise<Pick<LinkedProvider, "ir" | "inputs" | "warnings">[]> {
  const kept: Pick<LinkedProvider, "ir" | "inputs" | "warnings">[] = [];
  const errors: SourceError[] = [];
  for (const [i, name] of project.names.entries()) {
    await checkpoint(project.signal);
    project.onProvider?.(i, project.names.length, name);
    let provider: LinkedProvider;
    try {
      const onStep = project.onStep;
      provider = await linkProvider(
        project.root,
        join(project.specsDir, name),
        project.externalRefFolders,
        project.signal,
        onStep && ((step) => onStep(name, step)),
      );
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

function surfaceOf(
  project: ProjectContext,
  pkg: PackageContext,
  { ir, document, inputs, authSchemes }: LinkedProvider,
): Surface {
  return buildSurface(ir, {
    packageName: pkg.name,
    packageVersion: pkg.version,
    generator: project.generator,
    inputs,
    authSchemes,
    ...document.surfaceSchemas(),
  });
}

/** The scheme names of a manifest's auth: its own, those sent with it, and its alternatives'. */
function authSchemesOf(auth: Manifest["auth"] | undefined): string[] {
  type Way = { scheme?: string; also?: { scheme?: string }[] };
  const ways: Way[] = auth ? [auth as Way, ...((auth as { alternatives?: Way[] }).alternatives ?? [])] : [];
  return [
    ...new Set(
      ways
        .flatMap((w) => [w.scheme, ...(w.also ?? []).map((a) => a.scheme)])
        .filter((s): s is string => typeof s === "string"),
    ),
  ].sort();
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
    const entry = emitEntry(
      ir,
      await emitOpenApiNamespace(document.source.data, `${ir.names.pascal}OpenApi`),
      pkg.version,
    );
    files.set(`${p}/index.js`, entry.js);
    files.set(`${p}/index.d.ts`, entry.dts);
    for (const [name, text] of adapterFiles(pkg.runtime.name, ir.sources)) files.set(`${p}/${name}`, text);
    for (const [name, text] of cjsFiles(files, p, tsHeader([ir.sources.manifest, ir.sources.openapi])))
      files.set(name, text);
  });
  const irs = linked.map((l) => l.ir);
  const readme =
    target === "packages"
      ? emitGeneratedReadme(irs, project.packageName)
      : platformReadme(target, irs, (ir) => platformContext(project, ir.provider));
  if (readme !== undefined) files.set("README.md", readme);
  return {
    files: new Map([...files.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
    irs: linked.map((l) => l.ir),
    inputs: Object.assign({}, ...linked.map((l) => l.inputs)) as Record<string, string>,
    warnings: linked.flatMap((l) => l.warnings),
  };
}
