// One receiver per SQLite file: the file is held for the process that opened
// it, through a mark beside it, and the mark of a process that is gone (killed)
// taken over with SQLite's own lock it left behind.
import { linkSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { processRuns } from "../common/compile-cache-bound.js";

/** A second receiver on a SQLite file another one holds. */
export class StoreInUseError extends Error {}

/**
 * The file held for this process: `<file>.owner` made exclusively, naming the process. Two
 * receivers on one file each lost runs to "database is locked"; the second is refused instead. A
 * holder that is gone (killed) leaves its mark, and SQLite's own lock (the `<file>.lock` folder of
 * node-sqlite3-wasm, which a killed process never removes): both are taken over. Returns the release.
 */
export function holdFile(file: string): () => void {
  const owner = `${file}.owner`;
  const mark = JSON.stringify({ pid: process.pid, host: hostname() });
  // Written whole beside it, then linked in place: the link is atomic, so no one reads half a mark.
  const written = `${owner}.${process.pid}.tmp`;
  writeFileSync(written, mark);
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(written, owner);
        return () => rmSync(owner, { force: true });
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== "EEXIST" || attempt > 0) throw e;
      }
      const held = heldBy(owner);
      if (held)
        throw new StoreInUseError(
          `${file} is held by another serve (process ${held.pid}` +
            `${held.host === hostname() ? "" : ` on ${held.host}`}): one receiver per SQLite file. Stop it, ` +
            `give this one another --store, or share a Postgres store between several (--store postgres://…); ` +
            `if that process is gone, delete ${owner}`,
        );
      // Its holder is gone: its mark and SQLite's lock are stale.
      rmSync(owner, { force: true });
      rmSync(`${file}.lock`, { recursive: true, force: true });
    }
  } finally {
    rmSync(written, { force: true });
  }
}

/** The process named in a holder's mark while it is alive (or on another host, where this one cannot tell). */
function heldBy(owner: string): { pid: number; host: string } | undefined {
  let mark: { pid?: unknown; host?: unknown };
  try {
    mark = JSON.parse(readFileSync(owner, "utf8")) as typeof mark;
  } catch {
    return undefined;
  }
  if (typeof mark.pid !== "number" || typeof mark.host !== "string") return undefined;
  if (mark.host !== hostname()) return { pid: mark.pid, host: mark.host };
  return processRuns(mark.pid) ? { pid: mark.pid, host: mark.host } : undefined;
}
