// Published upstream documents: the pinned one kept beside our spec
// (specs/<p>/upstream/source.yaml names it, its source and its sha256), and
// newer ones given on the command line. OpenAPI 3 or Swagger 2.0 (YAML or
// JSON; Swagger read as the OpenAPI 3.0 it converts to), or API Discovery
// documents. They are read as every other input is (yaml-source), so a
// broken one is reported at its `file:line:col`.
import { mkdirSync, readFileSync, unlinkSync } from "node:fs";
import { basename, dirname, join, relative, resolve } from "node:path";
import { Document, parseDocument } from "yaml";
import { sha256 } from "../common/hash.js";
import { tooDeep } from "../common/nesting.js";
import { writeWhole } from "../common/files.js";
import { type Pin, readPin } from "../load/pin.js";
import { linkOnPath, lstatOf, statOf } from "../common/paths.js";
import { INPUT_LIMITS, parseYamlSource, readSourceText, SourceError } from "../load/yaml-source.js";
import { bundlePublished, OpenApiProblems } from "../load/openapi-source.js";
import { hasFileRef } from "../load/structure/file-refs.js";
import { discoveryToOpenApi, isDiscovery } from "./discovery.js";
import { swaggerToOpenApi, UnsupportedDocument } from "../import/document/convert.js";
import { withPathItemRefsWrittenOut } from "../import/document/path-item-refs.js";

/** A pin (load/pin.ts) with its document read, converted to OpenAPI when it was not. */
export interface Pinned extends Pin {
  document: Record<string, unknown>;
}

/** A published document as read: its text, and its content as OpenAPI-shaped data. */
export interface Published {
  /** The document's text: the file as read, or the bundle of a multi-file document (what --accept pins). */
  text: string;
  /** Whether the file's `$ref`s named other files, bundled into `text`. */
  bundled?: boolean;
  /** What it was written as (source.yaml records it). */
  format: PublishedFormat;
  document: Record<string, unknown>;
}

/** What a published document is written as: converted to OpenAPI 3 when it is not one. */
export type PublishedFormat = "openapi" | "swagger" | "discovery";

export class PublishedDocumentError extends Error {}

/**
 * Read a published document as OpenAPI-shaped data (Discovery documents and
 * Swagger 2.0 converted). `name` is the file as messages show it. A file
 * that is not JSON or YAML throws a SourceError at its `file:line:col`; a
 * missing one an UnreadableSource.
 */
export async function readPublished(
  path: string,
  name = path,
  /** The folder a multi-file document's `$ref`s may read files in, absolute (--refs-in; default the file's own). */
  refsIn?: string,
): Promise<Published> {
  let text = readSourceText(path, name, INPUT_LIMITS.document);
  let data = parsePublished(text, name, path.endsWith(".json"));
  let bundled = false;
  // A multi-file OpenAPI or Swagger document, bundled as add bundles it: compared and pinned as one
  // document (a Discovery document's `$ref`s name its own schemas, not files).
  const openApiLike =
    data !== null &&
    typeof data === "object" &&
    (typeof (data as Record<string, unknown>).openapi === "string" ||
      (data as Record<string, unknown>).swagger === "2.0");
  if (openApiLike && hasFileRef(data, dirname(resolve(path)))) {
    const base = dirname(resolve(path));
    try {
      data = (
        await bundlePublished(
          resolve(path),
          text,
          // Named as the root is named (`name`), a file beside it by its way from there.
          (file) => join(dirname(name), relative(base, file)).split("\\").join("/"),
          [refsIn ?? base],
          "--refs-in <folder>",
        )
      ).data;
    } catch (e) {
      if (e instanceof OpenApiProblems) throw new PublishedDocumentError(e.message);
      throw e;
    }
    text = `${JSON.stringify(data, null, 2)}\n`;
    bundled = true;
  }
  if (!data || typeof data !== "object") throw new PublishedDocumentError(`${name} is not an API document`);
  const doc = data as Record<string, unknown>;
  if (isDiscovery(doc)) return { text, format: "discovery", document: discoveryToOpenApi(doc) };
  if (doc.swagger === "2.0") {
    try {
      return {
        text,
        ...(bundled ? { bundled } : {}),
        format: "swagger",
        document: swaggerToOpenApi(withPathItemRefsWrittenOut(doc), name),
      };
    } catch (e) {
      if (e instanceof UnsupportedDocument) throw new PublishedDocumentError(e.message);
      throw e;
    }
  }
  if (typeof doc.openapi !== "string" || !doc.paths)
    throw new PublishedDocumentError(
      `${name} is neither an OpenAPI 3 or Swagger 2.0 document nor an API Discovery document`,
    );
  return { text, ...(bundled ? { bundled } : {}), format: "openapi", document: withPathItemRefsWrittenOut(doc) };
}

/**
 * The data of a published document's text: JSON read as JSON (exactly, and
 * fast for large documents), anything else as YAML. Where JSON breaks is
 * found by the YAML reader, JSON being YAML.
 */
export function parsePublished(text: string, name: string, json: boolean): unknown {
  if (!json) return parseYamlSource(text, name, INPUT_LIMITS.document).data;
  try {
    const data: unknown = JSON.parse(text);
    // Nested past the limit every input has: read again as YAML, which refuses it at its place (BW1002) before the
    // comparison's walks overflow on it (JSON.parse has no bound).
    return tooDeep(data) ? parseYamlSource(text, name, INPUT_LIMITS.document).data : data;
  } catch (e) {
    if (e instanceof SourceError) throw e;
    try {
      parseYamlSource(text, name, INPUT_LIMITS.document);
    } catch (located) {
      if (located instanceof SourceError)
        throw new SourceError(located.code, located.position, located.detail.replace(/^invalid YAML/, "invalid JSON"));
      throw located;
    }
    throw new PublishedDocumentError(`${name}: invalid JSON: ${(e as Error).message.split("\n")[0]}`);
  }
}

/** The pinned published document of a provider, its hash checked; files are named in messages relative to `cwd`. */
export async function readPinned(specsDir: string, provider: string, cwd: string): Promise<Pinned> {
  const shown = (path: string) => relative(cwd, path) || path;
  const pin = readPin(join(specsDir, provider), shown);
  if (!pin)
    throw new PublishedDocumentError(
      `${provider} has no pinned published document (${join(provider, "upstream", "source.yaml")}): ` +
        `its upstream publishes none, or it was never added; to compare its versions from now on, pin the one its ` +
        `spec was written from: blockwright upstream ${provider} <document> --accept`,
    );
  if ("problem" in pin) throw new PublishedDocumentError(pin.problem);
  const { text, document } = await readPublished(join(pin.dir, pin.file), shown(join(pin.dir, pin.file)));
  const actual = sha256(text);
  if (actual !== pin.sha256)
    throw new PublishedDocumentError(
      `${shown(join(pin.dir, pin.file))} does not match its pinned sha256 (${pin.sha256.slice(0, 12)}…, ` +
        `the file has ${actual.slice(0, 12)}…): restore it, or pin it again with --accept`,
    );
  return { ...pin, document };
}

/** Who wrote the provider's openapi.yaml from the pinned document: `add`'s cut, or its author by hand. */
export type PinnedFor = "cut" | "hand";

/**
 * The files that pin a provider's first published document, by name inside specs/<provider>/upstream/: the document
 * as it was published, and source.yaml naming it with its format, source, date and sha256. `add` pins the document it
 * cut the spec from; `upstream --accept` the one a spec written by hand was written from, where none is pinned yet.
 */
export function pinnedFiles(
  text: string,
  pin: { provider: string; format: PublishedFormat; json: boolean; source: string; retrieved: string; for: PinnedFor },
): Map<string, string> {
  const file = `published.${pin.json ? "json" : "yaml"}`;
  const source = new Document({ format: pin.format, file, source: pin.source, retrieved: pin.retrieved });
  source.set("retrieved", quotedDate(source, pin.retrieved));
  source.set("sha256", sha256(text));
  source.commentBefore = [
    pin.for === "cut"
      ? ` The published document specs/${pin.provider}/openapi.yaml was cut from (blockwright add).`
      : ` The published document specs/${pin.provider}/openapi.yaml was written from (pinned by upstream --accept).`,
    ` \`blockwright upstream ${pin.provider} <newer document>\` lists what a newer version changes in what`,
    " the manifest binds; --accept pins the newer one here.",
  ].join("\n");
  return new Map([
    [file, text],
    ["source.yaml", source.toString({ lineWidth: 0 })],
  ]);
}

/** Quoted, as in every source.yaml: a YAML 1.1 reader would take the date for a timestamp. */
function quotedDate(doc: Document, date: string) {
  const node = doc.createNode(date);
  node.type = "QUOTE_DOUBLE";
  return node;
}

/**
 * Make `newer` the pinned document of the provider whose pin folder is `dir` (specs/<p>/upstream/): copy it in (the
 * bundle of a multi-file one, as JSON), record its format, hash, source and date in source.yaml, the earlier pinned
 * file removed where the new one is named otherwise. Without an earlier pin (`pinned` undefined: a spec written by
 * hand), the folder and source.yaml are made. Returns the pinned file's name.
 */
export function acceptPublished(
  dir: string,
  pinned: Pin | undefined,
  provider: string,
  newerPath: string,
  newer: Published,
  source: string | undefined,
  today: string,
): string {
  const text = newer.bundled ? newer.text : readSourceText(newerPath, newerPath, INPUT_LIMITS.document);
  const json = newer.bundled === true || newerPath.endsWith(".json");
  const file = `published.${json ? "json" : "yaml"}`;
  for (const name of [file, "source.yaml"]) {
    const link = linkOnPath(dirname(dir), `${basename(dir)}/${name}`);
    if (link)
      throw new PublishedDocumentError(
        `${join(dirname(dir), link)} is a symbolic link: --accept writes ${name} ` +
          `there and never through a link (replace the link with the file or folder itself)`,
      );
    if (statOf(join(dir, name))?.isFile() === false)
      throw new PublishedDocumentError(
        `${join(dir, name)} is a folder, not a file: --accept writes the pinned document there`,
      );
  }
  const sourceFile = join(dir, "source.yaml");
  if (!pinned) {
    mkdirSync(dir, { recursive: true });
    const files = pinnedFiles(text, {
      provider,
      format: newer.format,
      json,
      source: source ?? newerPath,
      retrieved: today,
      for: "hand",
    });
    for (const [name, content] of files) writeWhole(join(dir, name), content);
    return file;
  }
  writeWhole(join(dir, file), text);
  const doc = parseDocument(readFileSync(sourceFile, "utf8"));
  doc.set("format", newer.format);
  doc.set("file", file);
  doc.set("source", source ?? newerPath);
  doc.set("retrieved", quotedDate(doc, today));
  doc.set("sha256", sha256(text));
  writeWhole(sourceFile, doc.toString());
  // The earlier document, pinned under the other name (YAML then, JSON now), is no longer the pinned one: removed when
  // it is one --accept or add wrote (source.yaml may name any file), and only once source.yaml names the new one, so
  // that a process stopped on the way leaves a pin that reads (the old file named, or the new one).
  if (pinned.file !== file && /^published\.(json|yaml)$/.test(pinned.file) && lstatOf(join(dir, pinned.file))?.isFile())
    unlinkSync(join(dir, pinned.file));
  return file;
}
