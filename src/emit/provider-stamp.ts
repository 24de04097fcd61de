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
import { readHashed, sha256, textHash } from "../common/hash.js";
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

/** A file of a provider kept as it stands (keptFiles): its bytes on disk, and their hash, the one its stamp records. */
export interface KeptFile {
  bytes: Buffer;
  hash: string;
}

/**
 * The provider's files as the earlier generation's `stamp` (stamp.ts) records them (paths relative to `outDir`, with
 * their bytes), when its entry has this key, every file it read still has its hash (paths relative to `root`) and each
 * of its files on disk is the one recorded; else undefined, and the provider is generated again.
 */
export function keptFiles(
  stamp: { outputs: Record<string, string>; providers?: Record<string, ProviderEntry> },
  provider: string,
  key: string,
  dirs: { root: string; outDir: string },
): { files: Map<string, KeptFile>; entry: ProviderEntry } | undefined {
  const entry = stamp.providers && Object.hasOwn(stamp.providers, provider) ? stamp.providers[provider] : undefined;
  if (!wellFormed(entry) || entry.key !== key || entry.summary.provider !== provider) return undefined;
  for (const [path, hash] of Object.entries(entry.read))
    if (readHash(resolve(dirs.root, path)) !== hash) return undefined;
  const files = new Map<string, KeptFile>();
  for (const [path, hash] of outputsByFolder(stamp.outputs).get(provider) ?? []) {
    const bytes = readBytes(join(dirs.outDir, path));
    if (bytes === undefined || sha256(bytes) !== hash) return undefined;
    files.set(path, { bytes, hash });
  }
  return files.size ? { files, entry } : undefined;
}

/** A stamp's outputs by the folder they are in (their path's first part), made once a stamp. */
const grouped = new WeakMap<Record<string, string>, Map<string, [string, string][]>>();

/**
 * The stamp's outputs by folder: each provider's files found among every provider's once, not by a walk of all of
 * them for each (a project of 100 providers went over 1,900 paths a provider: 190,000 for one generation).
 */
function outputsByFolder(outputs: Record<string, string>): Map<string, [string, string][]> {
  let byFolder = grouped.get(outputs);
  if (byFolder) return byFolder;
  byFolder = new Map();
  for (const path in outputs) {
    // (A hash that is not a string, in a stamp edited by hand, is listed as it is: no file's hash is it.)
    const hash = outputs[path] as string;
    const slash = path.indexOf("/");
    if (!Object.hasOwn(outputs, path) || slash < 0) continue;
    const folder = path.slice(0, slash);
    const files = byFolder.get(folder);
    if (files) files.push([path, hash]);
    else byFolder.set(folder, [[path, hash]]);
  }
  grouped.set(outputs, byFolder);
  return byFolder;
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

/**
 * The hash the stamp records of a file a generation read: its text's as the loader reads it (input-file.ts: UTF-8
 * without its byte order mark), which is its bytes' hash. That is the hash inputHashes made of every spec file just
 * before (readHashed, while the file is unchanged): not hashed again (a project of 100 providers, 99 kept: 2.4 MB).
 * Bytes that are not UTF-8 have a hash no text's UTF-8 has, so such a file is not kept: the loader refuses it.
 */
function readHash(file: string): string | undefined {
  let read: { bytes: Buffer; hash: string };
  try {
    read = readHashed(file);
  } catch {
    return undefined;
  }
  const { bytes, hash } = read;
  return bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? sha256(bytes.subarray(3)) : hash;
}

function readBytes(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}
