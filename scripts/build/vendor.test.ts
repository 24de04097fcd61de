// What the build's vendor step (vendor.mjs) leaves out of a bundle, read from
// the list of packages it bundled (dist/vendor/<name>.LICENSES.txt, written
// from esbuild's own list of inputs): `npm test` builds first.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createRequire } from "node:module";
import { afterAll, describe, expect, it, vi } from "vitest";
import { REPOSITORY } from "../../test-support/neutral-copy.js";
import { runScratch } from "../../test-support/run/run-scratch.js";
// @ts-expect-error -- a plain JavaScript build tool, without types
import { bundlesInPlace, KEY_FILE, vendorInputsKey, vendorNames } from "./vendor-inputs.mjs";

const tmp = mkdtempSync(join(runScratch(), "zq-vendor-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The packages bundled into dist/vendor/<name>.cjs, as `name@version`. */
function bundled(name: string): string[] {
  const text = readFileSync(join(REPOSITORY, "dist/vendor", `${name}.LICENSES.txt`), "utf8");
  return [...text.matchAll(/^((?:@[^/\s]+\/)?[^@\s]+)@\d\S* \(/gm)].map((m) => m[1] as string);
}

describe("the vendor bundles", () => {
  it(
    "Prism's holds no reader of documents by file or address (postman-collection, Prism's $ref parser): the " +
      "mocks read documents themselves, and every command starting one loaded them (a third of the bundle's CPU)",
    () => {
      const packages = bundled("prism");
      expect(packages).toContain("@stoplight/prism-http");
      expect(packages).not.toContain("postman-collection");
      expect(packages).not.toContain("@stoplight/json-schema-ref-parser");
    },
  );

  it("Prism's holds no proxy agent: its proxy mode, which the mocks never take, is left out", () => {
    const packages = bundled("prism");
    expect(packages).not.toContain("http-proxy-agent");
    expect(packages).not.toContain("https-proxy-agent");
  });
});

describe("js-yaml's bundle (src/vendor/js-yaml.cjs)", () => {
  type JsYaml = { load(text: string): unknown };
  const vendored = createRequire(import.meta.url)(join(REPOSITORY, "dist/vendor/js-yaml.cjs")) as JsYaml;
  const installed = createRequire(import.meta.url)("js-yaml") as JsYaml;
  // Block and flow mappings and lists, merge keys and anchors, scalars of each kind, in a few shapes.
  const zqText = [
    "zq-base: &zqBase {zqA: 1, zqB: [x, 'y', \"z\"]}",
    "zq-merged:\n  <<: *zqBase\n  zqA: 2\n  zqC: {<<: *zqBase, zqB: []}",
    "zq-list:\n  - zq one\n  - [1, 2.5, true, null, ~]\n  - {zqD: {}, zqE: [[], {}]}\n  - ? zqF\n    : zqG",
    "zq-text: |\n  zq line\n  zq line two\nzq-date: 2026-12-01",
  ].join("\n");

  it("reads a text as the installed js-yaml does, and refuses what it refuses with the same message", () => {
    expect(vendored.load(zqText)).toEqual(installed.load(zqText));
    for (const bad of ["zq: [1, 2", "zq: {a: 1, a: 2}", "zq: 1\nzq: 2", "zq: [a b, ]]"]) {
      const message = (read: JsYaml) => {
        try {
          read.load(bad);
          return undefined;
        } catch (e) {
          return (e as Error).message;
        }
      };
      expect(message(vendored), bad).toBe(message(installed));
      expect(message(vendored), bad).toBeDefined();
    }
  });

  it(
    "makes a flow collection's table of merged keys only for a flow collection, not at each node it tries one: " +
      "a whole published document's scalars each made one (210,362 thrown away for GitHub's, a tenth of its parse)",
    () => {
      const made = (read: JsYaml, text: string) => {
        const create = vi.spyOn(Object, "create");
        try {
          read.load(text);
          return create.mock.calls.filter(([proto]) => proto === null).length;
        } finally {
          create.mockRestore();
        }
      };
      const scalars = Array.from({ length: 50 }, (_, i) => `zq${i}: zq value ${i}`).join("\n");
      // A block mapping of one scalar or of fifty: as many tables (js-yaml as installed: one more a scalar).
      const one = made(vendored, "zq0: zq value 0");
      expect(made(vendored, scalars)).toBe(one);
      expect(made(installed, scalars)).toBeGreaterThan(one + 50);
      // Two flow collections (one nested in the other): two tables more.
      expect(made(vendored, `${scalars}\nzq-flow: {zqA: [1, 2, 3]}`)).toBe(one + 2);
    },
  );
});

describe("the vendor step's inputs (vendor-inputs.mjs)", () => {
  it(
    "bundles nothing where the bundles and their licenses are in place from the same inputs: `npm test` builds " +
      "first, and esbuild made the same bundles again each time (1.5 s of CPU)",
    () => {
      const out = join(tmp, "in-place");
      mkdirSync(out);
      const names = vendorNames(REPOSITORY) as string[];
      for (const name of names) {
        writeFileSync(join(out, `${name}.cjs`), "stand-in");
        writeFileSync(join(out, `${name}.LICENSES.txt`), "stand-in");
      }
      writeFileSync(join(out, KEY_FILE), vendorInputsKey(REPOSITORY));
      const run = spawnSync(process.execPath, [join(REPOSITORY, "scripts/build/vendor.mjs"), "--all", out], {
        encoding: "utf8",
      });
      expect(run.status, run.stderr).toBe(0);
      expect(names).toContain("prism");
      for (const name of names) expect(readFileSync(join(out, `${name}.cjs`), "utf8"), name).toBe("stand-in");
    },
  );

  it("takes the bundles as out of date when a bundle or its licenses is missing, or the key differs", () => {
    const out = join(tmp, "partial");
    mkdirSync(out);
    const key = vendorInputsKey(REPOSITORY) as string;
    const names = vendorNames(REPOSITORY) as string[];
    for (const name of names) {
      writeFileSync(join(out, `${name}.cjs`), "");
      writeFileSync(join(out, `${name}.LICENSES.txt`), "");
    }
    expect(bundlesInPlace(REPOSITORY, out, key)).toBe(false);
    writeFileSync(join(out, KEY_FILE), key);
    expect(bundlesInPlace(REPOSITORY, out, key)).toBe(true);
    expect(bundlesInPlace(REPOSITORY, out, `${key.slice(1)}0`)).toBe(false);
    rmSync(join(out, `${names[0]}.LICENSES.txt`));
    expect(bundlesInPlace(REPOSITORY, out, key)).toBe(false);
  });

  it("changes with a vendor module's, a part's, the step's or the installed packages' bytes, and a new part", () => {
    const root = join(tmp, "root");
    for (const dir of ["src/vendor", "scripts/build", "node_modules"]) mkdirSync(join(root, dir), { recursive: true });
    cpSync(join(REPOSITORY, "src/vendor"), join(root, "src/vendor"), {
      recursive: true,
      filter: (f) => !f.endsWith(".test.ts"),
    });
    for (const file of ["scripts/build/vendor.mjs", "scripts/build/vendor-inputs.mjs"])
      cpSync(join(REPOSITORY, file), join(root, file));
    writeFileSync(join(root, "node_modules/.package-lock.json"), "{}");
    const keys = [vendorInputsKey(root)];
    const edits = [
      "src/vendor/prism.cjs",
      "src/vendor/parts/prism-params.cjs",
      "scripts/build/vendor.mjs",
      "scripts/build/vendor-inputs.mjs",
      "node_modules/.package-lock.json",
    ];
    for (const file of edits) {
      writeFileSync(join(root, file), `${readFileSync(join(root, file), "utf8")}\n`);
      keys.push(vendorInputsKey(root));
    }
    writeFileSync(join(root, "src/vendor/parts/zq-new.cjs"), "");
    keys.push(vendorInputsKey(root));
    expect(new Set(keys).size).toBe(edits.length + 2);
  });
});
