// What `blockwright add` does, step by step: read the published document (a
// file, or an address fetched within a size cap and a time limit), bring it
// to OpenAPI 3, cut it to the chosen operations, draft the manifest, pin the
// document, write the provider's folder, check that the draft links, and
// say what was cut, drafted and left to review. Nothing is written before
// the whole draft is ready: Ctrl-C or SIGTERM stops at once, between two
// steps or while a document arrives, with nothing written (or, during the
// final check, saying that the provider's folder is written).
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { setImmediate as turn } from "node:timers/promises";
import { dirname, extname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { CommandFailure, interruptedStatus, UsageError, type CliIo } from "./io.js";
import { writeWhole } from "../../common/files.js";
import { lineText, logSafe } from "../../common/github-actions.js";
import { isInside, linkOnPath, statOf } from "../../common/paths.js";
import { parsePublished, pinnedFiles, PublishedDocumentError } from "../../upstream/published.js";
import {
  INPUT_LIMITS,
  parseYamlSource,
  readSourceText,
  SourceError,
  UnreadableSource,
} from "../../load/yaml-source.js";
import { sha256 } from "../../common/hash.js";
import { bundlePublished, hasFileRef, OpenApiProblems } from "../../load/openapi-source.js";
import type { Manifest } from "../../load/precompiled/manifest-types.js";
import { asOpenApi3, UnsupportedDocument } from "../../import/convert.js";
import type { CutReport } from "../../import/cut.js";
import type { CredentialDraft, DraftCredential } from "../../import/draft-auth.js";
import type { ManifestDraft } from "../../import/draft-manifest.js";
import { draftProvider, UndraftableDocument } from "../../import/draft-provider.js";
import {
  addressProblem,
  FetchFailed,
  FetchRefused,
  fetchDocument,
  isAddress,
  recordableAddress,
} from "../../import/fetch-document.js";
import type { ReviewNote } from "../../import/manifest-yaml.js";
import {
  documentOperations,
  type OperationGroups,
  selectOperations,
  UnknownOperations,
} from "../../import/select-operations.js";

type Json = Record<string, unknown>;

export interface AddRequest {
  from: string;
  provider: string | undefined;
  names: string[];
  /** Operations taken by tag or path prefix, besides those named. */
  groups?: OperationGroups;
  list: boolean;
  source: string | undefined;
  force: boolean;
  json: boolean;
  timeoutMs: number;
  specs: string | undefined;
}

/** Time between two progress lines of a download when stderr is not a terminal. */
const PLAIN_EVERY_MS = 3000;

class Interrupted extends Error {
  constructor(readonly signal: unknown) {
    super("");
  }
}

export async function addProvider(request: AddRequest, io: CliIo): Promise<number> {
  const controller = new AbortController();
  void io.interrupted.then((signal) => controller.abort(new Interrupted(signal)));
  try {
    return await add(request, io, controller.signal);
  } catch (e) {
    if (e instanceof Interrupted) {
      io.stderr.write(`\nadd: interrupted: ${e.message || "nothing written"}\n`);
      return interruptedStatus(e.signal);
    }
    if (e instanceof FetchFailed) throw new CommandFailure(`blockwright add: ${e.message}\n`, 1);
    // The user's input, worded by its reader: one line, exit status 2.
    if (
      e instanceof UnreadableSource ||
      e instanceof SourceError ||
      e instanceof PublishedDocumentError ||
      e instanceof UnsupportedDocument ||
      e instanceof UnknownOperations ||
      e instanceof UndraftableDocument ||
      e instanceof FetchRefused ||
      e instanceof OpenApiProblems
    )
      throw new UsageError(e instanceof UnreadableSource || e instanceof SourceError ? e.code : "BW3010", e.message);
    throw e;
  }
}

async function add(request: AddRequest, io: CliIo, signal: AbortSignal): Promise<number> {
  const say = (text: string) => io.stderr.write(`add: ${text}\n`);
  // Each step computes without waiting for anything: the event loop turns here, so that a signal given during one is
  // seen.
  const stop = async (left?: string) => {
    await turn();
    if (signal.aborted) throw left ? new Interrupted(left) : signal.reason;
  };
  const specs = resolve(io.cwd, request.specs ?? "specs");
  const shownSpecs = relative(io.cwd, specs) || ".";
  const provider = request.provider ?? "";
  const folder = join(specs, provider);
  if (!request.list) checkTarget(specs, shownSpecs, provider, request.force);

  const read = await readDocument(request, io, signal);
  await stop();
  let data = parsePublished(read.text, read.shown, read.json);
  await stop();
  const openApiLike =
    data !== null &&
    typeof data === "object" &&
    (typeof (data as Json).openapi === "string" || (data as Json).swagger === "2.0");
  if (read.file !== undefined && openApiLike && hasFileRef(data)) {
    // A multi-file document: bundled as generation bundles one, and the bundle is what is cut and pinned.
    say(`bundling the files ${read.shown} refers to (@redocly/openapi-core)…`);
    const bundle = await bundlePublished(read.file, read.text, (file) => relative(io.cwd, file).split("\\").join("/"), [
      dirname(read.file),
    ]);
    await stop();
    data = bundle.data;
    read.text = `${JSON.stringify(data, null, 2)}\n`;
    read.json = true;
    say(`bundled ${bundle.files} files into one document (${size(Buffer.byteLength(read.text))})`);
  }
  if (data !== null && typeof data === "object" && (data as Json).swagger === "2.0")
    say("converting Swagger 2.0 to OpenAPI 3.0…");
  const { document, kind } = asOpenApi3(data, read.shown);
  await stop();
  if (request.list) {
    // The document's text, escaped as every text output escapes outside text.
    for (const op of documentOperations(document))
      io.stdout.write(
        logSafe(
          `${lineText(op.operationId ?? "(no operationId)")}\t${op.method.toUpperCase()} ${lineText(op.path)}` +
            `${op.summary ? `\t${lineText(op.summary.replace(/\s+/g, " "))}` : ""}\n`,
        ),
      );
    return 0;
  }

  const chosen = selectOperations(document, request.names, request.groups);
  say(`cutting ${chosen.length} of ${documentOperations(document).length} operations, drafting the manifest…`);
  const shownFolder = relative(io.cwd, folder) || ".";
  const today = new Date().toISOString().slice(0, 10);
  const hash = sha256(read.text);
  const { openapiText, manifestText, cut, added, credential, draft, notes } = draftProvider({
    provider,
    document,
    chosen,
    source: { origin: read.origin, sha256: hash, kind },
    folder: shownFolder,
    today,
    header: schemaLine(io.cwd, specs, folder),
  });
  const pinned = pinnedFiles(read.text, {
    provider,
    format: kind.format,
    json: read.json,
    source: request.source ?? read.origin,
    retrieved: today,
  });
  await stop();

  // --force over a manifest already there: what the new draft replaces is said, never swapped silently.
  if (request.force && existsSync(join(folder, "manifest.yaml"))) {
    const { replacedParts } = await import("../../upstream/replaced-manifest.js");
    for (const line of replacedParts(readFileSync(join(folder, "manifest.yaml"), "utf8"), manifestText))
      say(
        `--force replaces ${shownFolder}/manifest.yaml: ${line} (to take a newer document and keep the ` +
          `manifest: blockwright upstream ${provider} <document> --accept)`,
      );
  }
  const files = new Map<string, string>([
    ...[...pinned].map(([name, text]): [string, string] => [`upstream/${name}`, text]),
    ["openapi.yaml", openapiText],
    ["manifest.yaml", manifestText],
  ]);
  say(`writing ${shownFolder}/…`);
  writeProvider(specs, provider, files);

  say("checking that the draft links…");
  const { problems, warnings } = await linkProblems(
    io.cwd,
    folder,
    { manifest: manifestText, openapi: openapiText },
    shownFolder,
  );
  await stop(`${shownFolder}/ is written; blockwright generate checks it`);

  const summary = {
    provider,
    folder: shownFolder,
    from: read.origin,
    document: {
      format: kind.format,
      version: kind.version,
      converted: kind.format === "swagger",
      bytes: Buffer.byteLength(read.text),
      sha256: hash,
    },
    cut: { ...cut, bytes: Buffer.byteLength(openapiText), added },
    drafted: {
      operations: draft.operations,
      credential: {
        scheme: credential.scheme,
        param: credential.param,
        placement: credential.placement,
        ways: credential.ways.map((w) =>
          w.map(({ scheme, param, user, placement }) => ({ scheme, param, ...(user ? { user } : {}), placement })),
        ),
      },
    },
    pinned: [...pinned.keys()].map((name) => `${shownFolder}/upstream/${name}`),
    review: notes.map((n) => ({ at: n.at.join("."), note: n.note })),
    check: { problems, warnings },
  };
  if (request.json) io.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
  else io.stdout.write(logSafe(summaryText(summary, notes)));
  return 0;
}

/** The specs folder exists and the provider's folder holds no provider yet (unless --force). */
function checkTarget(specs: string, shownSpecs: string, provider: string, force: boolean): void {
  const stat = statOf(specs);
  if (!stat) throw new UsageError("BW3005", `no specs folder ${shownSpecs} (pass --specs, or run blockwright init)`);
  if (!stat.isDirectory())
    throw new UsageError(
      "BW3007",
      `--specs ${shownSpecs}: is a file, not a folder (the specs folder holds one folder per provider)`,
    );
  const existing = ["manifest.yaml", "openapi.yaml", "upstream/source.yaml"].filter((f) =>
    existsSync(join(specs, provider, f)),
  );
  if (existing.length && !force)
    throw new UsageError(
      "BW3007",
      `${join(shownSpecs, provider)}/ already holds ${existing.join(", ")}: ` +
        `add starts a new provider (pass --force to replace them)`,
    );
  if (statOf(join(specs, provider))?.isDirectory() === false)
    throw new UsageError("BW3007", `${join(shownSpecs, provider)} is a file, not a folder`);
}

interface ReadDocument {
  /** The document's text: the root file as read, or the bundle of a multi-file document. */
  text: string;
  /** The file read, absolute (none for an address). */
  file?: string;
  /** The document as messages name it. */
  shown: string;
  /** Where it came from, as recorded (an address without secrets, or the file as given). */
  origin: string;
  json: boolean;
}

async function readDocument(request: AddRequest, io: CliIo, signal: AbortSignal): Promise<ReadDocument> {
  const from = request.from;
  if (!isAddress(from)) {
    if (/^[a-z][a-z0-9+.-]+:\/\//i.test(from))
      throw new UsageError("BW3003", `--from ${from}: add reads a file, or an https address (http only on loopback)`);
    const text = readSourceText(resolve(io.cwd, from), from, INPUT_LIMITS.document);
    io.stderr.write(`add: read ${from} (${size(Buffer.byteLength(text))})\n`);
    return { text, file: resolve(io.cwd, from), shown: from, origin: from, json: isJson(from, text) };
  }
  const problem = addressProblem(from);
  if (problem) throw new UsageError("BW3003", `--from ${recordableAddress(from)}: ${problem}`);
  const shown = recordableAddress(from);
  io.stderr.write(`add: fetching ${shown}…\n`);
  let last = performance.now();
  let drawn = false;
  const text = await fetchDocument(from, {
    signal,
    timeoutMs: request.timeoutMs,
    maxBytes: INPUT_LIMITS.document.bytes,
    onProgress: (received, total) => {
      const now = performance.now();
      if (now - last < (io.stderr.isTTY ? 100 : PLAIN_EVERY_MS)) return;
      last = now;
      const line = `add: ${size(received)}${total ? ` of ${size(total)}` : ""} received`;
      if (io.stderr.isTTY) {
        io.stderr.write(`\r\x1b[2K${line}`);
        drawn = true;
      } else io.stderr.write(`${line}\n`);
    },
  }).finally(() => drawn && io.stderr.write("\r\x1b[2K"));
  io.stderr.write(`add: fetched ${size(Buffer.byteLength(text))}\n`);
  return { text, shown, origin: shown, json: isJson(new URL(from).pathname, text) };
}

/** JSON by the name's extension; without one, by the first character. */
function isJson(name: string, text: string): boolean {
  const ext = extname(name).toLowerCase();
  if (ext === ".json") return true;
  if (ext === ".yaml" || ext === ".yml") return false;
  return /^\s*[{[]/.test(text);
}

/**
 * The editor's schema line: the project's copy of the manifest schema, else
 * this package's when the project holds it (installed in its node_modules).
 */
function schemaLine(root: string, specs: string, folder: string): string[] {
  const own = join(specs, "manifest.schema.json");
  const schema = existsSync(own) ? own : fileURLToPath(new URL("../../../specs/manifest.schema.json", import.meta.url));
  return existsSync(schema) && isInside(root, schema)
    ? [`yaml-language-server: $schema=${relative(folder, schema).split("\\").join("/")}`]
    : [];
}

/**
 * Write the provider's files (relative to its folder), never through a symbolic link; a folder this made is removed
 * again when a write fails.
 */
function writeProvider(specs: string, provider: string, files: Map<string, string>): void {
  const folder = join(specs, provider);
  const links = new Map<string, boolean>();
  for (const path of files.keys()) {
    const link = linkOnPath(specs, `${provider}/${path}`, links);
    if (link)
      throw new UsageError(
        "BW3007",
        `${join(specs, link)} is a symbolic link: add writes ${provider}/${path} ` +
          `there and never through a link (replace the link with the file or folder itself)`,
      );
    if (statOf(join(folder, path))?.isFile() === false)
      throw new UsageError("BW3007", `${join(folder, path)} is not a file: add writes the provider's ${path} there`);
  }
  const created = !existsSync(folder);
  try {
    for (const [path, text] of files) {
      mkdirSync(dirname(join(folder, path)), { recursive: true });
      writeWhole(join(folder, path), text);
    }
    // A pinned document of the other format, from an earlier add or --accept, would no longer be the pinned one.
    for (const name of ["published.json", "published.yaml"])
      if (!files.has(`upstream/${name}`)) rmSync(join(folder, "upstream", name), { force: true });
  } catch (e) {
    if (created) rmSync(folder, { recursive: true, force: true });
    throw new UsageError(
      "BW3007",
      `cannot write ${folder}/ (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`,
    );
  }
}

/**
 * The problems generate will report for the new provider: those of its link
 * step (manifest schema, spec, examples, link). When the spec stops it
 * before the manifest is linked, the link's own problems are added (from
 * the texts as written), so that one pass lists everything to fix.
 */
async function linkProblems(
  root: string,
  folder: string,
  texts: { manifest: string; openapi: string },
  shown: string,
): Promise<{ problems: string[]; warnings: string[] }> {
  const { linkProvider, GenerationErrors } = await import("../../emit/generate-all.js");
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
  const manifest = parseYamlSource<Manifest>(texts.manifest, `${shown}/manifest.yaml`);
  const schemaProblems = validateManifest(manifest);
  if (schemaProblems.length)
    return { problems: [...problems, ...schemaProblems.map((err) => err.message)], warnings: [] };
  try {
    linkDocument(
      manifest,
      new OpenApiDocument(parseYamlSource(texts.openapi, `${shown}/openapi.yaml`, INPUT_LIMITS.document)),
    );
  } catch (e) {
    if (e instanceof LinkErrors)
      return { problems: [...problems, ...e.errors.map((err) => err.printed)], warnings: [] };
    throw e;
  }
  return { problems, warnings: [] };
}

interface Summary {
  provider: string;
  folder: string;
  from: string;
  document: { format: string; version: string; converted: boolean; bytes: number };
  cut: CutReport & { bytes: number; added: string[] };
  drafted: {
    operations: ManifestDraft["operations"];
    credential: { scheme: string; param: string; placement: CredentialDraft["placement"]; ways: DraftedCredential[][] };
  };
  pinned: string[];
  check: { problems: string[]; warnings: string[] };
}

function summaryText(s: Summary, notes: ReviewNote[]): string {
  const kinds = Object.entries(s.cut.components)
    .filter(([, c]) => c.kept > 0)
    .map(([kind, c]) => `${kind} ${c.kept} of ${c.total}`);
  const lines = [
    `add ${s.provider}: wrote ${s.folder}/ from ${s.from} (` +
      `${s.document.format === "swagger" ? "Swagger 2.0, converted to OpenAPI 3.0" : `OpenAPI ${s.document.version}`})`,
    `  cut:      ${s.cut.operations.kept} of ${s.cut.operations.total} operations` +
      `${kinds.length ? `; ${kinds.join(", ")}` : ""}; ${size(s.document.bytes)} → ${size(s.cut.bytes)} ` +
      `(openapi.yaml)`,
    ...(s.cut.dropped.length ? [`            left out at the top level: ${s.cut.dropped.join(", ")}`] : []),
    ...(s.cut.added.length ? [`            added (not published): ${s.cut.added.join(", ")}`] : []),
    `  drafted:  ${s.drafted.operations.length} operation${s.drafted.operations.length === 1 ? "" : "s"} ` +
      `(manifest.yaml); credential ${credentialWords(s.drafted.credential)}`,
    ...s.drafted.operations.map(
      (o) =>
        `            ${o.id} (${o.operationId}): ${o.params} parameter${o.params === 1 ? "" : "s"}, ` +
        `${o.outputs} output${o.outputs === 1 ? "" : "s"}${o.paging ? `, ${o.paging} paging` : ""}`,
    ),
    `  pinned:   ${s.pinned.join(", ")}`,
    `  review:   ${notes.length} note${notes.length === 1 ? "" : "s"} (# review: in manifest.yaml):`,
    ...notes.map((n) => `            ${n.at.join(".")}: ${n.note}`),
    s.check.problems.length
      ? `  check:    generate will stop on ${s.check.problems.length} problem` +
        `${s.check.problems.length === 1 ? "" : "s"}:`
      : "  check:    the draft links: generate accepts it",
    ...s.check.problems.map((p) => `            ${p}`),
    ...(s.check.warnings.length
      ? [`            and warns of ${s.check.warnings.length}:`, ...s.check.warnings.map((w) => `            ${w}`)]
      : []),
    "",
    `Next: review the notes, then blockwright generate && blockwright test ${s.provider}`,
  ];
  return `${lines.join("\n")}\n`;
}

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

type DraftedCredential = Pick<DraftCredential, "scheme" | "param" | "user" | "placement">;

/**
 * The drafted credentials in a line: `accessToken (security scheme bearerAuth, bearer token)`, ways joined by "or", a
 * requirement's schemes by "with".
 */
function credentialWords(credential: { ways: DraftedCredential[][] }): string {
  const one = (c: DraftedCredential) => {
    const p = c.placement;
    if (p.type === "path") return `${c.param} (the address's {${p.name}}: auth.variable)`;
    const where =
      p.type === "bearer"
        ? "bearer token"
        : p.type === "basic"
          ? `HTTP basic with ${c.user ?? "a user name"}`
          : `${p.type} ${p.name}`;
    return `${c.param} (security scheme ${c.scheme}, ${where})`;
  };
  return credential.ways.map((w) => w.map(one).join(" with ")).join(" or ");
}
