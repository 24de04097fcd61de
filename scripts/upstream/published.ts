// Published upstream documents: the pinned one kept beside our spec
// (specs/<p>/upstream/source.yaml names it, its source and its sha256), and
// newer ones given on the command line. OpenAPI (YAML or JSON) or API
// Discovery documents.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse, parseDocument } from "yaml";
import { sha256 } from "../hash.js";
import { discoveryToOpenApi, isDiscovery } from "./discovery.js";

export interface Pinned {
  dir: string;
  file: string;
  source?: string;
  retrieved?: string;
  sha256: string;
  document: Record<string, unknown>;
}

export class PublishedDocumentError extends Error {}

/** Read a published document as OpenAPI-shaped data (Discovery documents converted). */
export function readPublished(path: string): { text: string; document: Record<string, unknown> } {
  if (!existsSync(path)) throw new PublishedDocumentError(`no file ${path}`);
  const text = readFileSync(path, "utf8");
  let data: unknown;
  try {
    data = path.endsWith(".json") ? JSON.parse(text) : parse(text, { maxAliasCount: 1000 });
  } catch (e) {
    throw new PublishedDocumentError(`${path} is not valid ${path.endsWith(".json") ? "JSON" : "YAML"} (${(e as Error).message.split("\n")[0]})`);
  }
  if (!data || typeof data !== "object") throw new PublishedDocumentError(`${path} is not an API document`);
  const doc = data as Record<string, unknown>;
  if (isDiscovery(doc)) return { text, document: discoveryToOpenApi(doc) };
  if (typeof doc.openapi !== "string" || !doc.paths) throw new PublishedDocumentError(`${path} is neither an OpenAPI 3 document nor an API Discovery document`);
  return { text, document: doc };
}

/** The pinned published document of a provider, its hash checked. */
export function readPinned(specsDir: string, provider: string): Pinned {
  const dir = join(specsDir, provider, "upstream");
  const sourceFile = join(dir, "source.yaml");
  if (!existsSync(sourceFile)) throw new PublishedDocumentError(`${provider} has no pinned published document (${join(provider, "upstream", "source.yaml")}): its upstream publishes none, or it was never added`);
  const source = parse(readFileSync(sourceFile, "utf8")) as { file?: string; source?: string; retrieved?: string; sha256?: string };
  if (!source.file || !source.sha256) throw new PublishedDocumentError(`${sourceFile}: needs file and sha256`);
  const { text, document } = readPublished(join(dir, source.file));
  const actual = sha256(text);
  if (actual !== source.sha256) throw new PublishedDocumentError(`${join(dir, source.file)} does not match its pinned sha256 (${source.sha256.slice(0, 12)}…, the file has ${actual.slice(0, 12)}…): restore it, or pin it again with --accept`);
  return { dir, file: source.file, sha256: source.sha256, document, ...(source.source ? { source: source.source } : {}), ...(source.retrieved ? { retrieved: source.retrieved } : {}) };
}

/** Make `newer` the pinned document: copy it in, record its hash, source and date. */
export function acceptPublished(pinned: Pinned, newerPath: string, source: string | undefined, today: string): string {
  const text = readFileSync(newerPath, "utf8");
  const file = `published.${newerPath.endsWith(".json") ? "json" : "yaml"}`;
  writeFileSync(join(pinned.dir, file), text);
  const sourceFile = join(pinned.dir, "source.yaml");
  const doc = parseDocument(readFileSync(sourceFile, "utf8"));
  doc.set("file", file);
  doc.set("source", source ?? newerPath);
  doc.set("retrieved", today);
  doc.set("sha256", sha256(text));
  writeFileSync(sourceFile, doc.toString());
  return file;
}
