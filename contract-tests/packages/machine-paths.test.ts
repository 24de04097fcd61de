// The packages this repository publishes hold no path of the machine that
// built them: packed as npm packs them (`npm pack`, every file the tarball
// ships, names included), none holds the checkout's absolute path or a path
// under the home folder. The bundled mock (dist/vendor/prism.cjs, esbuild)
// named a module by its absolute path: `english-faker:/home/…/node_modules/…`.
import { mkdtempSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { globSync } from "tinyglobby";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Packed } from "./local-registry.js";
import { runOk } from "./processes.js";
import { ROOT } from "./root.js";

/** The package folders npm would publish: the repository's own and its workspaces'. */
function publishedFolders(): string[] {
  const { workspaces } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { workspaces: string[] };
  const folders = globSync(workspaces, { cwd: ROOT, onlyDirectories: true, expandDirectories: false }).map((f) => `./${f.replace(/\/$/, "")}`);
  return [".", ...folders.filter((f) => !(JSON.parse(readFileSync(join(ROOT, f, "package.json"), "utf8")) as { private?: boolean }).private).sort()];
}

/** What must not be in a package: the checkout's path (as given and resolved) and any path under the home folder. */
const MACHINE_PATHS = [...new Set([ROOT.replace(/\/$/, ""), realpathSync(ROOT)]), ...(homedir() && homedir() !== "/" ? [`${homedir().replace(/\/$/, "")}/`] : [])];

const work = mkdtempSync(join(tmpdir(), "blockwright-packs-"));
let packed: Packed[];
beforeAll(async () => {
  // One npm process packs them all; no lifecycle script runs (npm test has built dist/ first).
  const { stdout } = await runOk("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", work, ...publishedFolders()], ROOT);
  packed = JSON.parse(stdout) as Packed[];
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("the published packages", () => {
  it("are packed, blockwright's own and the runtime among them", () => {
    expect(packed.map((p) => p.name)).toEqual(expect.arrayContaining(["blockwright", "@blockwright/runtime"]));
    expect(packed).toHaveLength(publishedFolders().length);
  });

  it("hold no path of the machine that built them: not the checkout's, nor one under the home folder", () => {
    const found: string[] = [];
    for (const p of packed) {
      // A tarball's file names and contents are plain bytes once ungzipped.
      const tar = gunzipSync(readFileSync(join(work, p.filename)));
      for (const path of MACHINE_PATHS) {
        const at = tar.indexOf(path);
        if (at >= 0) found.push(`${p.filename}: ${JSON.stringify(tar.subarray(Math.max(0, at - 60), at + path.length + 60).toString("latin1"))}`);
      }
    }
    expect(found).toEqual([]);
  });
});
