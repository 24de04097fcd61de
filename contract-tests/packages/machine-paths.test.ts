// The packages this repository publishes hold no path of the machine that
// built them: packed as npm packs them (`npm pack`, every file the tarball
// ships, names included), none holds the checkout's absolute path or a path
// under the home folder. The bundled mock (dist/vendor/prism.cjs, esbuild)
// named a module by its absolute path: `english-faker:/home/…/node_modules/…`.
import { readFileSync, realpathSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, inject, it } from "vitest";
import { ROOT } from "./root.js";
import { packsOf, publishedFolders } from "./shared-packs.js";

/** What must not be in a package: the checkout's path (as given and resolved) and any path under the home folder. */
const MACHINE_PATHS = [
  ...new Set([ROOT.replace(/\/$/, ""), realpathSync(ROOT)]),
  ...(homedir() && homedir() !== "/" ? [`${homedir().replace(/\/$/, "")}/`] : []),
];

// Packed by the project's global set-up, in the one npm process that packs every folder its files pack
// (shared-packs.ts).
const shared = inject("packagesRegistry").packs;
const packed = packsOf(shared, ROOT, publishedFolders(ROOT));
const work = shared.dir;

describe("the published packages", () => {
  it("are packed, blockwright's own and the runtime among them", () => {
    expect(packed.map((p) => p.name)).toEqual(expect.arrayContaining(["blockwright", "@blockwright/runtime"]));
    expect(packed).toHaveLength(publishedFolders(ROOT).length);
  });

  it("hold no path of the machine that built them: not the checkout's, nor one under the home folder", () => {
    const found: string[] = [];
    for (const p of packed) {
      // A tarball's file names and contents are plain bytes once ungzipped.
      const tar = gunzipSync(readFileSync(join(work, p.filename)));
      for (const path of MACHINE_PATHS) {
        const at = tar.indexOf(path);
        if (at >= 0)
          found.push(
            `${p.filename}: ` +
              `${JSON.stringify(tar.subarray(Math.max(0, at - 60), at + path.length + 60).toString("latin1"))}`,
          );
      }
    }
    expect(found).toEqual([]);
  });
});
