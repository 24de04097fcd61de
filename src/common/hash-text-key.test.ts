// noteText and textHash (hash.ts) keep a read text's hash without making the text a key: V8 hashes a string key's
// every character (up to 16,383), which for each provider's two input texts cost more than the lookup it served.
import { fstatSync, mkdtempSync, openSync, closeSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { noteText, readHashed, sha256, textHash } from "./hash.js";

const dirs: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A file read as generate reads an input: hashed for the stamp first, then its text noted. */
function readAndNote(text: string): { file: string; text: string } {
  const dir = mkdtempSync(join(tmpdir(), "zq-hash-"));
  dirs.push(dir);
  const file = join(dir, "zqopenapi.yaml");
  writeFileSync(file, text);
  const { bytes } = readHashed(file);
  const fd = openSync(file, "r");
  const stats = fstatSync(fd, { bigint: true });
  closeSync(fd);
  const decoded = bytes.toString("utf8");
  noteText(file, stats, bytes, decoded);
  return { file, text: decoded };
}

/** Every key a Map or Set was given while `run` ran. */
function keysGiven(run: () => void): unknown[] {
  const keys: unknown[] = [];
  for (const proto of [Map.prototype, Set.prototype] as unknown as Record<string, (k: unknown) => unknown>[])
    for (const name of ["set", "get", "has", "delete", "add"] as const) {
      const original = proto[name];
      if (typeof original !== "function") continue;
      vi.spyOn(proto, name).mockImplementation(function (this: unknown, ...args: unknown[]) {
        keys.push(args[0]);
        return (original as (...a: unknown[]) => unknown).apply(this, args);
      });
    }
  try {
    run();
  } finally {
    vi.restoreAllMocks();
  }
  return keys;
}

describe("a read text's hash kept for the stamp", () => {
  it("is kept and answered without the text made a Map's or a Set's key", () => {
    const body = `{"openapi":"3.0.3","info":{"title":"zq","version":"1"},"x":"${"zq".repeat(6000)}"}`;
    let noted: { text: string } | undefined;
    const atNote = keysGiven(() => {
      noted = readAndNote(body);
    });
    expect(atNote).not.toContain(body);
    let hash: string | undefined;
    const atAsk = keysGiven(() => {
      hash = textHash((noted as { text: string }).text);
    });
    expect(atAsk).not.toContain(body);
    expect(hash).toBe(sha256(body));
  });

  it("answers each noted text's own hash, once, and computes any other", () => {
    const a = readAndNote(`{"zq":"${"a".repeat(100)}"}`);
    const b = readAndNote(`{"zq":"${"b".repeat(100)}"}`);
    expect(textHash(b.text)).toBe(sha256(b.text));
    expect(textHash(a.text)).toBe(sha256(a.text));
    expect(textHash(a.text)).toBe(sha256(a.text));
    expect(textHash("zq never noted")).toBe(sha256("zq never noted"));
  });
});
