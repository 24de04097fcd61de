// The only provider-specific knowledge lives in specs/: the generator, the
// runtime, the templates and the command line must not name a provider or
// its upstream. A provider that seems to need code needs a manifest concept.
//
// A provider id can be an ordinary word (`issues`, `notes`) that code uses
// as an identifier (`validated.issues`), so ids are looked for where code
// that names a provider puts them: a string that is the id (`"books"`), an
// operation id (`books_search_volumes`), a path segment (`specs/books/`,
// `@scope/books`). Upstream names are never code words: they are looked for
// everywhere, comments included.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { FORMATS as DIFF_FORMATS } from "../cli/diff.js";
import { REPORTERS } from "../cli/support/test-reports.js";
import { providerDirs } from "../load/provider-dirs.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const specs = join(root, "specs");

const providers = providerDirs(specs);
// A user's provider may take a name the command line itself uses as a word (a provider `github`
// beside the `github` reporter and diff format): such a name in the code is ours, not theirs.
const vocabulary = new Set<string>([...REPORTERS, ...DIFF_FORMATS]);
const checkedIds = providers.filter((p) => !vocabulary.has(p));
const upstreamWords = [
  "salesforce",
  "sobject",
  "soql",
  "microsoft",
  "graph.microsoft",
  "entra",
  "odata",
  "gamma",
  "people data labs",
  "peopledatalabs",
  "pdl",
  "google",
];

// Everything hand-written that ships: the runtime, the CLI and generator (src/), the build (scripts/), templates, bin.
const scanned = ["runtime", "src", "scripts", "templates", "bin"];
// precompiled/: generated from specs/*.schema.json and templates/, whose examples may name anything.
// __snapshots__/: what tests saw the command print on this repository's specs (test files are skipped too).
const skipped = new Set(["__fixtures__", "__snapshots__", "dist", "node_modules", "precompiled"]);

function files(path: string): string[] {
  const full = join(root, path);
  if (statSync(full).isFile()) return [full];
  return readdirSync(full).flatMap((entry) => (skipped.has(entry) ? [] : files(join(path, entry))));
}

// The benchmarks measure this repository's own providers; they are not shipped. The manifest schema's
// fragments (link/*.schema.json, assembled into specs/manifest.schema.json) are its documentation, like
// the schema itself: their examples may name anything.
const sources = scanned
  .flatMap(files)
  .filter((f) => !/\.test\.ts$/.test(f) && !f.includes("scripts/bench/") && !f.endsWith(".schema.json"));

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Where `text` names one of `ids` or `words` (lowercased comparison). */
function namesIn(text: string, ids: string[], words: string[]): string[] {
  const lower = text.toLowerCase();
  const found = new Set<string>();
  for (const id of ids) {
    const e = escapeRe(id.toLowerCase());
    const asString = new RegExp(`(["'\`])${e}\\1`);
    const asOperation = new RegExp(`(^|[^a-z0-9_$])${e}_[a-z0-9]`);
    const asSegment = new RegExp(`[/@]${e}(?=[/"'\`\\s]|$)`, "m");
    if (asString.test(lower) || asOperation.test(lower) || asSegment.test(lower)) found.add(id);
  }
  for (const word of words) if (new RegExp(`(^|[^a-z0-9])${escapeRe(word)}([^a-z0-9]|$)`).test(lower)) found.add(word);
  return [...found];
}

describe("the provider-name check", () => {
  const ids = ["issues", "books"];
  for (const [text, expected] of [
    ['if (provider === "books") return;', ["books"]],
    ["case 'issues':", ["issues"]],
    ["const id = `books`;", ["books"]],
    ["execute('books_search_volumes', {})", ["books"]],
    ["tools.issues_list_all", ["issues"]],
    ['readFileSync("specs/books/manifest.yaml")', ["books"]],
    ['import { provider } from "@acme/issues";', ["issues"]],
    ["// calls Google Books directly", ["google"]],
    ["const issues: Issue[] = []; validated.issues; return { ok: false, issues };", []],
    ["  /** Every problem found, when the input broke more than one rule. */\n  issues?: { param?: string }[];", []],
    ["// the issues found in the books of account", []],
    ["const booksSeen = notebooks_total + ebooks;", []],
  ] as const) {
    it(`${JSON.stringify(text).slice(0, 60)} → ${expected.join(", ") || "nothing"}`, () => {
      expect(namesIn(text, ids, upstreamWords).sort()).toEqual([...expected].sort());
    });
  }
});

describe("generator and runtime are provider-neutral", () => {
  it("scans the source it means to", () => {
    expect(providers.length).toBeGreaterThan(0);
    expect(sources.length).toBeGreaterThan(20);
  });

  for (const file of sources) {
    it(`${relative(root, file)} names no provider`, () => {
      expect(namesIn(readFileSync(file, "utf8"), checkedIds, upstreamWords)).toEqual([]);
    });
  }
});
