// The code manifest the build writes (scripts/build/code-hashes.mjs) stands for
// reading and hashing the code only while it describes what is on disk: any
// file changed, added or removed after it is read and hashed, so that the
// stamp of a generation still changes with the generator's or the runtime's
// code.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, renameSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { sha256 } from "../common/hash.js";
import { codeHashes } from "./code-hashes.js";
import { inputHash } from "./stamp.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const WRITER = fileURLToPath(new URL("../../scripts/build/code-hashes.mjs", import.meta.url));
const base = mkdtempSync(join(runScratch(), "zq-code-hashes-"));
afterAll(() => rmSync(base, { recursive: true, force: true }));

// Every file and folder an hour old, the manifest half an hour: as a build leaves them (the manifest written last).
const HOUR_AGO = Date.now() / 1000 - 3600;
const WRITTEN = HOUR_AGO + 1800;
let root: string;
let round = 0;
const manifest = () => join(root, "dist", "code-hashes.json");
const write = (file: string, text: string, at = HOUR_AGO) => {
  writeFileSync(join(root, file), text);
  utimesSync(join(root, file), at, at);
};
const age = (folder: string, at = HOUR_AGO) => utimesSync(join(root, folder), at, at);
const build = () => {
  execFileSync(process.execPath, [WRITER, root, manifest()]);
  for (const folder of ["", "call", "dist", "dist/call"]) age(folder);
  utimesSync(manifest(), WRITTEN, WRITTEN);
};
/** What reading and hashing every file gives (the manifest moved aside, and back, its times kept). */
const walked = () => {
  renameSync(manifest(), `${manifest()}.aside`);
  try {
    return codeHashes(root, manifest());
  } finally {
    renameSync(`${manifest()}.aside`, manifest());
    age("dist");
  }
};

beforeEach(() => {
  root = join(base, `zqpkg${++round}`);
  mkdirSync(join(root, "dist", "call"), { recursive: true });
  mkdirSync(join(root, "call"));
  write("dist/index.js", "export const zq = 1;\n");
  write("dist/call/send.js", "export const send = 2;\n");
  write("dist/call/send.d.ts", "export declare const send: number;\n");
  write("dist/call/send.test.ts", "it('zq', () => {});\n");
  write("call/send.ts", "export const send = 2;\n");
  build();
});

describe("codeHashes", () => {
  it("gives each code file's hash from the manifest, as reading them gives, declarations and tests left out", () => {
    const hashes = codeHashes(root, manifest());
    expect(hashes).toEqual([
      ["call/send.ts", sha256("export const send = 2;\n")],
      ["dist/call/send.js", sha256("export const send = 2;\n")],
      ["dist/index.js", sha256("export const zq = 1;\n")],
    ]);
    expect(walked()).toEqual(hashes);
    expect(codeHashes(root, manifest(), (file) => file.startsWith("dist/"))).toEqual(hashes.slice(1));
  });

  it("answers from the manifest while it holds: a file of the same size and time is not read", () => {
    // Not a case a build or an install makes; it shows the files are not read while the manifest holds.
    write("dist/index.js", "export const zq = 7;\n");
    expect(codeHashes(root, manifest())).toContainEqual(["dist/index.js", sha256("export const zq = 1;\n")]);
  });

  it("reads every file again when one was changed after the manifest", () => {
    write("dist/index.js", "export const zq = 7;\n", WRITTEN + 60);
    const hashes = codeHashes(root, manifest());
    expect(hashes).toContainEqual(["dist/index.js", sha256("export const zq = 7;\n")]);
    expect(hashes).toEqual(walked());
  });

  it("reads every file again when one's size differs from the manifest's, whatever its time", () => {
    write("call/send.ts", "export const send = 22;\n");
    expect(codeHashes(root, manifest())).toContainEqual(["call/send.ts", sha256("export const send = 22;\n")]);
  });

  it("sees a file added after the manifest (its folder's time)", () => {
    writeFileSync(join(root, "dist/call/retry.js"), "export const retry = 3;\n");
    expect(codeHashes(root, manifest()).map(([file]) => file)).toContain("dist/call/retry.js");
  });

  it("sees a file removed after the manifest (its folder's time)", () => {
    rmSync(join(root, "dist/call/send.js"));
    expect(codeHashes(root, manifest()).map(([file]) => file)).toEqual(["call/send.ts", "dist/index.js"]);
  });

  it("answers from the manifest for an installed copy: sources gone, folders newer than the manifest", () => {
    rmSync(join(root, "call"), { recursive: true });
    for (const folder of ["", "dist", "dist/call"]) age(folder, WRITTEN + 60);
    write("dist/index.js", "export const zq = 7;\n"); // the same size and time: shows the manifest answered
    expect(codeHashes(root, manifest())).toEqual([
      ["dist/call/send.js", sha256("export const send = 2;\n")],
      ["dist/index.js", sha256("export const zq = 1;\n")],
    ]);
  });

  it("reads every file again when a folder newer than the manifest holds a code file it does not list", () => {
    write("dist/call/retry.js", "export const retry = 3;\n");
    age("dist/call", WRITTEN + 60);
    expect(codeHashes(root, manifest()).map(([file]) => file)).toContain("dist/call/retry.js");
  });

  it("sees a folder that is no longer one, whatever the times", () => {
    rmSync(join(root, "call"), { recursive: true });
    write("call", "export const send = 2;\n");
    age("");
    expect(codeHashes(root, manifest()).map(([file]) => file)).toEqual(["dist/call/send.js", "dist/index.js"]);
  });

  it("reads the files without a manifest, or with one unreadable, of another shape or with other patterns", () => {
    const expected = walked();
    writeFileSync(manifest(), "{ not json");
    utimesSync(manifest(), WRITTEN, WRITTEN);
    expect(codeHashes(root, manifest())).toEqual(expected);
    writeFileSync(manifest(), JSON.stringify({ code: "\\.js$", notCode: "", folders: [""], files: {} }));
    utimesSync(manifest(), WRITTEN, WRITTEN);
    expect(codeHashes(root, manifest())).toEqual(expected);
    const patterns = { code: "\\.(js|ts)$", notCode: "\\.test\\.ts$|\\.d\\.ts$" };
    for (const cut of [{ folders: [""] }, { folders: [""], files: { "dist/index.js": 21 } }]) {
      writeFileSync(manifest(), JSON.stringify({ ...patterns, ...cut }));
      utimesSync(manifest(), WRITTEN, WRITTEN);
      expect(codeHashes(root, manifest())).toEqual(expected);
    }
  });
});

describe("the stamp's input hash with a runtime's code manifest", () => {
  it("is the one reading the runtime gives, and changes with the runtime's code", () => {
    const project = join(base, "zqproject");
    mkdirSync(join(project, "specs/zqshelf"), { recursive: true });
    writeFileSync(join(project, "specs/zqshelf/manifest.yaml"), "provider: zqshelf\n");
    writeFileSync(join(root, "package.json"), JSON.stringify({ version: "0.0.1" }));
    age("");
    const hash = () => inputHash(project, join(project, "specs"), "{}", join(root, "package.json"));
    const fromManifest = hash();
    renameSync(manifest(), `${manifest()}.aside`);
    expect(hash()).toBe(fromManifest);
    renameSync(`${manifest()}.aside`, manifest());
    age("dist");
    expect(hash()).toBe(fromManifest);
    write("dist/call/send.js", "export const send = 3;\n", WRITTEN + 60);
    expect(hash()).not.toBe(fromManifest);
  });
});
