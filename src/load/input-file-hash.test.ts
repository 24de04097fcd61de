// A spec file generate hashed for its stamp is not hashed again when it is read to generate (common/hash.ts): the
// text's hash is the bytes' hash made before, while the file is as it was; a changed file, or one with a byte-order
// mark (which the decoded text drops), is hashed anew.
import { hash as oneShot } from "node:crypto";
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { runScratch } from "../../test-support/run/run-scratch.js";

// Every hash the module makes, counted.
const made = vi.hoisted(() => ({ count: 0 }));
vi.mock("node:crypto", async (original) => {
  const crypto = await original<typeof import("node:crypto")>();
  return {
    ...crypto,
    createHash: (algorithm: string) => {
      made.count++;
      return crypto.createHash(algorithm);
    },
  };
});

// The suite's files share a worker's modules (isolate: false): a hash.js another file loaded holds the real crypto.
vi.resetModules();
const { readHashed, textHash } = await import("../common/hash.js");
const { readSourceText } = await import("./input-file.js");

const tmp = mkdtempSync(join(runScratch(), "blockwright-input-hash-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
beforeEach(() => {
  made.count = 0;
});

// Not through createHash: not counted.
const sha = (data: string | Buffer) => oneShot("sha256", data, "hex");

describe("a spec file's hash, made once", () => {
  it("takes the stamp's hash of an unchanged file for its text, once", () => {
    const file = join(tmp, "zqspec.yaml");
    writeFileSync(file, "zqkey: “zq value” 𝄞\n");
    const { hash } = readHashed(file);
    expect(hash).toBe(sha(Buffer.from("zqkey: “zq value” 𝄞\n")));
    expect(made.count).toBe(1);
    const text = readSourceText(file);
    expect(textHash(text)).toBe(hash);
    expect(made.count).toBe(1);
    // Asked again (the entry was taken): hashed, the same.
    expect(textHash(text)).toBe(sha(text));
    expect(made.count).toBe(2);
    // readHashed of the unchanged file again: its hash, not hashed.
    expect(readHashed(file).hash).toBe(hash);
    expect(made.count).toBe(2);
  });

  it("hashes a file changed since anew, its bytes and its text", () => {
    const file = join(tmp, "zqchanged.yaml");
    writeFileSync(file, "zqkey: 1\n");
    const before = readHashed(file).hash;
    // The same size, another time: another file as far as the identity tells.
    writeFileSync(file, "zqkey: 2\n");
    utimesSync(file, new Date(2001, 1, 1), new Date(2001, 1, 1));
    made.count = 0;
    const text = readSourceText(file);
    const after = textHash(text);
    expect(made.count).toBe(1);
    expect(after).toBe(sha("zqkey: 2\n"));
    expect(after).not.toBe(before);
    expect(readHashed(file).hash).toBe(sha("zqkey: 2\n"));
  });

  it("hashes the text of a file with a byte-order mark (the text drops it)", () => {
    const file = join(tmp, "zqbom.yaml");
    writeFileSync(file, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("zqkey: 1\n")]));
    const { hash } = readHashed(file);
    const text = readSourceText(file);
    expect(text).toBe("zqkey: 1\n");
    expect(textHash(text)).toBe(sha("zqkey: 1\n"));
    expect(textHash(text)).not.toBe(hash);
  });
});
