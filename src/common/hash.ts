// The one content hash of the project: generation stamps, surface input
// hashes, pinned upstream documents.
import { type BigIntStats, closeSync, fstatSync, openSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { createHash } from "node:crypto";

/** The SHA-256 of a text (as UTF-8) or bytes, in hex. */
export function sha256(data: string | Buffer): string {
  return createHash("sha256").update(data).digest("hex");
}

/**
 * Files hashed by readHashed, by absolute path: the file's identity when it was read (device, inode, size, change
 * times in nanoseconds) and its bytes' hash. generate hashes every spec file for its stamp before it reads them to
 * generate; a read of the same file in the same state takes that hash instead of hashing its text again (a whole
 * published API's three files: 11 MB, about 45 ms of SHA-256 and UTF-8 encoding each time).
 */
const hashed = new Map<string, { identity: string; hash: string }>();
/**
 * Texts whose hash a read of an unchanged hashed file gave (textHash), until asked for, oldest first. A list compared
 * by `===` (a text of another length is told apart at once, the same string at once), not a Map keyed by the text: V8
 * hashes a string key's every character, up to 16,383 of them (a 16 KB document: about 23 µs, twice a provider).
 */
const texts: { text: string; hash: string }[] = [];

const identityOf = (s: BigIntStats) => `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`;

/** The bytes of a file and their SHA-256: the one readHashed recorded when the file is as it was then. */
export function readHashed(file: string): { bytes: Buffer; hash: string } {
  const fd = openSync(file, "r");
  try {
    const identity = identityOf(fstatSync(fd, { bigint: true }));
    const bytes = readFileSync(fd);
    const path = resolve(file);
    const known = hashed.get(path);
    if (known?.identity === identity) return { bytes, hash: known.hash };
    const hash = sha256(bytes);
    hashed.set(path, { identity, hash });
    return { bytes, hash };
  } finally {
    closeSync(fd);
  }
}

/**
 * Record that `text` is the UTF-8 of `bytes`, read from `file` whose identity fstat gave (`stats`): when readHashed
 * hashed the file in that state, textHash answers that hash for the text. (A byte-order mark, which decoding drops,
 * makes the text's hash another: not recorded.)
 */
export function noteText(file: string, stats: BigIntStats, bytes: Buffer, text: string): void {
  const known = hashed.get(resolve(file));
  if (!known || known.identity !== identityOf(stats)) return;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return;
  // The same text noted again (the bytes of another file, or of the same one) has the same hash: one entry.
  if (!texts.some((t) => t.text === text)) texts.push({ text, hash: known.hash });
  // A text never asked for (its provider failed) is not kept past a few hundred others.
  if (texts.length > TEXTS_KEPT) texts.splice(0, texts.length - TEXTS_KEPT);
}

const TEXTS_KEPT = 256;

/** The SHA-256 of a text: the one noteText recorded for it (then forgotten), else computed. */
export function textHash(text: string): string {
  const at = texts.findIndex((t) => t.text === text);
  const found = texts[at];
  if (found === undefined) return sha256(text);
  texts.splice(at, 1);
  return found.hash;
}
