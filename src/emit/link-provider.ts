// One provider's specs loaded, validated and linked (manifest + OpenAPI
// document → IR), without the emitters: the commands that only link (test,
// emit, upstream, add) and the mocks load this, not generate-all.ts, whose
// emitters, templates and platform targets are a third of the build's modules.
import { existsSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { ProviderIR } from "../model/ir.js";
import { linkDocument, LinkErrors } from "../link/index.js";
import { OpenApiDocument } from "../load/openapi-document.js";
import { fileTexts, LARGE_DOCUMENT_BYTES, loadOpenApi, type OpenApiFiles } from "../load/openapi-source.js";
import type { Manifest } from "../load/precompiled/manifest-types.js";
import { boundByManifest } from "../load/bound-cut.js";
import { validateManifest } from "../load/validate-manifest.js";
import { checkpoint } from "../common/checkpoint.js";
import { INPUT_LIMITS, loadYamlSource, SourceError } from "../load/yaml-source.js";
import { asGenerationErrors, asGenerationErrorsAsync, GenerationErrors } from "./generation-errors.js";
import { projectPackage } from "./project-package.js";
import { rel } from "./project-context.js";
import { refusingTooDeep } from "../load/schemas/reference-depth.js";
import { thousands } from "./thousands.js";

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
  /** Each step of a large document as it begins (see loadOpenApi); `paced`: it looks at the signal between chunks. */
  onStep?: (step: string, paced?: boolean) => void,
  /**
   * The document, when the caller has loaded it as this would (loadOpenApi, cut to what the manifest binds): not read
   * again.
   */
  loaded?: OpenApiFiles,
): Promise<LinkedProvider> {
  const manifestPath = join(dir, "manifest.yaml");
  // A large document tells its steps (loadOpenApi), and so do a large manifest's read and the link, each one
  // synchronous call of seconds (a whole published API's manifest: 61 MB, its review notes).
  let large = false;
  const manifestBytes = onStep && existsSync(manifestPath) ? statSync(manifestPath).size : 0;
  if (manifestBytes >= LARGE_DOCUMENT_BYTES) {
    large = true;
    onStep?.(`reading ${rel(root, manifestPath)} (${(manifestBytes / 1048576).toFixed(1)} MB)`);
  }
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
        onStep &&
          ((step, paced) => {
            large = true;
            onStep(step, paced);
          }),
        boundByManifest(manifest),
      ),
    ));
  await checkpoint(signal);
  if (large) {
    const n = Object.keys(manifest.operations ?? {}).length;
    // As en-US writes it, without Intl's formatter (toLocaleString makes one, loading its locale data: thousands.ts).
    onStep?.(`linking its ${thousands(n)} operation${n === 1 ? "" : "s"}`);
  }
  try {
    // A document nesting too deep through its `$ref`s for the link's walks refused by its depth and place, measured
    // only where one overflows (load/schemas/reference-depth.ts).
    const { document, ir } = refusingTooDeep(openapi.source, () => {
      const document = new OpenApiDocument(openapi.source);
      return { document, ir: linkDocument(source, document) };
    });
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
