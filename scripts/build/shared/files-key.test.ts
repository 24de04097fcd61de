// The key of a list of files (files-key.mjs), by which the build keeps its vendor bundles (vendor-inputs.mjs) and the
// tests their Prism bundle (test-support/run/prism-bundle.ts).
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { filesKey } from "./files-key.mjs";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const root = mkdtempSync(join(runScratch(), "zq-files-key-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
mkdirSync(join(root, "zq"));
writeFileSync(join(root, "zq/a.txt"), "zq-bytes");
writeFileSync(join(root, "zq/b.bin"), Buffer.from([0, 255, 10]));

describe("the key of a list of files", () => {
  it(
    "is the sha256 of each path and its bytes, each ended by a NUL, a missing file's bytes `(none)`: the keys the " +
      "bundles were kept by before both took it, so a checkout's bundles stay in place",
    () => {
      const expected = createHash("sha256")
        .update(Buffer.concat([Buffer.from("zq/a.txt\0zq-bytes\0zq/b.bin\0"), Buffer.from([0, 255, 10])]))
        .update("\0zq/none.txt\0(none)\0")
        .digest("hex");
      expect(filesKey(root, ["zq/a.txt", "zq/b.bin", "zq/none.txt"])).toBe(expected);
    },
  );

  it("changes with a file's bytes, its path, a file more or the files' order", () => {
    const files = ["zq/a.txt", "zq/b.bin"];
    const keys = [filesKey(root, files), filesKey(root, [...files].reverse()), filesKey(root, [...files, "zq/c"])];
    writeFileSync(join(root, "zq/a2.txt"), "zq-bytes");
    keys.push(filesKey(root, ["zq/a2.txt", "zq/b.bin"]));
    writeFileSync(join(root, "zq/a.txt"), "zq-bytez");
    keys.push(filesKey(root, files));
    expect(new Set(keys).size).toBe(5);
  });
});
