// A large document that looks like a real one, for what generate and mock cost
// on it (issue 54, G6): the GitHub REST API's published document, as the
// corpus holds it (contract-tests/corpus/github: the published bytes
// compressed, their source and sha256, checked), repeated under renamed paths,
// operation ids and components until it has the size asked (three copies make
// 37.2 MiB, the size of the whole published documents of the largest APIs).
// Its schemas are GitHub's own: deep, linked by $ref, with allOf, oneOf,
// nullable fields and examples, which the synthetic document of
// large-document.ts has none of. The project binds the operations the corpus
// entry names (of the first copy), drafted by `add` from the published
// document, with the large document as its spec (JSON as GitHub publishes
// it, or YAML), pinned as its published document.
//   tsx scripts/bench/realistic-document.ts <dir> [<copies> [json|yaml]]
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import jsyaml from "js-yaml";
import { corpusEntries, unpackEntry } from "../corpus/entries.js";
import { type OpenApiLike, withAdditions } from "./whole-document.js";

type Json = Record<string, unknown>;

/** The corpus entry the document is made of. */
const VENDOR = "github";
/** The provider of the project (a name no user takes). */
export const REALISTIC_PROVIDER = "zqrealistic";
/**
 * Component sections whose names are renamed in each copy (security schemes stay: the top-level requirement names
 * them).
 */
const RENAMED = [
  "schemas",
  "responses",
  "parameters",
  "examples",
  "requestBodies",
  "headers",
  "links",
  "callbacks",
  "pathItems",
];

/**
 * `text` (the published document, JSON) as copy `k`: every path under /c<k>, every operation id and renamed component
 * prefixed c<k>-.
 */
function copyOf(text: string, k: number): Json {
  if (k === 0) return JSON.parse(text) as Json;
  const renamed = text.replace(new RegExp(`"#/components/(${RENAMED.join("|")})/`, "g"), `"#/components/$1/c${k}-`);
  const doc = JSON.parse(renamed) as Json & {
    paths: Record<string, Record<string, { operationId?: string }>>;
    components: Record<string, Json>;
  };
  const paths: Json = {};
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const op of Object.values(item))
      if (op && typeof op === "object" && typeof op.operationId === "string")
        op.operationId = `c${k}-${op.operationId}`;
    paths[`/c${k}${path}`] = item;
  }
  doc.paths = paths as typeof doc.paths;
  for (const section of RENAMED) {
    const entries = doc.components[section];
    if (entries)
      doc.components[section] = Object.fromEntries(
        Object.entries(entries).map(([name, value]) => [`c${k}-${name}`, value]),
      );
  }
  return doc;
}

/** The published document repeated `copies` times (one document: paths and components side by side). */
export function realisticDocument(published: string, copies: number): Json {
  const whole = copyOf(published, 0) as Json & { paths: Json; components: Record<string, Json> };
  for (let k = 1; k < copies; k++) {
    const copy = copyOf(published, k) as typeof whole;
    Object.assign(whole.paths, copy.paths);
    for (const section of RENAMED)
      if (copy.components[section])
        whole.components[section] = { ...whole.components[section], ...copy.components[section] };
  }
  return whole;
}

/**
 * Write the project into `dir` (specs/<provider>/, package.json): `add` drafts the provider from the published
 * document, then its spec becomes the large document (with what add added to the cut). `bin` is blockwright's entry.
 */
export function writeRealisticProject(
  root: string,
  dir: string,
  copies = 3,
  format: "json" | "yaml" = "json",
): { bytes: number; operations: number; spec: string; operationIds: string[] } {
  const entry = corpusEntries(join(root, "contract-tests/corpus")).find((e) => e.vendor === VENDOR);
  if (!entry) throw new Error(`the corpus has no ${VENDOR} entry`);
  const unpacked = mkdtempSync(join(dir, "..", "published-"));
  try {
    const file = unpackEntry(entry, unpacked);
    mkdirSync(join(dir, "specs"), { recursive: true });
    writeFileSync(
      join(dir, "package.json"),
      JSON.stringify({ name: "realistic", private: true, blockwright: { scope: "@realistic" } }),
    );
    execFileSync(
      process.execPath,
      [
        "--",
        join(root, "bin/blockwright.js"),
        "add",
        REALISTIC_PROVIDER,
        "--from",
        file,
        "--operations",
        entry.operations.join(","),
      ],
      { cwd: dir, stdio: "ignore" },
    );
    const spec = join(dir, "specs", REALISTIC_PROVIDER, "openapi.yaml");
    const document = realisticDocument(readFileSync(file, "utf8"), copies);
    // Written as published: JSON with two spaces, as GitHub's is; or YAML in block style, as a YAML emitter writes it
    // (other vendors publish YAML).
    const whole = withAdditions(document as OpenApiLike, jsyaml.load(readFileSync(spec, "utf8")) as OpenApiLike);
    const text =
      format === "json" ? JSON.stringify(whole, null, 2) : jsyaml.dump(whole, { lineWidth: -1, noRefs: true });
    writeFileSync(spec, text);
    // Pinned as its published document (GitHub publishes examples that break their own schemas: the pin makes them
    // the upstream's, warnings, in every copy, as add's pin makes them in the one it cut).
    const upstream = join(dir, "specs", REALISTIC_PROVIDER, "upstream");
    rmSync(join(upstream, "published.json"));
    writeFileSync(join(upstream, `published.${format}`), text);
    const pin = readFileSync(join(upstream, "source.yaml"), "utf8")
      .replace(/^file: .*$/m, `file: published.${format}`)
      .replace(/^sha256: .*$/m, `sha256: ${createHash("sha256").update(text).digest("hex")}`);
    writeFileSync(join(upstream, "source.yaml"), pin);
    const operations = Object.values(document.paths as Record<string, Json>).reduce(
      (n, item) =>
        n + Object.values(item).filter((op) => op !== null && typeof op === "object" && "operationId" in op).length,
      0,
    );
    return { bytes: Buffer.byteLength(text), operations, spec, operationIds: entry.operations };
  } finally {
    rmSync(unpacked, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith("realistic-document.ts")) {
  const [dir, copies, format] = process.argv.slice(2);
  if (dir === undefined || (format !== undefined && format !== "json" && format !== "yaml"))
    throw new Error("usage: tsx scripts/bench/realistic-document.ts <dir> [<copies> [json|yaml]]");
  const root = join(import.meta.dirname, "../..");
  const { bytes, operations } = writeRealisticProject(root, dir, copies === undefined ? 3 : Number(copies), format);
  console.log(
    `${(bytes / 1024 / 1024).toFixed(1)} MiB, ${operations} operations, written to ${dir}/specs/` +
      `${REALISTIC_PROVIDER}/openapi.yaml`,
  );
}
