// Reading an input file the user gave (a spec, a workflow, an env file, a
// published document) as text, or refusing it with a reason: not there, a
// folder, a device or pipe, too large, not UTF-8. Kept apart from the YAML
// reader so that commands reading JSON (generated packages) load no parser.
import { type BigIntStats, closeSync, constants, fstatSync, openSync, readFileSync } from "node:fs";
import { type ProblemCode, withCode } from "../common/problem-codes.js";
import { noteText } from "../common/hash.js";
import { lineText } from "../common/github-actions.js";

/** An input file that cannot be read as text at all (not a syntax error with a position). */
export class UnreadableSource extends Error {
  constructor(
    readonly code: ProblemCode,
    readonly file: string,
    readonly detail: string,
  ) {
    // The name escaped: a file's name is outside text (a control sequence in a name a glob found).
    super(`${lineText(file)}: ${detail}`);
    this.name = "UnreadableSource";
  }

  /** The message as printed: with its code. */
  get printed(): string {
    return withCode(this.code, this.message);
  }
}

export interface InputLimit {
  bytes: number;
  /** What the limit is for, in a message: "… over the 4 MiB limit for <what>". */
  what: string;
}

const MiB = 1024 * 1024;

/**
 * The largest input of each kind read, checked before parsing: a file past
 * it is refused with its size, not parsed for minutes into gigabytes. Each
 * is many times the largest real one (published API documents reach about
 * 45 MB; workflows and hand-written manifests a few kB).
 */
export const INPUT_LIMITS = {
  /** OpenAPI documents, the files they reference, published API documents. */
  document: { bytes: 64 * MiB, what: "an OpenAPI or published API document" },
  /**
   * A provider's manifest. It describes operations of its OpenAPI document, so it is bounded as that is: a manifest
   * `add` drafts from a whole published API holds each operation's parameters, outputs and review notes, and is
   * larger than its document (the public directory's largest, 45 MiB, 22,361 operations: a 61 MiB manifest). `add`
   * refuses to write a draft past this limit (src/import/draft-size.ts), so that it never writes what generate refuses.
   */
  manifest: { bytes: 128 * MiB, what: "a manifest" },
  /**
   * A package's surface.json, which generate writes from the manifest: a record of every tool's inputs, outputs and
   * placements, three times the manifest's size (that document's 22,361 tools: 195 MiB). Under V8's longest string.
   */
  surface: { bytes: 448 * MiB, what: "a generated surface.json" },
  /** Workflows, configuration, package.json, anything else. */
  file: { bytes: 4 * MiB, what: "a workflow or configuration file" },
  env: { bytes: 1 * MiB, what: "an --env-file" },
  /** Test reports `report merge` joins (JSON or JUnit of a shard). */
  report: { bytes: 64 * MiB, what: "a test report" },
} as const satisfies Record<string, InputLimit>;

/**
 * The text of an input file. A missing file, a folder, a device or pipe
 * (reading /dev/zero never ends), a file over `limit`, and bytes that are not
 * UTF-8 are each an UnreadableSource saying so.
 */
export function readSourceText(file: string, displayName = file, limit: InputLimit = INPUT_LIMITS.file): string {
  let bytes: Buffer;
  let stat: BigIntStats;
  let fd: number | undefined;
  try {
    // Non-blocking: opening a named pipe for reading would otherwise wait for a writer.
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
    stat = fstatSync(fd, { bigint: true });
    if (stat.isDirectory()) throw new UnreadableSource("BW1003", displayName, "is a folder, not a file");
    if (!stat.isFile())
      throw new UnreadableSource(
        "BW1003",
        displayName,
        "is not a regular file (a device, pipe or socket): give a file",
      );
    const size = Number(stat.size);
    if (size > limit.bytes)
      throw new UnreadableSource(
        "BW1004",
        displayName,
        `is ${mebibytes(size)}, over the ${limit.bytes / MiB} MiB limit for ${limit.what}: refused before parsing`,
      );
    bytes = readFileSync(fd);
  } catch (e) {
    if (e instanceof UnreadableSource) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    throw new UnreadableSource(
      "BW1003",
      displayName,
      code === "ENOENT"
        ? "no such file"
        : code === "EISDIR"
          ? "is a folder, not a file"
          : code === "ENOTDIR"
            ? "no such file (a part of its path is a file, not a folder)"
            : `cannot be read (${code ?? (e as Error).message})`,
    );
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    const at = firstInvalidUtf8(bytes);
    const before = bytes.subarray(0, at).toString("utf8");
    const line = before.split("\n").length;
    const col = before.length - before.lastIndexOf("\n");
    throw new UnreadableSource(
      "BW1005",
      displayName,
      `is not UTF-8 text: byte 0x${bytes.readUInt8(at).toString(16).padStart(2, "0")} at line ${line}, ` +
        `column ${col} (save it as UTF-8)`,
    );
  }
  // generate hashed the file for its stamp before: the text's hash is that one while the file is unchanged.
  noteText(file, stat, bytes, text);
  return text;
}

const UTF8 = new TextDecoder("utf-8", { fatal: true });

/** The offset where the first sequence that is not UTF-8 starts (the decoder only says that one exists). */
function firstInvalidUtf8(bytes: Buffer): number {
  for (let i = 0; i < bytes.length; ) {
    // readUInt8, not bytes[i]: an offset past the end throws rather than reads undefined.
    const b = bytes.readUInt8(i);
    // Length of the sequence, and the range of its second byte (excluding overlong forms and surrogates).
    const [length, low, high] =
      b < 0x80
        ? [1, 0, 0]
        : b >= 0xc2 && b <= 0xdf
          ? [2, 0x80, 0xbf]
          : b === 0xe0
            ? [3, 0xa0, 0xbf]
            : b === 0xed
              ? [3, 0x80, 0x9f]
              : b >= 0xe1 && b <= 0xef
                ? [3, 0x80, 0xbf]
                : b === 0xf0
                  ? [4, 0x90, 0xbf]
                  : b === 0xf4
                    ? [4, 0x80, 0x8f]
                    : b >= 0xf1 && b <= 0xf3
                      ? [4, 0x80, 0xbf]
                      : [0, 0, 0];
    if (!length || i + length > bytes.length) return i;
    if (length > 1 && (bytes.readUInt8(i + 1) < low || bytes.readUInt8(i + 1) > high)) return i;
    for (let k = 2; k < length; k++) if (bytes.readUInt8(i + k) < 0x80 || bytes.readUInt8(i + k) > 0xbf) return i;
    i += length;
  }
  return bytes.length;
}

function mebibytes(n: number): string {
  return `${(n / MiB).toFixed(1)} MiB`;
}
