// The generator pipeline, as a function: specs/<provider>/{manifest,openapi}
// → load → validate → link → IR → emitters → files in memory. Writing and
// checking are separate (write.ts), so tests can run it without touching disk.
import { join } from "node:path";
import { emitPackageJson, entryRenderer, type PackageContext, tsHeader } from "./emit.js";
import { adapterFiles } from "./emit-adapters.js";
import { cjsFiles } from "./emit-cjs.js";
import { emitGeneratedReadme, readmeParts } from "./emit-readme.js";
import { openApiNamespaceParts } from "./types/emit-types.js";
import type { ProviderIR } from "../model/ir.js";
import { buildSurface, surfaceParts } from "./emit-surface.js";
import { type FileText, wholeText } from "./file-text.js";
import type { Surface } from "../model/surface-format.js";
import { checkpoint } from "../common/checkpoint.js";
import { letTextGo, SourceError } from "../load/yaml-source.js";
import { refusingTooDeep } from "../load/schemas/reference-depth.js";
import { GenerationErrors } from "./generation-errors.js";
import { type LinkedProvider, linkProvider } from "./link-provider.js";
import {
  keptFiles,
  keyOf,
  type ProviderEntry,
  type ProviderSummary,
  readHashes,
  stampEntry,
  summaryOf,
} from "./provider-stamp.js";
import { readStamp } from "./stamp.js";
import { sha256 } from "../common/hash.js";
import { entryOf } from "@blockwright/runtime/internal/generate";
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

/** A workflow platform's emitters (`--target n8n|sim`), loaded only for that target: packages need none of them. */
const platformTargets = () => import("./platforms/targets.js");

export interface GenerateResult {
  /** Output files, by path relative to outDir, in a stable order (none when options.onFile took them). */
  files: Map<string, string>;
  /** The IRs of the providers linked (not those `kept`); none when options.irs is false. */
  irs: ProviderIR[];
  /** Every provider's summary, in order (those kept too). */
  summaries: ProviderSummary[];
  /** Providers whose files stood as the output folder's stamp records them (options.shared): not linked again. */
  kept: string[];
  /** Every provider's stamp entry, with options.shared (packages only). */
  entries?: Record<string, ProviderEntry>;
  /**
   * Every input file the generation read (manifests, OpenAPI files), by path relative to the root, with its SHA-256
   * (not those of the providers `kept`: `entries` has their hashes).
   */
  read: Record<string, string>;
  /** Warnings of every provider (LinkedProvider.warnings). */
  warnings: string[];
}

/**
 * Link the project's providers one at a time, handing each to `use` while its
 * parsed documents are alive; only its summary, input texts and (unless the
 * caller does without) its IR are kept after, so memory holds one provider's
 * documents, not every provider's. Once one
 * provider fails, the rest are still linked (every problem is reported) but
 * no longer used: nothing is emitted for a project with problems.
 */
/** What is kept of a linked provider once it is used. */
interface Linked extends Pick<Made, "read" | "warnings"> {
  provider: string;
  summary: ProviderSummary;
  ir?: ProviderIR;
}

/** A linked provider as generate uses it: its input files' hashes, not their texts (readHashes). */
type Made = Omit<LinkedProvider, "inputs"> & { read: Record<string, string> };

async function eachProvider(
  project: ProjectContext,
  /** What `use` does, told as a large document's step (one synchronous call of seconds: see batch.ts). */
  useStep: string,
  use: (provider: Made) => void | Promise<void>,
  /** Whether the provider's files stand as they are (keptFiles): it is then neither linked nor used. */
  stands?: (provider: string) => boolean,
  /** Whether each provider's IR is kept to the end (GenerateOptions.irs); its summary always is. */
  keepIr = true,
): Promise<Linked[]> {
  const kept: Linked[] = [];
  const errors: SourceError[] = [];
  for (const [i, name] of project.names.entries()) {
    await checkpoint(project.signal);
    project.onProvider?.(i, project.names.length, name);
    if (stands?.(name)) continue;
    await eachOne(project, name, { kept, errors, keepIr }, useStep, use);
  }
  if (errors.length) throw new GenerationErrors(errors);
  return kept;
}

/**
 * One provider of eachProvider: linked, kept (`into`), used. A function of its own: a provider's locals (its IR, its
 * document) in eachProvider's loop stayed in its suspended frame until the next provider's link returned, and that
 * link's scavenges copied and promoted them (docs/contributing/performance.md, scale8).
 */
async function eachOne(
  project: ProjectContext,
  name: string,
  into: { kept: Linked[]; errors: SourceError[]; keepIr: boolean },
  useStep: string,
  use: (provider: Made) => void | Promise<void>,
): Promise<void> {
  const { kept, errors } = into;
  let provider: Made;
  let large = false;
  const onStep = project.onStep;
  try {
    provider = withoutTexts(
      await linkProvider(
        project.root,
        join(project.specsDir, name),
        project.externalRefFolders,
        project.signal,
        onStep &&
          ((step, paced) => {
            large = true;
            onStep(name, step, paced);
          }),
      ),
    );
  } catch (e) {
    if (e instanceof GenerationErrors) errors.push(...e.errors);
    else if (e instanceof SourceError) errors.push(e);
    else throw e;
    return;
  }
  const { ir, read, warnings } = provider;
  kept.push({ provider: ir.provider, summary: summaryOf(ir), ...(into.keepIr ? { ir } : {}), read, warnings });
  await checkpoint(project.signal);
  if (errors.length) return;
  if (large) onStep?.(name, useStep);
  // The emitters' walks (the surface's shapes, the types) overflowing on a document nesting too deep through its
  // `$ref`s that the link's held: refused by its depth and pointer as the link's are (load/schemas/reference-depth.ts).
  try {
    await refusingTooDeep(provider.document.source, () => use(provider));
  } catch (e) {
    if (!(e instanceof SourceError && e.code === "BW1002")) throw e;
    errors.push(e);
  }
}

/**
 * The linked provider without its input texts, kept as their hashes, nor the OpenAPI document's text (its data stays):
 * generate reports nothing by place after the link, and a whole published API's two texts are held twice over (as read,
 * and js-yaml's copy its values are cut from), 480 MB, through the whole package's making.
 */
function withoutTexts({ inputs, ...linked }: LinkedProvider): Made {
  letTextGo(linked.document.source);
  return { ...linked, read: readHashes(inputs) };
}

function surfaceOf(project: ProjectContext, pkg: PackageContext, { ir, document, read, authSchemes }: Made): Surface {
  return buildSurface(ir, {
    packageName: pkg.name,
    packageVersion: pkg.version,
    generator: project.generator,
    read,
    authSchemes,
    ...document.surfaceSchemas(),
  });
}

/** The surfaces the project's specs give now, by provider, without writing anything (for `blockwright diff`). */
export async function projectSurfaces(options: GenerateOptions): Promise<Map<string, Surface>> {
  const project = projectContext(options);
  const surfaces = new Map<string, Surface>();
  await eachProvider(
    project,
    "making its surface",
    (provider) => {
      surfaces.set(provider.ir.provider, surfaceOf(project, packageOf(project, provider.ir.provider), provider));
    },
    undefined,
    false,
  );
  return surfaces;
}

export async function generate(options: GenerateOptions): Promise<GenerateResult> {
  const project = projectContext(options);
  const files = new Map<string, string>();
  // Each file, as soon as it is made: to options.onFile (a write that begins at once), else kept.
  const { onFile, onKept } = options;
  // A text handed twice in a row (an entry's .d.ts and its .d.cts) is made whole once: its parts are a render.
  let last: { text: FileText; whole: string } | undefined;
  const give = (path: string, text: FileText) => {
    if (onFile) return onFile(path, text);
    if (last?.text !== text) last = { text, whole: wholeText(text) };
    files.set(path, last.whole);
  };
  const hand = (made: Iterable<[string, FileText]>) => {
    for (const [path, text] of made) give(path, text);
  };
  const target = project.target;
  const { shared } = options;
  // Keyed by provider: each one's stamp entry, and those whose files stand as the stamp records them.
  const entries = new Map<string, ProviderEntry>();
  const standing = standingFiles(project, options);
  const linked = await eachProvider(
    project,
    "making its files",
    async (provider) => {
      const { ir } = provider;
      const p = ir.provider;
      if (target !== "packages") {
        hand((await platformTargets()).platformFiles(target, ir, platformContext(project, p)));
        return;
      }
      const made = packageFor(project, p);
      if (shared !== undefined)
        entries.set(p, stampEntry(keyFor(project, shared, p, made), provider.read, summaryOf(ir), provider.warnings));
      await packageFiles(project, provider, made, give);
    },
    standing &&
      ((p) => {
        const stands = standing(p, keyFor(project, standing.shared, p, packageFor(project, p)));
        if (!stands) return false;
        for (const [path, { bytes, hash }] of stands.files) {
          const text = () => bytes.toString("utf8");
          if (onKept) onKept(path, hash, text);
          else give(path, text());
        }
        entries.set(p, stands.entry);
        return true;
      }),
    options.irs !== false || target !== "packages",
  );
  const irs = linked.flatMap((l) => (l.ir ? [l.ir] : []));
  const byName = new Map(linked.map((l) => [l.provider, l]));
  const summaries = project.names.map((p) => entries.get(p)?.summary ?? entryOf(byName, p).summary);
  const readme =
    target === "packages"
      ? emitGeneratedReadme(summaries, project.packageName)
      : (await platformTargets()).platformReadme(target, irs, (ir) => platformContext(project, ir.provider));
  if (readme !== undefined) hand([["README.md", readme]]);
  const kept = project.names.filter((p) => !byName.has(p));
  return {
    files: new Map([...files.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
    irs,
    summaries,
    kept,
    ...(shared !== undefined && target === "packages" ? { entries: Object.fromEntries(entries) } : {}),
    read: Object.assign({}, ...linked.map((l) => l.read)) as Record<string, string>,
    warnings: project.names.flatMap((p) => byName.get(p)?.warnings ?? entries.get(p)?.warnings ?? []),
  };
}

/**
 * A provider's package: each file to `give` as it is made, by path relative to the output folder, and let go then (a
 * whole published API's package is 640 MB of text: made all at once, it was held all at once). The surface comes in
 * parts (surfaceParts), written as they are made.
 */
async function packageFiles(
  project: ProjectContext,
  provider: Made,
  { pkg, changelog }: { pkg: PackageContext; changelog: string | undefined },
  give: (path: string, text: FileText) => void,
): Promise<void> {
  const { ir, document } = provider;
  const p = ir.provider;
  give(`${p}/package.json`, emitPackageJson(ir, pkg));
  // Made as the write takes it, not before, and in parts: a write keeps the text it was handed until the next one, and
  // a whole published API's README (110 MB as a string) would be held through the surface's making.
  give(`${p}/README.md`, { parts: () => readmeParts(ir, pkg) });
  if (project.licenseText) give(`${p}/LICENSE`, project.licenseText);
  if (changelog !== undefined) give(`${p}/CHANGELOG.md`, changelog);
  giveSurface(project, pkg, provider, give);
  await checkpoint(project.signal);
  // The document's types made only when index.d.ts's write reaches them, its last part, and a piece at a time
  // (type-parts.ts): they meet neither the surface (kept by the write until the next file) nor the entry's texts.
  const entry = entryRenderer(
    ir,
    { parts: () => openApiNamespaceParts(document.source.data, `${ir.names.pascal}OpenApi`) },
    pkg.version,
  );
  const header = tsHeader([ir.sources.manifest, ir.sources.openapi]);
  // Each entry's types, and its CommonJS files right after them: the .d.cts the same text, handed next (staged-write.ts
  // copies the file it staged for the .d.ts).
  const entryTypes = (base: string, dts: FileText) => {
    give(`${p}/${base}.d.ts`, dts);
    for (const [name, text] of cjsFiles(base, dts, p, header)) give(name, text);
  };
  // index.js handed over (written) and let go before index.d.ts is made.
  give(`${p}/index.js`, entry.js());
  entryTypes("index", entry.dts());
  const adapters = adapterFiles(pkg.runtime.name, ir.sources);
  for (const [name, text] of adapters) if (!name.endsWith(".d.ts")) give(`${p}/${name}`, text);
  for (const [name, text] of adapters) if (name.endsWith(".d.ts")) entryTypes(name.slice(0, -".d.ts".length), text);
}

/**
 * The package's surface.json, in parts: the surface made as they are taken and let go once they are (a write keeps the
 * text it was handed until the next one, through index.js's render: its parts must not hold the surface).
 */
function giveSurface(
  project: ProjectContext,
  pkg: PackageContext,
  provider: Made,
  give: (path: string, text: FileText) => void,
): void {
  give(`${provider.ir.provider}/surface.json`, {
    *parts() {
      yield* surfaceParts(surfaceOf(project, pkg, provider));
    },
  });
}

/** The package of a provider, and the CHANGELOG.md it carries (a release's, else the one its folder has). */
function packageFor(project: ProjectContext, p: string): { pkg: PackageContext; changelog: string | undefined } {
  // Written by `blockwright diff --write`: carried from one generation to the next.
  const changelog = releaseOf(project, p)?.changelog ?? keptChangelog(project.root, project.outDir, p);
  const pkg: PackageContext = { ...packageOf(project, p), ...(changelog !== undefined ? { changelog: true } : {}) };
  return { pkg, changelog };
}

/**
 * A provider's stamp key: what its package depends on besides the files it reads and the shared inputs (its folder,
 * package, changelog, and the generator's version, which its surface records).
 */
function keyFor(
  project: ProjectContext,
  shared: string,
  p: string,
  { pkg, changelog }: { pkg: PackageContext; changelog: string | undefined },
): string {
  return keyOf(shared, {
    // Its folder, as its files' headers name it: another --specs with the same providers is another generation.
    folder: rel(project.root, join(project.specsDir, p)),
    pkg,
    changelog: changelog === undefined ? null : sha256(changelog),
    generator: project.generator,
  });
}

/**
 * With options.shared, and a stamp in the output folder made with the same shared inputs: a provider's files as that
 * stamp records them, when they still stand (keptFiles). Only for the packages of every provider (with `providers`, the
 * index is left as it is, and a platform's README takes every provider's IR).
 */
function standingFiles(
  project: ProjectContext,
  options: GenerateOptions,
): (((p: string, key: string) => ReturnType<typeof keptFiles>) & { shared: string }) | undefined {
  const { shared } = options;
  if (shared === undefined || project.target !== "packages" || options.providers) return undefined;
  const stamp = readStamp(project.outDir);
  if (stamp?.shared !== shared) return undefined;
  return Object.assign((p: string, key: string) => keptFiles(stamp, p, key, project), { shared });
}
