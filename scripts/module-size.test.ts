// Small modules (issue 20): no hand-written module under scripts/, runtime/
// or bin/ passes 450 lines. Generated, precompiled, vendored and fixture
// files are not written by hand; a module that grows past the limit is split
// by concept, not squeezed.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { globSync } from "tinyglobby";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const MAX_LINES = 450;

describe("module size", () => {
  it(`keeps every hand-written module of scripts/, runtime/ and bin/ within ${MAX_LINES} lines`, () => {
    const files = globSync(["scripts/**/*.{ts,mts,js,mjs,cjs}", "runtime/**/*.{ts,mts,js,mjs,cjs}", "bin/**/*.{ts,js,mjs}"], {
      cwd: ROOT,
      ignore: ["**/node_modules/**", "**/dist/**", "**/precompiled/**", "**/__fixtures__/**", "**/__snapshots__/**", "scripts/vendor/**"],
    });
    expect(files.length).toBeGreaterThan(0);
    const over = files
      .map((file) => ({ file, lines: readFileSync(`${ROOT}${file}`, "utf8").split("\n").length - 1 }))
      .filter((f) => f.lines > MAX_LINES)
      .map((f) => `${f.file}: ${f.lines} lines`);
    expect(over).toEqual([]);
  });
});
