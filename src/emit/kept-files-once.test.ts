// A generation after one provider of many changed pays for the unchanged ones' files once (issue 64): the stamp's
// outputs are gone over once for all of them, a kept file is read and hashed once (by keptFiles, not again by the
// write), a file the provider's generation read is not hashed again after the stamp's inputs hashed it, and a file
// standing in its place is looked at by one lstat, not an lstat and a stat.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import module, { createRequire } from "node:module";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readHashed, sha256 } from "../common/hash.js";
import { keptFiles, type ProviderEntry } from "./provider-stamp.js";
import { StagedWrite } from "./staged-write.js";
import { FileLook } from "./write.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const fs = createRequire(import.meta.url)("node:fs") as Record<string, (...args: unknown[]) => unknown>;
const crypto = createRequire(import.meta.url)("node:crypto") as Record<string, (...args: unknown[]) => unknown>;

/**
 * How many times `step` calls the file system's `name` (the modules' named imports of it follow the module's own
 * export once synced: tests share their modules, so a mock of the module would not reach them).
 */
function callsOf(name: string, step: () => void, of = fs): number {
  const real = of[name] as (...args: unknown[]) => unknown;
  let calls = 0;
  of[name] = (...args: unknown[]) => {
    calls++;
    return real(...args);
  };
  module.syncBuiltinESMExports();
  try {
    step();
  } finally {
    of[name] = real;
    module.syncBuiltinESMExports();
  }
  return calls;
}

const dir = mkdtempSync(join(runScratch(), "zq-kept-once-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An output folder of `providers`, each with `files` small files, and the stamp recording them. */
function stampedFolder(name: string, providers: string[], files: number) {
  const outDir = join(dir, name);
  const outputs: Record<string, string> = {};
  for (const p of providers) {
    mkdirSync(join(outDir, p), { recursive: true });
    for (let i = 0; i < files; i++) {
      const text = `// ${p} file ${i}\n`;
      writeFileSync(join(outDir, p, `f${i}.js`), text);
      outputs[`${p}/f${i}.js`] = sha256(text);
    }
  }
  return { outDir, outputs };
}

const entryOf = (p: string): ProviderEntry => ({
  key: "zqkey",
  read: {},
  summary: { provider: p, name: p, manifest: `specs/${p}/manifest.yaml`, tools: [] },
  warnings: [],
});

describe("the unchanged providers' files, read back", () => {
  it("goes over the stamp's outputs once for every provider, not once a provider", () => {
    const providers = ["zqa", "zqb", "zqc", "zqd"];
    const { outDir, outputs } = stampedFolder("grouped", providers, 3);
    let walks = 0;
    const counted = new Proxy(outputs, {
      ownKeys: (target) => {
        walks++;
        return Reflect.ownKeys(target);
      },
    });
    const stamp = { outputs: counted, providers: Object.fromEntries(providers.map((p) => [p, entryOf(p)])) };
    for (const p of providers) expect(keptFiles(stamp, p, "zqkey", { root: dir, outDir })?.files.size, p).toBe(3);
    expect(walks).toBe(1);
  });

  it("takes a read file's hash from the stamp's inputs' while unchanged, its text's as the loader reads it", () => {
    const { outDir, outputs } = stampedFolder("inputs", ["zqa"], 2);
    const spec = join(dir, "zq-inputs.yaml");
    const text = "openapi: 3.1.0\ninfo: { title: zq, version: '1' }\n";
    writeFileSync(spec, `\uFEFF${text}`);
    const stamp = (hash: string) => ({
      outputs,
      providers: { zqa: { ...entryOf("zqa"), read: { "zq-inputs.yaml": hash } } },
    });
    const kept = (hash: string) => keptFiles(stamp(hash), "zqa", "zqkey", { root: dir, outDir })?.files.size;
    // A byte order mark: the text's hash is the bytes' after it.
    expect(kept(sha256(text))).toBe(2);
    writeFileSync(spec, text);
    readHashed(spec);
    // Hashed by the stamp's inputs: each of the provider's two files hashed, the input not.
    const recorded = sha256(text);
    expect(callsOf("createHash", () => expect(kept(recorded)).toBe(2), crypto)).toBe(2);
    writeFileSync(spec, `${text}#\n`);
    expect(kept(sha256(text))).toBeUndefined();
    // Bytes that are not UTF-8: not kept (the loader refuses them), though their text decoded leniently was recorded.
    writeFileSync(spec, Buffer.from([0x7a, 0x71, 0xff]));
    expect(kept(sha256(Buffer.from([0x7a, 0x71, 0xff]).toString("utf8")))).toBeUndefined();
    expect(kept(sha256("gone"))).toBe(kept(sha256(text)));
  });

  it("takes a kept file by the hash it was read with: not read nor hashed again by the write", async () => {
    const { outDir } = stampedFolder("written", ["zqa"], 2);
    const write = new StagedWrite(outDir);
    const recorded = "0".repeat(64);
    expect(callsOf("readFileSync", () => write.kept("zqa/f0.js", recorded, () => "never asked"))).toBe(0);
    expect(write.hashes.get("zqa/f0.js")).toBe(recorded);
    const report = await write.commit();
    expect(report).toEqual({ stale: [], missing: [], extra: [] });
  });

  it("hands a kept file as any other when something but a file stands in its place", async () => {
    const { outDir } = stampedFolder("linked", ["zqa"], 1);
    symlinkSync(join(outDir, "zqa", "f0.js"), join(outDir, "zqa", "f1.js"));
    const write = new StagedWrite(outDir);
    write.kept("zqa/f1.js", "0".repeat(64), () => "// zqa file 1\n");
    await expect(write.commit()).rejects.toThrow(/zqa\/f1\.js \(a symbolic link\)/);
  });

  it("looks at a file in a folder that stands by one lstat, no stat after it (the folder's, once)", () => {
    const { outDir } = stampedFolder("looked", ["zqa"], 5);
    const look = new FileLook(outDir);
    const looks = () => {
      for (let i = 0; i < 5; i++) expect(look.found(`zqa/f${i}.js`)).toBe("present");
      expect(look.found("zqa/f9.js")).toBe("missing");
    };
    // The folder's one lstat (whether it stands and is no link), no stat; the files' lstats, one each.
    let lstats = 0;
    expect(callsOf("statSync", () => (lstats = callsOf("lstatSync", looks)))).toBe(0);
    expect(lstats).toBe(7);
    expect(callsOf("lstatSync", looks)).toBe(6);
    mkdirSync(join(outDir, "zqa", "f5.js"));
    expect(look.found("zqa/f5.js")).toEqual({ blocked: "a folder, not a file" });
  });

  it("looks at a package's folder that is not there by one lstat, no stat (a new package's, its files missing)", () => {
    const { outDir } = stampedFolder("fresh", [], 0);
    mkdirSync(outDir, { recursive: true });
    symlinkSync(join(dir, "nowhere"), join(outDir, "zqlink"));
    const look = new FileLook(outDir);
    let lstats = 0;
    const stats = callsOf("statSync", () => {
      lstats = callsOf("lstatSync", () => {
        for (const f of ["index.js", "index.d.ts", "README.md"]) expect(look.found(`zqnew/${f}`)).toBe("missing");
        expect(look.folderAbsent("zqnew")).toBe(true);
      });
    });
    expect([stats, lstats]).toEqual([0, 1]);
    // A link there, even to nothing, is still refused; a folder made since is as first looked.
    expect(look.found("zqlink/index.js")).toEqual({ blocked: "through the symbolic link zqlink" });
    mkdirSync(join(outDir, "zqnew"));
    expect(look.folderAbsent("zqnew")).toBe(true);
  });
});
