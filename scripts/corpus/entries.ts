// The corpus's entries (contract-tests/corpus/<vendor>/source.yaml) and their
// documents written out as published: a single file gunzipped, a multi-file
// entry's files.json.gz written under one folder. The root's sha256 is
// checked against source.yaml before anything runs on it.
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, isAbsolute, join, normalize, sep } from "node:path";
import { gunzipSync } from "node:zlib";
import jsyaml from "js-yaml";

export interface CorpusEntry {
  vendor: string;
  folder: string;
  format: string;
  root: string;
  sha256: string;
  /** Operation ids, or `METHOD /path` where the document has none. */
  operations: string[];
  auth: string;
  shapes: string[];
  /** How many files (1 for a single-file entry). */
  files: number;
}

export class CorpusProblem extends Error {}

/** Every entry of the corpus folder, by vendor name. */
export function corpusEntries(corpus: string): CorpusEntry[] {
  return readdirSync(corpus)
    .filter((name) => statSync(join(corpus, name)).isDirectory())
    .sort()
    .map((vendor) => readEntry(corpus, vendor));
}

function readEntry(corpus: string, vendor: string): CorpusEntry {
  const folder = join(corpus, vendor);
  const file = join(folder, "source.yaml");
  let data: Record<string, unknown>;
  try {
    data = jsyaml.load(readFileSync(file, "utf8")) as Record<string, unknown>;
  } catch (e) {
    throw new CorpusProblem(`${vendor}/source.yaml cannot be read: ${(e as Error).message.split("\n")[0]}`);
  }
  const text = (key: string): string => {
    const value = data[key];
    if (typeof value !== "string" || !value)
      throw new CorpusProblem(
        `${vendor}/source.yaml: ${key} must be a non-empty string, got ${JSON.stringify(value ?? null)}`,
      );
    return value;
  };
  const operations = data.operations;
  if (!Array.isArray(operations) || !operations.length || !operations.every((o) => typeof o === "string"))
    throw new CorpusProblem(`${vendor}/source.yaml: operations must be a list of operation ids`);
  return {
    vendor,
    folder,
    format: text("format"),
    root: text("root"),
    sha256: text("sha256"),
    operations,
    auth: typeof data.auth === "string" ? data.auth : "",
    shapes: Array.isArray(data.shapes) ? data.shapes.map(String) : [],
    files: typeof data.files === "number" ? data.files : 1,
  };
}

/**
 * Write the entry's document under `into` (an empty folder); the root's path. Throws CorpusProblem on a hash that does
 * not match.
 */
export function unpackEntry(entry: CorpusEntry, into: string): string {
  const multi = join(entry.folder, "files.json.gz");
  let rootText: Buffer;
  const rootPath = join(into, entry.root);
  if (entry.files > 1) {
    const files = JSON.parse(gunzipSync(readFileSync(multi)).toString("utf8")) as Record<string, string>;
    for (const [path, text] of Object.entries(files)) {
      const target = normalize(join(into, path));
      // A stored path never leaves the folder it is written under.
      if (isAbsolute(path) || !target.startsWith(normalize(into) + sep))
        throw new CorpusProblem(
          `${entry.vendor}: files.json.gz holds a path outside its folder: ${JSON.stringify(path)}`,
        );
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, text);
    }
    if (!Object.hasOwn(files, entry.root))
      throw new CorpusProblem(`${entry.vendor}: files.json.gz has no root ${entry.root}`);
    rootText = readFileSync(rootPath);
  } else {
    rootText = gunzipSync(readFileSync(join(entry.folder, `${entry.root}.gz`)));
    mkdirSync(into, { recursive: true });
    writeFileSync(rootPath, rootText);
  }
  const hash = createHash("sha256").update(rootText).digest("hex");
  if (hash !== entry.sha256)
    throw new CorpusProblem(`${entry.vendor}: the root document's sha256 is ${hash}, source.yaml says ${entry.sha256}`);
  return rootPath;
}
