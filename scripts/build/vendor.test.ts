// What the build's vendor step (vendor.mjs) leaves out of a bundle, read from
// the list of packages it bundled (dist/vendor/<name>.LICENSES.txt, written
// from esbuild's own list of inputs): `npm test` builds first.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
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
