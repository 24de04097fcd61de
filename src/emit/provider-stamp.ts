// A provider's entry in the generation stamp (stamp.ts): the hashes of every
// file its generation read, a key over what else its package depends on (the
// inputs every provider shares, its package's name, version, links and
// changelog), and the little the project's index README needs of it. When
// its entry still holds and its files on disk are the ones the stamp
// recorded, a generation reads those files back instead of linking and
// emitting the provider again: a project of many providers pays for the
// ones that changed (issue 64).
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { sha256, textHash } from "../common/hash.js";
import type { ProviderIR } from "../model/ir.js";

/** What the project's index README (emitGeneratedReadme) and generate's summary line take of a provider. */
export interface ProviderSummary {
  provider: string;
  /** Its display name. */
  name: string;
  /** Its manifest's project-relative path. */
  manifest: string;
  /** Its tools' ids, in order. */
  tools: string[];
}

export interface ProviderEntry {
  /** keyOf: the inputs every provider shares and its package's context. */
  key: string;
  /** Every file its generation read (manifest, OpenAPI files), by project-relative path, with its hash. */
  read: Record<string, string>;
  summary: ProviderSummary;
  /** Its warnings, shown again when it is read back. */
  warnings: string[];
}

export function summaryOf(ir: ProviderIR): ProviderSummary {
  return {
    provider: ir.provider,
    name: ir.name,
    manifest: ir.sources.manifest,
    tools: ir.operations.map((op) => op.tool.id),
  };
}

/** The entry's key: the shared inputs' hash and the package's context (any JSON value), hashed together. */
export function keyOf(shared: string, context: unknown): string {
  return sha256(`${shared}\0${JSON.stringify(context)}`);
}

/** A provider's entry, from the hashes of the files its generation read (readHashes). */
export function stampEntry(
  key: string,
  hashes: Record<string, string>,
  summary: ProviderSummary,
  warnings: string[],
): ProviderEntry {
  const read: Record<string, string> = {};
  for (const path of Object.keys(hashes).sort()) read[path] = hashes[path] as string;
  return { key, read, summary, warnings };
}

/**
 * Each input text's SHA-256, by path in the texts' order: all that the stamp entry and the surface record of them, so
 * the texts can go once read (a whole published API's manifest and document: 240 MB as strings).
 */
export function readHashes(inputs: Record<string, string>): Record<string, string> {
  const hashes: Record<string, string> = {};
  for (const [path, text] of Object.entries(inputs)) hashes[path] = textHash(text);
  return hashes;
}

/**
 * The provider's files as the earlier generation's `stamp` (stamp.ts) records them (paths relative to `outDir`, with
 * their texts), when its entry has this key, every file it read still has its hash (paths relative to `root`) and each
 * of its files on disk is the one recorded; else undefined, and the provider is generated again.
 */
export function keptFiles(
  stamp: { outputs: Record<string, string>; providers?: Record<string, ProviderEntry> },
  provider: string,
  key: string,
  dirs: { root: string; outDir: string },
): { files: Map<string, string>; entry: ProviderEntry } | undefined {
  const entry = stamp.providers && Object.hasOwn(stamp.providers, provider) ? stamp.providers[provider] : undefined;
  if (!wellFormed(entry) || entry.key !== key || entry.summary.provider !== provider) return undefined;
  for (const [path, hash] of Object.entries(entry.read)) {
    // As the loader reads it (input-file.ts): UTF-8 without its byte order mark.
    const text = readBytes(resolve(dirs.root, path))?.toString("utf8");
    if (text === undefined || sha256(text.startsWith("\uFEFF") ? text.slice(1) : text) !== hash) return undefined;
  }
  const files = new Map<string, string>();
  const folder = `${provider}/`;
  for (const [path, hash] of Object.entries(stamp.outputs)) {
    if (!path.startsWith(folder)) continue;
    const bytes = readBytes(join(dirs.outDir, path));
    if (bytes === undefined || sha256(bytes) !== hash) return undefined;
    files.set(path, bytes.toString("utf8"));
  }
  return files.size ? { files, entry } : undefined;
}

/** An entry as stampEntry writes it (a stamp edited by hand or by another version is only not used). */
function wellFormed(entry: unknown): entry is ProviderEntry {
  const e = entry as Partial<ProviderEntry> | null | undefined;
  const strings = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === "string");
  return (
    typeof e?.key === "string" &&
    typeof e.read === "object" &&
    e.read !== null &&
    Object.values(e.read).every((h) => typeof h === "string") &&
    typeof e.summary?.provider === "string" &&
    typeof e.summary.name === "string" &&
    typeof e.summary.manifest === "string" &&
    strings(e.summary.tools) &&
    strings(e.warnings)
  );
}

function readBytes(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}
