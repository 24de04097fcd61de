// What `npm install -D blockwright` costs a project (issue 32: at most 60
// packages and 45 MB for a project that generates, tests and publishes), as
// scripts/docs/install-weight.ts measures it from this repository's packs and
// lock file: no registry, no install, so it runs offline in every run. The
// README and docs/guides/packages-and-publishing.md print the same figure
// (`npm run docs` writes it; this file checks it is current, the docs test the
// rest of those pages).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import semver from "semver";
import { beforeAll, describe, expect, inject, it } from "vitest";
import {
  INSTALL_WEIGHT_BLOCKS,
  installWeight,
  installWeightSentence,
  type InstallWeight,
} from "../../scripts/docs/install-weight.js";
import { splitAtBlock } from "../../scripts/docs/marked-block.js";
import { ROOT } from "./root.js";
import { packsOf } from "./shared-packs.js";

const MAX_PACKAGES = 60;
const MAX_BYTES = 45_000_000;

let weight: InstallWeight;
let names: string[];
beforeAll(async () => {
  // The packs' sizes from the project's global set-up, which packed them (shared-packs.ts), as `npm pack --dry-run`
  // gives them.
  const { packs } = inject("packagesRegistry");
  weight = await installWeight(ROOT, async (folders) =>
    packsOf(
      packs,
      ROOT,
      folders.map((f) => f.replace(/^\.\//, "")),
    ).map((p) => p.unpackedSize),
  );
  names = weight.packages.map((l) =>
    l.slice(l.lastIndexOf("node_modules/") + (l.includes("node_modules/") ? "node_modules/".length : 0)),
  );
});

describe("the install of blockwright", () => {
  it(`is at most ${MAX_PACKAGES} packages and ${MAX_BYTES / 1e6} MB`, () => {
    process.stdout.write(
      `[packages] npm install -D blockwright, from the lock file: ${weight.packages.length} packages, ` +
        `${(weight.bytes / 1e6).toFixed(1)} MB\n`,
    );
    expect(weight.packages.length).toBeLessThanOrEqual(MAX_PACKAGES);
    expect(weight.bytes).toBeLessThanOrEqual(MAX_BYTES);
  });

  it(
    "is the figure the README and the packaging guide print (npm run docs writes it; the docs test leaves it to " +
      "this one)",
    () => {
      expect(INSTALL_WEIGHT_BLOCKS.map((b) => b.path)).toEqual(expect.arrayContaining(["README.md"]));
      for (const block of INSTALL_WEIGHT_BLOCKS) {
        const split = splitAtBlock(readFileSync(join(ROOT, block.path), "utf8"), block);
        expect(split?.content, `${block.path}: run npm run docs and commit what it writes`).toBe(
          installWeightSentence(weight),
        );
      }
    },
  );

  it("brings no package that only the build or one optional command needs", () => {
    // Bundled into dist/vendor/ (Prism, Handlebars' runtime, openapi-typescript with TypeScript), an optional peer
    // (the MCP SDK), build-only (the template compiler), or replaced (the Swagger 2 converter:
    // src/import/document/swagger2.ts).
    const absent = [
      "@stoplight/prism-http",
      "@stoplight/prism-http-server",
      "@stoplight/prism-core",
      "@faker-js/faker",
      "postman-collection",
      "handlebars",
      "@modelcontextprotocol/sdk",
    ];
    for (const name of [...absent, "typescript", "openapi-typescript", "swagger2openapi"])
      expect(names).not.toContain(name);
  });

  it("brings the YAML parsers and JSON Schema validators the packaging guide names, and no other", () => {
    // docs/guides/packages-and-publishing.md says why each stays; a new one is a choice to make there first.
    const yamlParsers = names.filter((n) => /(^|[-/])yaml($|[-/])/.test(n)).sort();
    expect(yamlParsers).toEqual(["js-yaml", "yaml", "yaml-ast-parser"]);
    const validators = names.filter((n) => /(^|\/)ajv$|json-schema$|schemasafe/.test(n)).sort();
    expect(validators).toEqual(["@cfworker/json-schema", "@redocly/ajv", "ajv"]);
  });

  it(
    "stays on @redocly/openapi-core 1 and js-yaml 4 while the bundled openapi-typescript needs them (one copy of " +
      "each)",
    () => {
      // docs/guides/packages-and-publishing.md gives the reason; when openapi-typescript takes Redocly 2 (which takes
      // js-yaml 5), this fails: upgrade both then.
      const manifest = (dir: string) =>
        JSON.parse(readFileSync(join(ROOT, dir, "package.json"), "utf8")) as {
          version: string;
          dependencies: Record<string, string>;
        };
      const own = manifest(".").dependencies;
      const redocly = manifest("node_modules/@redocly/openapi-core");
      const wanted = manifest("node_modules/openapi-typescript").dependencies["@redocly/openapi-core"] ?? "";
      expect(semver.satisfies(redocly.version, wanted)).toBe(true);
      expect(semver.satisfies("2.0.0", wanted)).toBe(false);
      // Redocly 1 pins js-yaml exactly: blockwright's own range takes that version, so npm installs one js-yaml.
      expect(
        semver.satisfies(semver.minVersion(redocly.dependencies["js-yaml"] ?? "")?.version ?? "", own["js-yaml"] ?? ""),
      ).toBe(true);
    },
  );
});
