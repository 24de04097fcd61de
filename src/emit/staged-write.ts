// Writing generated files as they are made, each as soon as it is emitted, with what writeFiles (write.ts)
// promises kept: nothing in the output folder is replaced or removed before every check has passed. A file that
// differs from the one on disk is written whole into a temporary file beside its place (writeWhole's first half, never
// listed; a text in parts a block at a time as they come, never whole in memory), and renamed into place only by
// `commit`, after the refusals (refuseUnowned), which read only paths and what is on disk. A folder not there yet (a
// new package's) is staged whole instead, its files written at their places in it, and renamed into place by
// `commit`: one rename for all of them. So a generation no longer holds every package's text until the end (about
// 180 KB a package, which the garbage collector went over again and again as the providers grew), and a refusal, a
// problem in a later provider's specs or Ctrl-C leaves the folder as it was (`discard`).
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { checkpoint } from "../common/checkpoint.js";
import {
  commitFolder,
  commitWhole,
  copyNew,
  keptBytes,
  sameFiles,
  stageCopy,
  stageFolder,
  stageParts,
  writeNew,
  writeWhole,
} from "../common/files.js";
import { type FileText, wholeText } from "./file-text.js";
import {
  applyPlan,
  type CheckReport,
  extraFiles,
  FileLook,
  Ownership,
  refuseUnowned,
  type WriteOptions,
} from "./write.js";

/**
 * A file to write: the temporary file holding it; or its place in a folder staged whole (`folder`, the folder's path
 * under the output folder; `staged`, the file); or its text when it could not be staged (written at the commit).
 */
type Pending = { temp: string } | { folder: string; staged: string } | { text: Uint8Array };

/** The file on disk holding a staged text, if any. */
const stagedFile = (file: Pending) => ("temp" in file ? file.temp : "staged" in file ? file.staged : undefined);

const partsOf = (text: FileText): Iterable<string> => (typeof text === "string" ? [text] : text.parts());

/** The SHA-256 of a text, whole or in parts, as its UTF-8 (what the stamp records). */
function hashOf(text: FileText): string {
  const hash = createHash("sha256");
  for (const part of partsOf(text)) hash.update(part);
  return hash.digest("hex");
}

/** A text handed twice from this size on (in bytes) is copied from its first file, not written again. */
const COPIED_BYTES = 1 << 20;

const byPath = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export class StagedWrite {
  /** Every file handed over, by path, and its hash (what the stamp records). */
  readonly hashes = new Map<string, string>();
  private readonly report: CheckReport = { stale: [], missing: [], extra: [] };
  private readonly look: FileLook;
  private readonly pending = new Map<string, Pending>();
  /** Folders made to stage into, each once: removed again by `discard` when empty. */
  private readonly made = new Set<string>();
  /** Folders staged into already. */
  private readonly ready = new Set<string>();
  /** Folders not there yet, each staged whole (stageFolder) until the commit: by path under the output folder. */
  private readonly folders = new Map<string, string>();
  /**
   * The last text staged, its hash, where it went and its bytes when under COPIED_BYTES, until the next is handed (a
   * text is handed at most twice).
   */
  private last: { content: FileText; hash: string; file: Pending; size: number; bytes?: Uint8Array[] } | undefined;

  constructor(
    private readonly outDir: string,
    private readonly options: WriteOptions = {},
  ) {
    this.look = new FileLook(outDir);
  }

  /**
   * A generated file: compared with the one on disk, and staged when it differs or is missing. A text in parts is
   * staged as they come, and compared with the file on disk once staged (the same: the staged file is removed).
   */
  add(path: string, content: FileText): void {
    const last = this.last;
    this.last = undefined;
    const found = this.look.found(path);
    const full = join(this.outDir, path);
    if (typeof found === "object" || (found === "present" && typeof content === "string")) {
      const state = typeof found === "object" ? found : readFileSync(full, "utf8") === content ? "same" : "stale";
      if (state !== "stale") {
        // The same, or blocked (commit refuses it): never staged.
        this.look.record(this.report, path, state);
        this.hashes.set(path, hashOf(content));
        return;
      }
    }
    // A text handed twice in a row (an entry's .d.ts and its .d.cts) is hashed once and encoded once: the second file
    // is written from the first one's bytes, kept while they are under COPIED_BYTES (a kernel copy of a staged file
    // takes four calls more: the first file opened again, its size, the mode set, the two closed), and a larger one is
    // the kernel's copy of the first one's staged file (parts would be made again, a template rendered anew).
    let file: Pending;
    let hash: string;
    const copied = last && stagedFile(last.file);
    if (last?.content === content) {
      file = last.bytes
        ? this.stage(path, last.bytes, () => {}, content)
        : copied !== undefined
          ? this.stage(path, copied)
          : this.stage(path, partsOf(content), () => {}, content);
      hash = last.hash;
    } else {
      const bytes = createHash("sha256");
      let size = 0;
      let kept: Uint8Array[] | undefined = [];
      file = this.stage(
        path,
        partsOf(content),
        (b) => {
          size += b.length;
          bytes.update(b);
          if (kept && size < COPIED_BYTES) kept.push(keptBytes(b));
          else kept = undefined;
        },
        content,
      );
      hash = bytes.digest("hex");
      this.last = { content, hash, file, size, ...(kept ? { bytes: kept } : {}) };
    }
    this.hashes.set(path, hash);
    if (found === "present" && typeof content !== "string" && "temp" in file && sameFiles(file.temp, full)) {
      rmSync(file.temp, { force: true });
      // Its twin, if one comes, is staged anew.
      this.last = undefined;
      return;
    }
    this.look.record(this.report, path, found === "present" ? "stale" : found);
    this.pending.set(path, file);
  }

  /**
   * A file read back from the output folder just now with this hash (a provider kept as it stands: provider-stamp.ts
   * keptFiles), so the same as the one on disk: not read, compared and hashed again. Handed as `add` takes it (its
   * text) when anything but a file stands at its place now.
   */
  kept(path: string, hash: string, text: () => string): void {
    if (this.look.found(path) !== "present") return this.add(path, text());
    this.last = undefined;
    this.hashes.set(path, hash);
  }

  /**
   * What writeFiles does with every file handed over: refuse (nothing staged is kept then), or write the stale and
   * missing files (the staged ones renamed into place) and remove the extra ones. Returns what changed.
   */
  async commit(): Promise<CheckReport> {
    const ownership = new Ownership(this.outDir);
    const { report } = this;
    // In the order writeFiles lists them (the paths sorted), whatever order the packages came in (the folders staged
    // whole are renamed into place before the rest).
    report.stale.sort(byPath);
    report.missing.sort(byPath);
    if (report.blocked)
      report.blocked = Object.fromEntries(Object.entries(report.blocked).sort(([a], [b]) => byPath(a, b)));
    const leftovers: string[] = [];
    report.extra = extraFiles(this.outDir, this.hashes, ownership, leftovers);
    try {
      refuseUnowned(report, ownership, this.options);
      for (const [folder, temp] of this.folders) {
        await checkpoint(this.options.signal);
        commitFolder(temp, join(this.outDir, folder));
        this.folders.delete(folder);
      }
      await applyPlan(
        this.outDir,
        report,
        this.options,
        (path, full) => {
          const file = this.pending.get(path);
          if (file === undefined) throw new RangeError(`${path} was planned but not generated`);
          this.pending.delete(path);
          if ("temp" in file) commitWhole(file.temp, full);
          else if ("text" in file) writeWhole(full, file.text);
        },
        // A folder staged whole is in place already, with every file it holds.
        (path) => {
          const file = this.pending.get(path);
          if (file === undefined || !("folder" in file)) return false;
          this.pending.delete(path);
          return true;
        },
      );
    } catch (e) {
      this.discard();
      throw e;
    }
    // What a generation killed outright (SIGKILL, a power loss) had staged: its files never reached their places, so
    // they are only removed, once this generation has written its own.
    for (const file of leftovers) rmSync(file, { force: true, recursive: true });
    return report;
  }

  /** Remove every staged file not yet in place, and the folders made for them that are left empty. */
  discard(): void {
    for (const file of this.pending.values()) if ("temp" in file) rmSync(file.temp, { force: true });
    this.pending.clear();
    for (const temp of this.folders.values()) rmSync(temp, { recursive: true, force: true });
    this.folders.clear();
    // Deepest first, so that a folder made inside another made one goes before it.
    for (const dir of [...this.made].sort((a, b) => b.length - a.length)) {
      try {
        if (!readdirSync(dir).length) rmdirSync(dir);
      } catch {
        // Gone already, or not empty: left as it is.
      }
    }
    this.made.clear();
    this.ready.clear();
  }

  /**
   * A file staged beside its place: a copy of one staged already (its temporary file), else the parts written as they
   * come, `onBytes` seeing their bytes. When its folder cannot be made (a file stands on its way…), the text is kept,
   * written at the commit the way writeFiles writes, so that its error is reported where it always was.
   */
  private stage(path: string, staged: string): Pending;
  private stage(
    path: string,
    parts: Iterable<string | Uint8Array>,
    onBytes: (b: Uint8Array) => void,
    text: FileText,
  ): Pending;
  private stage(
    path: string,
    from: string | Iterable<string | Uint8Array>,
    onBytes?: (b: Uint8Array) => void,
    text?: FileText,
  ): Pending {
    const full = join(this.outDir, path);
    let into: { folder: string; staged: string } | undefined;
    try {
      into = this.inNewFolder(path);
      if (!into) this.folder(dirname(full));
    } catch {
      const bytes = Buffer.from(typeof from === "string" ? readFileSync(from) : wholeText(text ?? ""));
      onBytes?.(bytes);
      return { text: bytes };
    }
    if (into) {
      if (typeof from === "string") copyNew(into.staged, from);
      else writeNew(into.staged, from, onBytes ?? (() => {}));
      return into;
    }
    return { temp: typeof from === "string" ? stageCopy(full, from) : stageParts(full, from, onBytes ?? (() => {})) };
  }

  /**
   * Where a file goes when the output folder's child folder it is in (a package's) is not there: its place in that
   * folder staged whole, made at its first file, and the folders on its way in it. Else undefined.
   */
  private inNewFolder(path: string): { folder: string; staged: string } | undefined {
    const slash = path.indexOf("/");
    if (slash <= 0) return undefined;
    const folder = path.slice(0, slash);
    let temp = this.folders.get(folder);
    if (temp === undefined) {
      if (!this.look.folderAbsent(folder)) return undefined;
      this.folder(this.outDir);
      temp = stageFolder(join(this.outDir, folder));
      this.folders.set(folder, temp);
    }
    const staged = join(temp, path.slice(slash + 1));
    const dir = dirname(staged);
    if (dir !== temp && !this.ready.has(dir)) {
      mkdirSync(dir, { recursive: true });
      this.ready.add(dir);
    }
    return { folder, staged };
  }

  /** Make `dir` as needed, recording each folder made. */
  private folder(dir: string): void {
    if (this.ready.has(dir)) return;
    const first = mkdirSync(dir, { recursive: true });
    this.ready.add(dir);
    if (first === undefined) return;
    for (let d = dir; ; d = dirname(d)) {
      this.made.add(d);
      if (d === first || dirname(d) === d) break;
    }
  }
}
