// Each test worker's own temporary folder (vitest.config.ts's setupFiles, every project: worker-tmpdir-setup.ts). The
// tests and the fixtures make their folders in tmpdir() with mkdtemp, and the processes they start make theirs: a run
// stopped before its tests' cleanup (Ctrl-C) left them in the temporary folder (on /dev/shm, memory) for good. Here
// the worker points TMPDIR (which os.tmpdir() reads at each call, and which the processes it starts inherit) at a
// folder of its own, marked as its process's (owned-folder.ts), in the temporary folder it was given: the next run's
// sweep removes it once the worker has ended; the worker removes it itself when it ends.
//
// Once per worker process: with `isolate: false` a setup file runs before each test file, and Vitest sets the
// project's `env` (TMPDIR=/dev/shm) again before each run of files; the folder is made once and TMPDIR pointed at it
// each time. The projects run in Vitest's forks pool (its default; a threads pool refuses their V8 flags), a process
// per worker, whose id the mark names; a forks worker is stopped with SIGTERM, whose default action ends it without
// an `exit` event, so the folder is removed on the signals as well (then the signal is raised again, as if unheard).
// In a thread, process.env and globalThis are its own but the process id is Vitest's: its folder would be swept once
// Vitest has ended.
import { chmodSync, mkdirSync, symlinkSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { isMainThread } from "node:worker_threads";
import { ownedFolder, removeOwnedFolder } from "./owned-folder.js";

/** The start of a worker's folder's name (owned-folder.ts's sweep takes `blockwright-*`). */
export const WORKER_FOLDER_PREFIX = "blockwright-worker-";

export interface WorkerTmpdir {
  /** The temporary folder the worker was given (the project's TMPDIR, the user's, or the system's). */
  parent: string;
  /** The worker's own folder in it: TMPDIR in the worker and the processes it starts. */
  folder: string;
}

// On globalThis rather than in the module: with `isolate: false` a setup file is evaluated again for each test file.
const MADE = Symbol.for("blockwright.workerTmpdir");
type Holder = { [MADE]?: WorkerTmpdir };

/**
 * Points TMPDIR at this worker's own folder, made (and set to be removed when the worker ends) on the first call. Mode
 * 0755: the Postgres server's user enters the folders made in it when the tests run as root (postgres-server.ts).
 */
export function useWorkerTmpdir(): WorkerTmpdir {
  const holder = globalThis as Holder;
  let made = holder[MADE];
  if (!made) {
    const parent = tmpdir();
    const folder = ownedFolder(parent, WORKER_FOLDER_PREFIX);
    chmodSync(folder, 0o755);
    shareTsxCache(parent, folder);
    made = { parent, folder };
    holder[MADE] = made;
    removeOnEnd(folder);
  }
  process.env.TMPDIR = made.folder;
  return made;
}

/** This worker's folder and the temporary folder it is in, once useWorkerTmpdir has made it. */
export function workerTmpdir(): WorkerTmpdir | undefined {
  return (globalThis as Holder)[MADE];
}

/**
 * tsx's transform cache, which the worker threads that run TypeScript sources use (src/common/in-worker.ts): the
 * temporary folder's `tsx-<user>`, keyed by each module's content and kept between runs, is linked into the worker's
 * folder, not made anew there for each worker of each run (src/common/in-worker.test.ts: 0.25 s more CPU cold). The
 * link, not what it names, is removed with the folder.
 */
function shareTsxCache(parent: string, folder: string): void {
  const name = `tsx-${process.geteuid?.() ?? userInfo().username}`;
  try {
    mkdirSync(join(parent, name), { recursive: true });
    symlinkSync(join(parent, name), join(folder, name));
  } catch {
    // Not linked: tsx makes a cache of its own in the folder.
  }
}

const SIGNALS = ["SIGTERM", "SIGINT", "SIGHUP"] as const;

function removeOnEnd(folder: string): void {
  let removed = false;
  const remove = () => {
    if (removed) return;
    removed = true;
    removeOwnedFolder(folder);
  };
  process.once("exit", remove);
  // A thread is sent no signal.
  if (!isMainThread) return;
  for (const signal of SIGNALS) {
    const heard = () => {
      remove();
      process.off(signal, heard);
      // Ended as the signal ends a process that does not listen; one that listens besides decides for itself.
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
    };
    process.on(signal, heard);
  }
}
