// What the build's vendor step (vendor.mjs) leaves out of a bundle, read from
// the list of packages it bundled (dist/vendor/<name>.LICENSES.txt, written
// from esbuild's own list of inputs): `npm test` builds first.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPOSITORY } from "../../test-support/neutral-copy.js";

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
