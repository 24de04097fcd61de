// The rule by which the command's own modules are found by their address: a relative `.js` import by a `.js` module
// under one of the roots is the joined address; anything else is left to Node's resolution.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPOSITORY } from "../../../test-support/neutral-copy.js";
import { ownResolved } from "./own-resolve.js";

const ROOTS = ["file:///zq/pkg/dist/", "file:///zq/runtime/dist/"];
const IMPORT = { conditions: ["node", "import"] };
const from = (parentURL: string, conditions = IMPORT.conditions) => ({ parentURL, conditions });

describe("ownResolved", () => {
  it("joins a relative .js import of a module under a root, as an ES module", () => {
    expect(ownResolved("./support/io.js", from("file:///zq/pkg/dist/cli/serve.js"), ROOTS)).toEqual({
      url: "file:///zq/pkg/dist/cli/support/io.js",
      format: "module",
      shortCircuit: true,
    });
    expect(ownResolved("../common/hash.js", from("file:///zq/runtime/dist/http/send.js"), ROOTS)?.url).toBe(
      "file:///zq/runtime/dist/common/hash.js",
    );
  });

  it("leaves to Node a package, a built-in, another kind of file, a parent elsewhere, a require, a climb out", () => {
    const parent = from("file:///zq/pkg/dist/cli/serve.js");
    for (const specifier of ["@blockwright/runtime/internal", "yaml", "node:fs", "./data.json", "./bundle.cjs", "./x"])
      expect(ownResolved(specifier, parent, ROOTS)).toBeUndefined();
    expect(ownResolved("./b.js", from("file:///zq/pkg/node_modules/yaml/a.js"), ROOTS)).toBeUndefined();
    expect(ownResolved("./b.js", from("file:///zq/pkg/dist/vendor/prism.cjs"), ROOTS)).toBeUndefined();
    expect(ownResolved("./b.js", from("file:///zq/pkg/dist/cli/serve.js", ["node", "require"]), ROOTS)).toBeUndefined();
    expect(ownResolved("../../bin/x.js", parent, ROOTS)).toBeUndefined();
    expect(ownResolved("./b.js", {}, ROOTS)).toBeUndefined();
  });
});

describe("the hook's premise, on this checkout's built packages", () => {
  // The hook states `format: "module"` for every own `.js` module: true only while each package is "type": "module"
  // and no package.json below its dist/ says otherwise (Node would read that one; the hook does not).
  it("finds both packages ES modules, with no package.json under their dist/", () => {
    for (const pkg of [REPOSITORY, join(REPOSITORY, "runtime")]) {
      expect(JSON.parse(readFileSync(join(pkg, "package.json"), "utf8")).type).toBe("module");
      const dist = join(pkg, "dist");
      expect(existsSync(dist), `${dist} is built`).toBe(true);
      const below = readdirSync(dist, { recursive: true }).map(String);
      expect(below.length).toBeGreaterThan(0);
      expect(below.filter((file) => file.split(/[\\/]/).at(-1) === "package.json")).toEqual([]);
    }
  });
});
