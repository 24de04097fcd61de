// Writing generated files as they are made, each package's as soon as it is emitted, with what writeFiles
// (write.ts) promises kept: nothing in the output folder is replaced or removed before every check has passed. A
// file that differs from the one on disk is written whole into a temporary file beside its place (writeWhole's first
// half, never listed), and renamed into place only by `commit`, after the refusals (refuseUnowned), which read only
// paths and what is on disk. So a generation no longer holds every package's text until the end (about 180 KB a
// package, which the garbage collector went over again and again as the providers grew), and a refusal, a problem in
// a later provider's specs or Ctrl-C leaves the folder as it was (`discard`).
import { mkdirSync, readdirSync, rmdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { commitWhole, stageWhole, writeWhole } from "../common/files.js";
import { sha256 } from "../common/hash.js";
import {
  applyPlan,
  type CheckReport,
  extraFiles,
  FileLook,
  Ownership,
  refuseUnowned,
  type WriteOptions,
} from "./write.js";

/** A file to write: the temporary file holding it, or its text when it could not be staged (written at the commit). */
type Pending = { temp: string } | { text: Uint8Array };

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
  /** The last text handed over, its bytes and their hash. */
  private last: { content: string; bytes: Buffer; hash: string } | undefined;

  constructor(
    private readonly outDir: string,
    private readonly options: WriteOptions = {},
  ) {
    this.look = new FileLook(outDir);
  }

  /** A generated file: compared with the one on disk, and staged when it differs or is missing. */
  add(path: string, content: string): void {
    const state = this.look.state(path, content);
    this.look.record(this.report, path, state);
    if (state !== "stale" && state !== "missing") {
      this.hashes.set(path, sha256(content));
      return;
    }
    // Its bytes made once for its hash and its write (each made them again from the text: GitHub's whole package
    // is 22 MB); a text handed twice in a row (index.d.ts and its index.d.cts copy) is made and hashed once.
    if (this.last?.content !== content) this.last = { content, bytes: Buffer.from(content), hash: "" };
    const last = this.last;
    last.hash ||= sha256(last.bytes);
    this.hashes.set(path, last.hash);
    this.pending.set(path, this.stage(path, last.bytes));
  }

  /**
   * What writeFiles does with every file handed over: refuse (nothing staged is kept then), or write the stale and
   * missing files (the staged ones renamed into place) and remove the extra ones. Returns what changed.
   */
  async commit(): Promise<CheckReport> {
    const ownership = new Ownership(this.outDir);
    const { report } = this;
    // In the order writeFiles lists them (the paths sorted), whatever order the packages came in.
    report.stale.sort(byPath);
    report.missing.sort(byPath);
    if (report.blocked)
      report.blocked = Object.fromEntries(Object.entries(report.blocked).sort(([a], [b]) => byPath(a, b)));
    const leftovers: string[] = [];
    report.extra = extraFiles(this.outDir, this.hashes, ownership, leftovers);
    try {
      refuseUnowned(report, ownership, this.options);
      await applyPlan(this.outDir, report, this.options, (path, full) => {
        const file = this.pending.get(path);
        if (file === undefined) throw new RangeError(`${path} was planned but not generated`);
        this.pending.delete(path);
        if ("temp" in file) commitWhole(file.temp, full);
        else writeWhole(full, file.text);
      });
    } catch (e) {
      this.discard();
      throw e;
    }
    // What a generation killed outright (SIGKILL, a power loss) had staged: its files never reached their places, so
    // they are only removed, once this generation has written its own.
    for (const file of leftovers) rmSync(file, { force: true });
    return report;
  }

  /** Remove every staged file not yet in place, and the folders made for them that are left empty. */
  discard(): void {
    for (const file of this.pending.values()) if ("temp" in file) rmSync(file.temp, { force: true });
    this.pending.clear();
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

  private stage(path: string, content: Buffer): Pending {
    const full = join(this.outDir, path);
    try {
      this.folder(dirname(full));
      return { temp: stageWhole(full, content) };
    } catch {
      // Its folder cannot be made (a file stands on its way…): written at the commit, the way writeFiles writes, so
      // that its error is reported where it always was.
      return { text: content };
    }
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
