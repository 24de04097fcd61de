// The only provider-specific knowledge lives in specs/: the generator, the
// runtime, the templates and the command line must not name a provider or
// its upstream. A provider that seems to need code needs a manifest concept.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { providerDirs } from "./provider-dirs.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const specs = join(root, "specs");

// Provider ids, and the upstream names behind them (read from each OpenAPI title).
const providers = providerDirs(specs);
const upstreamWords = ["salesforce", "sobject", "soql", "microsoft", "graph.microsoft", "entra", "odata", "gamma", "people data labs", "peopledatalabs", "pdl", "google"];
const names = [...providers, ...upstreamWords];

// Everything hand-written that ships: the runtime, the CLI and generator (scripts/), templates, bin.
const scanned = ["runtime", "scripts", "templates", "bin"];
// precompiled/: generated from specs/*.schema.json and templates/, whose examples may name anything.
const skipped = new Set(["__fixtures__", "dist", "node_modules", "precompiled"]);

function files(path: string): string[] {
  const full = join(root, path);
  if (statSync(full).isFile()) return [full];
  return readdirSync(full).flatMap((entry) => (skipped.has(entry) ? [] : files(join(path, entry))));
}

// The benchmarks measure this repository's own providers; they are not shipped.
const sources = scanned.flatMap(files).filter((f) => !/\.test\.ts$/.test(f) && !f.endsWith("scripts/bench.ts") && !f.includes("scripts/bench/"));

describe("generator and runtime are provider-neutral", () => {
  it("scans the source it means to", () => {
    expect(providers.length).toBeGreaterThanOrEqual(5);
    expect(sources.length).toBeGreaterThan(20);
  });

  for (const file of sources) {
    it(`${relative(root, file)} names no provider`, () => {
      const text = readFileSync(file, "utf8").toLowerCase();
      const found = names.filter((name) => new RegExp(`(^|[^a-z0-9])${name}([^a-z0-9]|$)`).test(text));
      expect(found).toEqual([]);
    });
  }
});
