// Preloaded into a command under test (NODE_OPTIONS=--import <this file>), in its own thread and in each worker thread
// it starts: appends to THREAD_LINKS_LOG the thread's id when it loads the contract suite's linker of a project's specs
// (contract/subjects.js), so that a test sees which threads of a run link the specs. Its load, not its resolution: the
// command's own modules are found by their address, their resolution never reaching a hook set before the command's
// (src/common/start/own-resolve.ts).
import { appendFileSync } from "node:fs";
import module from "node:module";
import { threadId } from "node:worker_threads";

/** @typedef {(url: string, context: unknown) => unknown} NextLoad */
/** Node 24's synchronous module hooks (the types installed predate them). */
const hooks =
  /** @type {{ registerHooks(hooks: { load: (url: string, c: unknown, next: NextLoad) => unknown }): void }} */ (
    /** @type {unknown} */ (module)
  );

const log = process.env.THREAD_LINKS_LOG;
if (log)
  hooks.registerHooks({
    load(url, context, next) {
      if (url.endsWith("/contract/subjects.js")) appendFileSync(log, `${threadId}\n`);
      return next(url, context);
    },
  });
