// Reading an OpenAPI document as found in the wild: one file, or several joined by external `$ref`s
// (`./schemas/volume.yaml#/Volume`). A document with external references is bundled into one by @redocly/openapi-core
// (the bundler openapi-typescript itself uses), reading every file with this project's YAML reader so positions and
// YAML semantics stay the same; references to network addresses are refused (generation reads local files only). An
// example's value that is only a `$ref` is followed, as Prism's bundler follows it (load-rewrites.ts). Every problem
// names `file:line:col`.
import { statSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { isInside, realPath } from "../common/paths.js";
import type { Source } from "@redocly/openapi-core";
import {
  formatPosition,
  INPUT_LIMITS,
  loadYamlSource,
  parseYamlSource,
  readSourceText,
  SourceError,
  UnreadableSource,
  type YamlSource,
} from "./yaml-source.js";
import { refPath, valueAt } from "./json-ref.js";
import { isNameRef, NETWORK_REF, writesOnlyLocalRefs } from "./structure/file-refs.js";
import { OPERATION_METHODS } from "./openapi-document.js";
import { checkpoint } from "../common/checkpoint.js";
import { examineExamplesUntil, type Path } from "./examples/openapi-examples.js";
import { oncePerSite, upstreamMismatches, withPinHint } from "./examples/published-examples.js";
import { type DelimitedPattern, followExampleRefs, inExtension } from "./load-rewrites.js";
import { type DiscriminatedUnion, readDelimitedPatterns, rewriteOnLoad } from "./load-rewrites.js";
import { bundleTypes, refMessage } from "./structure/bundle-types.js";
import { type BoundParts, cutToBound } from "./bound-cut.js";
import { structurePlace, structureProblems } from "./structure/document-structure.js";
import { refusingTooDeep } from "./schemas/reference-depth.js";
import { unnarrowedKinds } from "./schemas/unnarrowed-kinds.js";

export interface OpenApiFiles {
  /**
   * The document to link: the root file, its data bundled when it had external references, cut to `bound` when given
   * (bound-cut.ts).
   */
  source: YamlSource;
  /** Every file read, the root first, by absolute path (their texts go into the surface's input hashes). */
  files: Map<string, YamlSource>;
  /**
   * Examples the upstream published that break their schema (examples/published-examples.ts): left out of
   * `source.data`; patterns read without their slashes (load-rewrites.ts).
   */
  warnings: SourceError[];
}

/** A document at least this large tells its steps (on a whole published one, seconds each). */
export const LARGE_DOCUMENT_BYTES = 1024 * 1024;

/**
 * Read, bundle and check the examples of the OpenAPI document at `path`;
 * throws SourceErrors (a list) on problems. An external `$ref` may read only
 * files inside `refFolders` (absolute): generation passes what
 * openapiRefFolders (generate-all.ts) gives; by default the folder above the
 * document's, the specs folder of a `specs/<provider>/openapi.yaml`. With
 * `bound` (what the manifest names: boundByManifest), the document is cut to
 * it before its examples are checked; the root file's entry in `files` then
 * holds the cut too (its text is the file's, whole).
 */
export async function loadOpenApi(
  path: string,
  root: string,
  refFolders: string[] = [dirname(dirname(resolve(path)))],
  signal?: AbortSignal,
  /** Each step of a large document as it begins; `paced`: the step looks at the signal between its chunks. */
  onStep?: (step: string, paced?: boolean) => void,
  bound?: BoundParts,
): Promise<OpenApiFiles> {
  const absolute = resolve(path);
  const display = (file: string) => relative(root, file).split("\\").join("/");
  // A whole published document takes seconds: the signal is looked at between the steps and between chunks of examples,
  // and a large one tells each step as it begins (a small one's steps take milliseconds: it says nothing).
  await checkpoint(signal);
  const bytes = statSync(absolute).size;
  const step = onStep && bytes >= LARGE_DOCUMENT_BYTES ? onStep : undefined;
  step?.(`reading ${display(absolute)} (${(bytes / 1048576).toFixed(1)} MB)`);
  const rootSource = loadYamlSource(absolute, display(absolute), INPUT_LIMITS.document);
  const version = versionProblem(rootSource);
  if (version) throw new OpenApiProblems([version]);
  const files = new Map<string, YamlSource>([[absolute, rootSource]]);
  await checkpoint(signal);
  // The text read first: most documents write every `$ref` as a place in themselves, which it says without a walk.
  const whole =
    !writesOnlyLocalRefs(rootSource.text) && hasExternalRef(rootSource.data)
      ? await bundled(rootSource, absolute, files, display, refFolders)
      : rootSource;
  // Operation ids are unique in the whole document (a manifest names any of them).
  const duplicates = duplicateOperationIds(whole);
  // The document cut to what the manifest binds (bound-cut.ts), before the work that grows with the document. One file
  // is cut at once, its examples checked in the cut; a bundle of several, whose examples are checked in their own
  // files (where each is placed), is cut once they are.
  const early = bound && whole === rootSource ? cutToBound(whole.data, bound) : undefined;
  let source = early ? { ...whole, data: early } : whole;
  if (early) files.set(absolute, source);
  // Null or a text where OpenAPI gives an object or a list, in what the operations reach, is refused at its place
  // before any reader takes it (structure/document-structure.ts); its walk is the first to overflow on a document
  // nesting too deep through its `$ref`s, refused then (schemas/reference-depth.ts).
  const read = source;
  const broken = refusingTooDeep(read, () => structureProblems(read.data));
  if (broken.length)
    throw new OpenApiProblems(
      broken.map(
        (p) => new SourceError("BW2019", source.locate(p.path, "value"), `${structurePlace(p.path)}: ${p.message}`),
      ),
    );
  // With the discriminated unions the rewrites' walk gathers in a document of one file (unnarrowedKinds reads them).
  const { delimited, unions } = rewrite(source, rootSource, files);
  step?.("checking its examples", true);
  const examined = await examineExamplesUntil(files, absolute, signal);
  await checkpoint(signal);
  // A list example read as its style's text is read in its own file (written-lists.ts): the bundle is made again.
  if (whole !== rootSource && examined.listsRead)
    source = await bundled(rootSource, absolute, files, display, refFolders);
  // Only examples of the root file are left out: add writes one file, so an example of another is ours.
  // An example of components.examples may be checked once per response that refers to it: dropped at the first, left
  // out for all.
  const dropped = new Set<string>();
  const lists: { list: unknown[]; at: Path }[] = [];
  const upstream = upstreamMismatches(absolute, examined.mismatches).filter((u) => {
    const site = JSON.stringify(u.mismatch.site);
    if (u.mismatch.file !== absolute) return false;
    if (dropped.has(site)) return true;
    if (!dropExample(source.data, u.mismatch.site, lists)) return false;
    dropped.add(site);
    return true;
  });
  sweepLists(source.data, lists);
  const left = new Set(upstream.map((u) => u.mismatch));
  const problems = [
    ...duplicates,
    ...examined.problems,
    ...examined.mismatches.filter((m) => !left.has(m)).map(withPinHint(absolute)),
  ];
  if (problems.length) throw new OpenApiProblems(problems);
  const late = bound && !early && whole !== rootSource ? cutToBound(source.data, bound) : undefined;
  if (late) source = { ...source, data: late };
  const unnarrowed = unnarrowedKinds(source, late ? undefined : unions);
  return { source, files, warnings: [...delimited, ...oncePerSite(upstream), ...unnarrowed] };
}

/**
 * What stands for an item of a JSON Schema `examples` list until the list is swept (its other items keep their indices
 * meanwhile).
 */
const DROPPED_ITEM = Symbol("dropped example");

/**
 * Remove the example named at `site` (an `example` key, an `examples` entry: an `examples` map left empty goes
 * too; or an item of a 3.1 schema's `examples` list, marked and recorded in `lists` for sweepLists); whether it was
 * there.
 */
function dropExample(data: unknown, site: Path, lists: { list: unknown[]; at: Path }[]): boolean {
  const owner = valueAt(data, site.slice(0, -1)) as Record<string, unknown> | unknown[] | undefined;
  const key = site.at(-1);
  if (Array.isArray(owner)) {
    if (typeof key !== "number" || key >= owner.length || owner[key] === DROPPED_ITEM) return false;
    owner[key] = DROPPED_ITEM;
    if (!lists.some((l) => l.list === owner)) lists.push({ list: owner, at: site.slice(0, -1) });
    return true;
  }
  if (!owner || typeof owner !== "object" || Array.isArray(owner) || key === undefined || !(key in owner)) return false;
  delete owner[key];
  if (site.at(-2) === "examples" && !Object.keys(owner).length)
    delete (valueAt(data, site.slice(0, -2)) as Record<string, unknown>).examples;
  return true;
}

/** The `examples` lists dropExample marked, without their dropped items; a list left empty goes. */
function sweepLists(data: unknown, lists: { list: unknown[]; at: Path }[]): void {
  for (const { list, at } of lists) {
    const kept = list.filter((item) => item !== DROPPED_ITEM);
    list.splice(0, list.length, ...kept);
    if (!kept.length) delete (valueAt(data, at.slice(0, -1)) as Record<string, unknown>)[String(at.at(-1))];
  }
}

export class OpenApiProblems extends Error {
  constructor(readonly errors: SourceError[]) {
    super(errors.map((e) => e.printed).join("\n"));
    this.name = "OpenApiProblems";
  }
}

/**
 * An OpenAPI 3.0, 3.1 or 3.2 document (3.2 read as 3.1 where they overlap: openapi-version.ts) is what the linker, the
 * example checker and openapi-typescript read.
 */
function versionProblem(source: YamlSource): SourceError | undefined {
  const data = source.data as { openapi?: unknown; swagger?: unknown } | null;
  const version = data !== null && typeof data === "object" ? data.openapi : undefined;
  if (typeof version === "string" && /^3\.[012](\.\d+)?$/.test(version)) return undefined;
  if (data !== null && typeof data === "object" && "swagger" in data) {
    return new SourceError(
      "BW1201",
      source.locate(["swagger"], "value"),
      `swagger: ${JSON.stringify(data.swagger)} is Swagger 2; generation reads OpenAPI 3.0 or 3.1 ` +
        `(blockwright add converts a Swagger 2.0 document: add <provider> --from <document>)`,
    );
  }
  return new SourceError(
    "BW1201",
    source.locate(["openapi"], "value"),
    `openapi: must be an OpenAPI version 3.0.x, 3.1.x or 3.2.x, got ` +
      `${version === undefined ? "nothing" : JSON.stringify(version)}`,
  );
}

/** Operation ids name operations in manifests and in the generated types: each must be used once. */
function duplicateOperationIds(source: YamlSource): SourceError[] {
  const paths = (source.data as { paths?: Record<string, unknown> }).paths ?? {};
  const first = new Map<string, [string, string, string, string]>();
  const problems: SourceError[] = [];
  for (const [path, item] of Object.entries(paths)) {
    if (item === null || typeof item !== "object") continue;
    // Only the operations (an `x-` extension or `parameters` may hold anything), as OpenApiDocument reads them.
    for (const method of OPERATION_METHODS) {
      const op = (item as Record<string, unknown>)[method];
      const id = op !== null && typeof op === "object" ? (op as { operationId?: unknown }).operationId : undefined;
      if (typeof id !== "string") continue;
      const at: [string, string, string, string] = ["paths", path, method, "operationId"];
      const earlier = first.get(id);
      if (!earlier) first.set(id, at);
      else
        problems.push(
          new SourceError(
            "BW1202",
            source.locate(at, "value"),
            `operationId "${id}" is already used by ${earlier[2].toUpperCase()} ${earlier[1]} ` +
              `(${formatPosition(source.locate(earlier, "value"))}): operation ids must be unique`,
          ),
        );
    }
  }
  return problems;
}

/**
 * The load's rewrites (load-rewrites.ts) of `source` and every file read: example values that are only a `$ref`,
 * followed as Prism follows them, before they are checked; patterns written between slashes, read as what is between
 * them in every file, before each file's examples are checked against them. The patterns so read, each a warning.
 */
function rewrite(source: YamlSource, rootSource: YamlSource, files: Map<string, YamlSource>): Rewritten {
  // One file: both in one walk (rewriteOnLoad), which gathers the discriminated unions too.
  const loaded = new Set([source, ...files.values()]);
  const patterns = new Map<YamlSource, DelimitedPattern[]>();
  let unions: DiscriminatedUnion[] | undefined;
  if (loaded.size === 1) patterns.set(source, rewriteOnLoad(source.data, (unions = [])));
  else {
    for (const file of loaded) followExampleRefs(file.data);
    for (const file of loaded) patterns.set(file, readDelimitedPatterns(file.data));
  }
  // Said once each, at its own file's place (a bundle holds copies of the files').
  const delimited: SourceError[] = [];
  for (const [file, read] of patterns) {
    if (file === source && source !== rootSource) continue;
    for (const p of read)
      delimited.push(
        new SourceError(
          "BW1206",
          file.locate(p.path, "value"),
          `pattern ${JSON.stringify(p.written)} is written between slashes, as a JavaScript literal, ` +
            `which no text matches: read as ${JSON.stringify(p.read)}`,
        ),
      );
  }
  return unions ? { delimited, unions } : { delimited };
}

type Rewritten = { delimited: SourceError[]; unions?: DiscriminatedUnion[] };

/** Whether any `$ref` points outside the document. */
function hasExternalRef(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(hasExternalRef);
  if (node === null || typeof node !== "object") return false;
  const ref = (node as { $ref?: unknown }).$ref;
  if (typeof ref === "string" && !ref.startsWith("#")) return true;
  // `for…in`: Object.values made an array at each node (generate's collector runs by the bytes allocated).
  const own = node as Record<string, unknown>;
  for (const key in own) if (Object.hasOwn(own, key) && hasExternalRef(own[key])) return true;
  return false;
}

type Redocly = typeof import("@redocly/openapi-core");

/**
 * A resolver that reads referenced files with this project's YAML reader,
 * never the network, and only inside `refFolders`: a `$ref` to
 * `/home/me/.aws/credentials` would otherwise be read and its text could land
 * in the generated types.
 */
/** Why a file outside the folders may not be read, and what to do: generation's wording (add words its own). */
type OutsideAdvice = (file: string, folders: string) => string;
const SPECS_ADVICE: OutsideAdvice = (file, folders) =>
  `${file} is outside the specs folder (${folders}), where a $ref may read; to allow its folder, ` +
  `list it in package.json "blockwright": { "externalRefFolders": [...] }`;

function localResolver(
  redocly: Redocly,
  files: Map<string, YamlSource>,
  display: (file: string) => string,
  refFolders: string[],
  outside: OutsideAdvice,
) {
  // The folders themselves, links resolved; one inside another is named once.
  const real = refFolders.map(realPath);
  const allowed = real.filter(
    (f, i) => !real.some((other, j) => (j < i && other === f) || (other !== f && isInside(other, f))),
  );
  return new (class LocalResolver extends redocly.BaseResolver {
    readonly problems: SourceError[] = [];
    readonly missing = new Set<string>(); // files a `$ref` names that are not there (not those refused)

    override async loadExternalRef(absoluteRef: string): Promise<Source> {
      if (NETWORK_REF.test(absoluteRef))
        throw new Error(
          `${absoluteRef} is not a local file: generation reads no network address (save the file beside the ` +
            `spec and refer to it by path)`,
        );
      // Through links too: a link inside the specs folder to a file outside it is outside.
      if (!allowed.some((folder) => isInside(folder, realPath(absoluteRef))))
        throw new Error(outside(display(absoluteRef), allowed.map((f) => `${display(f) || "."}/`).join(", ")));
      // Read as every input is: a device, a pipe, a file over the limit or not UTF-8 is refused with the reason.
      let text: string;
      try {
        text = readSourceText(absoluteRef, display(absoluteRef), INPUT_LIMITS.document);
      } catch (e) {
        if (!(e instanceof UnreadableSource)) throw e;
        if (e.detail.startsWith("no such file")) this.missing.add(absoluteRef);
        throw new Error(e.message);
      }
      return new redocly.Source(absoluteRef, text.replace(/\r\n/g, "\n"));
    }

    override parseDocument(source: Source, isRoot = false): { source: Source; parsed: unknown } {
      // A file that is not JSON or YAML (a description in Markdown, a code sample) is its text, as Redocly and
      // openapi-typescript read it: `description: {$ref: intro.md}` becomes the text of intro.md.
      if (!isRoot && !/\.(json|ya?ml)$/i.test(source.absoluteRef)) return { source, parsed: source.body };
      // The bundler rewrites references in the data it is given: it gets a copy, the files keep theirs.
      const known = files.get(source.absoluteRef);
      if (known) return { source, parsed: structuredClone(known.data) };
      try {
        const parsed = parseYamlSource(source.body, display(source.absoluteRef), INPUT_LIMITS.document);
        files.set(source.absoluteRef, parsed);
        return { source, parsed: structuredClone(parsed.data) };
      } catch (e) {
        if (!(e instanceof SourceError)) throw e;
        this.problems.push(e);
        return { source, parsed: {} };
      }
    }
  })();
}

async function bundled(
  rootSource: YamlSource,
  absolute: string,
  files: Map<string, YamlSource>,
  display: (file: string) => string,
  refFolders: string[],
  outside: OutsideAdvice = SPECS_ADVICE,
  /** A name that is no file there (isNameRef): refused (generation), or left as written (a published document). */
  names: "left" | "refused" = "refused",
): Promise<YamlSource> {
  // Loaded only here: most documents are one file, and the bundler is a large module graph.
  const redocly = await import("@redocly/openapi-core");
  const resolver = localResolver(redocly, files, display, refFolders, outside);
  const result = await redocly.bundleDocument({
    document: { source: new redocly.Source(absolute, rootSource.text), parsed: structuredClone(rootSource.data) },
    externalRefResolver: resolver,
    config: (await redocly.createConfig({})).styleguide,
    dereference: false,
    customTypes: bundleTypes(redocly, rootSource.data),
  });
  // A file that is not valid YAML: its own error says it all (the references into it fail after it).
  if (resolver.problems.length) throw new OpenApiProblems(resolver.problems);
  const problems: SourceError[] = [];
  for (const problem of result.problems) {
    if (problem.severity !== "error") continue;
    const location = problem.location[0];
    const file = location ? files.get(location.source.absoluteRef) : undefined;
    // The bundler writes the whole document as "#/".
    const pointer = location?.pointer ?? "#";
    const path = pointer === "#/" ? [] : [...refPath(pointer)];
    const position = file
      ? file.locate(path, "value")
      : { file: display(location?.source.absoluteRef ?? absolute), line: 1, col: 1 };
    // A discriminator's mapping names a schema that is defined nowhere: no `$ref`, and a document read without the
    // bundler reads it so too (the cut adds the schema it names as any value, where an operation reaches it).
    if (path.length >= 3 && path.at(-3) === "discriminator" && path.at(-2) === "mapping") continue;
    const ref = file ? refAt(file.data, path) : undefined;
    // An extension's `$ref` (`x-codeSamples`' files) is its own data: one to a file not there is left as written.
    const at = location?.source.absoluteRef;
    if (inExtension(path) && at && resolver.missing.has(resolve(dirname(at), `${ref}`.split("#")[0] ?? ""))) continue;
    // A published document's name that is no file there (`App\Entity\Queue`: isNameRef) is left as written: add's cut
    // reads it as a schema of any value (cut/name-refs.ts). Generation's bundle still refuses it.
    if (names === "left" && typeof ref === "string" && isNameRef(ref)) continue;
    problems.push(new SourceError("BW1203", position, refMessage(problem.message, ref, display)));
  }
  if (problems.length) throw new OpenApiProblems(problems);
  return { ...rootSource, data: result.bundle.parsed, text: rootSource.text };
}

/**
 * A published document whose root file `$ref`s others (path items,
 * operations, parameters, schemas in files of their own), bundled into one
 * as generation does (`add` reads it so: operation ids and the parts the
 * cut follows are then in the one document). Files are read only inside
 * `refFolders`; `text` is the root file's text as read. Throws
 * OpenApiProblems naming each reference that does not resolve.
 */
export async function bundlePublished(
  absolute: string,
  text: string,
  display: (file: string) => string,
  refFolders: string[],
  /** The option that names a wider folder, told in the refusal of a file outside (add's --refs-in). */
  widen?: string,
): Promise<{ data: unknown; files: number }> {
  const rootSource = parseYamlSource(text, display(absolute), INPUT_LIMITS.document);
  const files = new Map<string, YamlSource>([[absolute, rootSource]]);
  const source = await bundled(
    rootSource,
    absolute,
    files,
    display,
    refFolders,
    (file, folders) =>
      `${file} is outside the document's folder (${folders}), the only place its references are read ` +
      `from: copy it inside, or give the root of a folder that holds every file` +
      (widen ? `, or name a folder that holds them all with ${widen}` : ""),
    "left",
  );
  return { data: source.data, files: files.size };
}

/** The `$ref` text at a place of the data, if there is one. */
function refAt(data: unknown, path: string[]): string | undefined {
  const node = valueAt(data, path);
  const ref = node !== null && typeof node === "object" ? (node as { $ref?: unknown }).$ref : undefined;
  return typeof ref === "string" ? ref : undefined;
}

/** The texts of the files, by project-relative path (for the surface's input hashes). */
export function fileTexts(files: Map<string, YamlSource>): Record<string, string> {
  return Object.fromEntries([...files.values()].map((f) => [f.file, f.text]));
}
