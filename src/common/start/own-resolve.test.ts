// The rule by which the command's own modules are found by their address: a relative `.js` import by a `.js` module
// under one of the roots is the joined address when a plain file is there; anything else is left to Node's
// resolution (a link, which Node follows; a missing module, which Node reports as ERR_MODULE_NOT_FOUND).
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync } from "node:fs";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { REPOSITORY } from "../../../test-support/neutral-copy.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";
import { ownResolved, plainFile } from "./own-resolve.js";

const ROOTS = ["file:///zq/pkg/dist/", "file:///zq/runtime/dist/"];
const IMPORT = { conditions: ["node", "import"] };
const from = (parentURL: string, conditions = IMPORT.conditions) => ({ parentURL, conditions });
/** The rule alone: every address a plain file. */
const plain = () => true;

describe("ownResolved", () => {
  it("joins a relative .js import of a module under a root, as an ES module", () => {
    expect(ownResolved("./support/io.js", from("file:///zq/pkg/dist/cli/serve.js"), ROOTS, plain)).toEqual({
      url: "file:///zq/pkg/dist/cli/support/io.js",
      format: "module",
      shortCircuit: true,
    });
    expect(ownResolved("../common/hash.js", from("file:///zq/runtime/dist/http/send.js"), ROOTS, plain)?.url).toBe(
      "file:///zq/runtime/dist/common/hash.js",
    );
  });

  it("leaves to Node a package, a built-in, another kind of file, a parent elsewhere, a require, a climb out", () => {
    const parent = from("file:///zq/pkg/dist/cli/serve.js");
    for (const specifier of ["@blockwright/runtime/internal", "yaml", "node:fs", "./data.json", "./bundle.cjs", "./x"])
      expect(ownResolved(specifier, parent, ROOTS, plain)).toBeUndefined();
    expect(ownResolved("./b.js", from("file:///zq/pkg/node_modules/yaml/a.js"), ROOTS, plain)).toBeUndefined();
    expect(ownResolved("./b.js", from("file:///zq/pkg/dist/vendor/prism.cjs"), ROOTS, plain)).toBeUndefined();
    expect(
      ownResolved("./b.js", from("file:///zq/pkg/dist/cli/serve.js", ["node", "require"]), ROOTS, plain),
    ).toBeUndefined();
    expect(ownResolved("../../bin/x.js", parent, ROOTS, plain)).toBeUndefined();
    expect(ownResolved("./b.js", {}, ROOTS, plain)).toBeUndefined();
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

/**
 * A folder laid out as a package's: `dist/` with the built hook, `a.js` importing a module that is not there, `b.js`
 * importing `linked.js`, a symbolic link to `elsewhere/real.js`, whose `./near.js` is beside it (and another beside
 * the link). `main.mjs` registers the hook for `dist/` and imports the module its argument names.
 */
function linkedPackage(): string {
  const dir = mkdtempSync(join(runScratch(), "own-resolve-"));
  const write = (file: string, text: string) => writeFileSync(join(dir, file), text);
  mkdirSync(join(dir, "dist"));
  mkdirSync(join(dir, "elsewhere"));
  write("package.json", '{ "type": "module" }\n');
  copyFileSync(join(REPOSITORY, "dist/common/start/own-resolve.js"), join(dir, "dist/own-resolve.js"));
  write(
    "main.mjs",
    'const { resolveOwnModules } = await import("./dist/own-resolve.js");\n' +
      'if (!resolveOwnModules(new URL("./dist/", import.meta.url).href)) throw new Error("no hooks");\n' +
      'await import("./dist/" + process.argv[2]);\n',
  );
  write("dist/a.js", 'import "./zq-missing.js";\n');
  write("dist/b.js", 'import { where } from "./linked.js";\nconsole.log(where);\n');
  write("dist/near.js", 'export const where = "the link\'s folder";\n');
  write("elsewhere/real.js", 'export { where } from "./near.js";\n');
  write("elsewhere/near.js", 'export const where = "the file\'s own folder";\n');
  symlinkSync(join(dir, "elsewhere/real.js"), join(dir, "dist/linked.js"));
  return dir;
}

describe("the hook on files (a built dist/)", () => {
  it("finds a plain file plain; a link, a folder or nothing there not", () => {
    const dir = linkedPackage();
    const url = (file: string) => pathToFileURL(join(dir, file)).href;
    expect(plainFile(url("dist/a.js"))).toBe(true);
    expect(plainFile(url("dist/linked.js"))).toBe(false);
    expect(plainFile(url("dist"))).toBe(false);
    expect(plainFile(url("dist/zq-missing.js"))).toBe(false);
  });

  it("a missing own module fails as Node says it (ERR_MODULE_NOT_FOUND), not with the loader's ENOENT", () => {
    const dir = linkedPackage();
    const r = spawnSync(process.execPath, ["main.mjs", "a.js"], { cwd: dir, encoding: "utf8" });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("ERR_MODULE_NOT_FOUND");
    expect(r.stderr).toMatch(/Cannot find module '[^']*zq-missing\.js' imported from [^\n]*a\.js/);
    expect(r.stderr).not.toContain("ENOENT");
  });

  it("a symbolically linked own module loads as Node loads it: its imports beside the file it links to", () => {
    const dir = linkedPackage();
    const r = spawnSync(process.execPath, ["main.mjs", "b.js"], { cwd: dir, encoding: "utf8" });
    expect(r.stderr).toBe("");
    expect(r.stdout).toBe("the file's own folder\n");
  });
});
