// What `blockwright add` does, step by step: read the published document (a
// file, or an address fetched within a size cap and a time limit), bring it
// to OpenAPI 3, cut it to the chosen operations, draft the manifest, pin the
// document, write the provider's folder, check that the draft links, and
// say what was cut, drafted and left to review. Nothing is written before
// the whole draft is ready: Ctrl-C or SIGTERM stops at once, between two
// steps or while a document arrives, with nothing written (or, during the
// final check, saying that the provider's folder is written). A draft the
// final check finds generate would refuse is written, and add exits 1.
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { setImmediate as turn } from "node:timers/promises";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { CommandFailure, interruptedStatus, UsageError, type CliIo } from "./io.js";
import { writeWhole } from "../../common/files.js";
import { lineText, logSafe } from "../../common/github-actions.js";
import { isInside, linkOnPath, statOf } from "../../common/paths.js";
import { pinnedFiles, PublishedDocumentError } from "../../upstream/published.js";
import { openApi3Of, readDocument } from "./add-document.js";
import { addSummary, summaryText } from "./add-summary.js";
import { SourceError, type SourcePosition, UnreadableSource } from "../../load/yaml-source.js";
import type { ProblemCode } from "../../common/problem-codes.js";
import { sha256 } from "../../common/hash.js";
import { OpenApiProblems } from "../../load/openapi-source.js";
import { UnsupportedDocument } from "../../import/document/convert.js";
import { UndraftableDocument } from "../../import/draft-provider.js";
import { DraftTooLarge } from "../../import/draft-size.js";
import { type FailedCall, inWorker, moduleBeside } from "../../common/in-worker.js";
import type { DraftJob, PlainDraft } from "./add-draft-job.js";
import { FetchFailed, FetchRefused } from "../../import/document/fetch-document.js";
import {
  type DocumentOperation,
  type OperationGroups,
  selectOperations,
  someOperations,
  UnknownOperations,
} from "../../import/cut/select-operations.js";

export interface AddRequest {
  from: string;
  provider: string | undefined;
  names: string[];
  /** Operations taken by tag or path prefix, besides those named. */
  groups?: OperationGroups;
  list: boolean;
  source: string | undefined;
  /** The folder a multi-file document's `$ref`s may read files in (default: the root's). */
  refsIn?: string | undefined;
  force: boolean;
  json: boolean;
  timeoutMs: number;
  specs: string | undefined;
}

/** A signal seen: its status (130 or 143) comes from the signal, its message says what is left on disk. */
class Interrupted extends Error {
  constructor(
    readonly signal: unknown,
    left = "",
  ) {
    super(left);
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
    if (e instanceof DraftTooLarge) throw new UsageError("BW1004", e.message);
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
    if (signal.aborted) throw left ? new Interrupted((signal.reason as Interrupted).signal, left) : signal.reason;
  };
  const specs = resolve(io.cwd, request.specs ?? "specs");
  const shownSpecs = relative(io.cwd, specs) || ".";
  const provider = request.provider ?? "";
  const folder = join(specs, provider);
  if (!request.list) checkTarget(specs, shownSpecs, provider, request.force);

  const read = await readDocument(request, io, signal);
  await stop();
  const { document, kind } = await openApi3Of(read, io, stop);
  const operations = someOperations(document);
  if (request.list) return listOperations(operations, io);

  const chosen = selectOperations(document, request.names, request.groups, operations);
  say(`cutting ${chosen.length} of ${operations.length} operations, drafting the manifest…`);
  const shownFolder = relative(io.cwd, folder) || ".";
  const today = new Date().toISOString().slice(0, 10);
  const source = { origin: read.origin, sha256: sha256(read.text), kind };
  const job: DraftJob = {
    text: read.text,
    shown: read.shown,
    json: read.json,
    provider,
    chosen,
    source,
    folder: shownFolder,
    today,
    header: schemaLine(io.cwd, specs, folder),
  };
  const progress = progressLines(say);
  const drafted = await inWorker<PlainDraft>(jobs, "draftJob", [job], {
    signal,
    onProgress: progress.step,
    revive,
  }).finally(progress.end);
  const { openapiText, manifestText, notes } = drafted;
  const pinned = pinnedFiles(read.text, {
    provider,
    format: kind.format,
    json: read.json,
    source: request.source ?? read.origin,
    retrieved: today,
    for: "cut",
  });
  await stop();

  if (request.force && existsSync(join(folder, "manifest.yaml")))
    await sayReplaced(folder, shownFolder, provider, manifestText, say);
  const files = new Map<string, string>([
    ...[...pinned].map(([name, text]): [string, string] => [`upstream/${name}`, text]),
    ["openapi.yaml", openapiText],
    ["manifest.yaml", manifestText],
  ]);
  say(`writing ${shownFolder}/…`);
  writeProvider(specs, provider, files);

  say("checking that the draft links…");
  const texts = { manifest: manifestText, openapi: openapiText };
  const { problems, warnings } = await inWorker<{ problems: string[]; warnings: string[] }>(
    jobs,
    "checkJob",
    [io.cwd, folder, texts, shownFolder],
    { signal, revive },
  ).catch(async (e: unknown) => {
    if (signal.aborted) await stop(`${shownFolder}/ is written; blockwright generate checks it`);
    throw e;
  });
  await stop(`${shownFolder}/ is written; blockwright generate checks it`);

  const summary = addSummary({
    provider,
    folder: shownFolder,
    text: read.text,
    source,
    draft: drafted,
    pinned: [...pinned.keys()],
    check: { problems, warnings },
  });
  if (request.json) io.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
  else io.stdout.write(logSafe(summaryText(summary, notes)));
  return problems.length ? 1 : 0; // written for the reviewer to fix, but generate would refuse it
}

/**
 * --list: the document's operations, a line each, escaped as every text output escapes outside text. The first column
 * is a name --operations takes, or says in parentheses why there is none: no operationId, or one several operations
 * share (each is then named by the second column, METHOD /path).
 */
function listOperations(operations: DocumentOperation[], io: CliIo): 0 {
  const uses = new Map<string, number>();
  for (const { operationId } of operations)
    if (operationId !== undefined) uses.set(operationId, (uses.get(operationId) ?? 0) + 1);
  const name = (id: string | undefined) =>
    id === undefined ? "(no operationId)" : (uses.get(id) ?? 0) > 1 ? `(shared operationId) ${id}` : id;
  for (const op of operations)
    io.stdout.write(
      logSafe(
        `${lineText(name(op.operationId))}\t${op.method.toUpperCase()} ${lineText(op.path)}` +
          `${op.summary ? `\t${lineText(op.summary.replace(/\s+/g, " "))}` : ""}\n`,
      ),
    );
  return 0;
}

/** --force over a manifest already there: what the new draft replaces is said, never swapped silently. */
async function sayReplaced(
  folder: string,
  shownFolder: string,
  provider: string,
  manifestText: string,
  say: (text: string) => void,
): Promise<void> {
  const { replacedParts } = await import("../../upstream/replaced-manifest.js");
  for (const line of replacedParts(readFileSync(join(folder, "manifest.yaml"), "utf8"), manifestText))
    say(
      `--force replaces ${shownFolder}/manifest.yaml: ${line} (to take a newer document and keep the ` +
        `manifest: blockwright upstream ${provider} <document> --accept)`,
    );
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

/** The module whose steps run in a worker thread (add-draft-job.ts). */
const jobs = moduleBeside(import.meta.url, "add-draft-job");

/** The error a step threw in its worker, as its class (addProvider words each class its own way). */
function revive(failed: FailedCall): Error {
  const f = failed.fields as { code: ProblemCode; position: SourcePosition; detail: string; file: string };
  switch (failed.name) {
    case "UndraftableDocument":
      return new UndraftableDocument(failed.message);
    case "DraftTooLarge":
      return new DraftTooLarge(failed.message);
    case "SourceError":
      return new SourceError(f.code, f.position, f.detail);
    case "UnreadableSource":
      return new UnreadableSource(f.code, f.file, f.detail);
    case "UnsupportedDocument":
      return new UnsupportedDocument(failed.message);
  }
  const e = new Error(failed.message);
  e.name = failed.name;
  if (failed.stack) e.stack = failed.stack;
  return e;
}

/** Time between two progress lines of a long draft. */
const PROGRESS_EVERY_MS = 3000;

/**
 * Progress of a step in its worker: the latest of what it says is printed every few seconds, so that a draft of a few
 * operations prints nothing and one of thousands says where it is.
 */
function progressLines(say: (text: string) => void): { step: (text: string) => void; end: () => void } {
  let latest: string | undefined;
  const timer = setInterval(() => {
    if (latest !== undefined) say(`${latest}…`);
    latest = undefined;
  }, PROGRESS_EVERY_MS);
  return { step: (text) => (latest = text), end: () => clearInterval(timer) };
}
