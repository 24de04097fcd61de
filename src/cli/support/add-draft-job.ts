// The work of `blockwright add` that grows with the operations chosen, each step run in a worker thread by
// add-provider.ts (src/common/in-worker.ts): drafting the provider from its document, and checking that the draft
// links as generate will. On a whole published API each is a minute of synchronous work (the directory's largest
// document: 22,361 operations), which the command's own thread could neither report on nor stop when Ctrl-C or
// SIGTERM came.
// Arguments and results are plain data: the document crosses as its text and is read again here.
import { parsePublished } from "../../upstream/published.js";
import { INPUT_LIMITS, parseYamlSource } from "../../load/yaml-source.js";
import type { Manifest } from "../../load/precompiled/manifest-types.js";
import { asOpenApi3 } from "../../import/document/convert.js";
import { draftProvider, type ProviderDraft, type ProviderSource } from "../../import/draft-provider.js";
import { refuseOversizedDraft } from "../../import/draft-size.js";
import type { SelectedOperation } from "../../import/cut/select-operations.js";

export interface DraftJob {
  /** The document's text as read (or bundled), how messages name it, and whether it is JSON. */
  text: string;
  shown: string;
  json: boolean;
  provider: string;
  chosen: SelectedOperation[];
  source: ProviderSource;
  folder: string;
  today: string;
  header: string[];
}

/** A draft without what cannot cross threads (the linker's view of the cut, the manifest as data). */
export type PlainDraft = Omit<ProviderDraft, "draft"> & { draft: Pick<ProviderDraft["draft"], "operations"> };

/** The provider drafted from the document's text; a draft generate could not read is refused (draft-size.ts). */
export function draftJob(job: DraftJob, progress: (text: string) => void): PlainDraft {
  const { document } = asOpenApi3(parsePublished(job.text, job.shown, job.json), job.shown);
  const drafted = draftProvider({ ...job, document, onStep: progress });
  refuseOversizedDraft({ manifest: drafted.manifestText, openapi: drafted.openapiText }, job.chosen.length, job.folder);
  return { ...drafted, draft: { operations: drafted.draft.operations } };
}

/**
 * The problems generate will report for the new provider: those of its link
 * step (manifest schema, spec, examples, link). When the spec stops it
 * before the manifest is linked, the link's own problems are added (from
 * the texts as written), so that one pass lists everything to fix.
 */
export async function checkJob(
  root: string,
  folder: string,
  texts: { manifest: string; openapi: string },
  shown: string,
): Promise<{ problems: string[]; warnings: string[] }> {
  const { linkProvider } = await import("../../emit/link-provider.js");
  const { GenerationErrors } = await import("../../emit/generation-errors.js");
  let problems: string[];
  try {
    return { problems: [], warnings: (await linkProvider(root, folder)).warnings };
  } catch (e) {
    if (!(e instanceof GenerationErrors))
      return { problems: [`the link step failed: ${(e as Error).message}`], warnings: [] };
    problems = e.errors.map((err) => err.printed);
    if (!e.errors.every((err) => err.position.file === `${shown}/openapi.yaml`)) return { problems, warnings: [] };
  }
  const [{ validateManifest }, { linkDocument, LinkErrors }, { OpenApiDocument }] = await Promise.all([
    import("../../load/validate-manifest.js"),
    import("../../link/index.js"),
    import("../../load/openapi-document.js"),
  ]);
  const manifest = parseYamlSource<Manifest>(texts.manifest, `${shown}/manifest.yaml`, INPUT_LIMITS.manifest);
  const schemaProblems = validateManifest(manifest);
  if (schemaProblems.length)
    return { problems: [...problems, ...schemaProblems.map((err) => err.message)], warnings: [] };
  try {
    linkDocument(
      manifest,
      new OpenApiDocument(parseYamlSource(texts.openapi, `${shown}/openapi.yaml`, INPUT_LIMITS.document)),
    );
  } catch (e) {
    // The second reading finds again what the first found in openapi.yaml: each said once.
    if (e instanceof LinkErrors)
      return { problems: [...new Set([...problems, ...e.errors.map((err) => err.printed)])], warnings: [] };
    throw e;
  }
  return { problems, warnings: [] };
}
