// Preloaded into a command under test (NODE_OPTIONS=--import <this file>), in its own thread and in each worker thread
// it starts: appends to THREAD_LINKS_LOG the thread's id each time a module resolves the contract suite's linker of a
// project's specs (contract/subjects.js), so that a test sees which threads of a run link the specs.
import { appendFileSync } from "node:fs";
import module from "node:module";
import { threadId } from "node:worker_threads";

/** @typedef {{ url: string }} Resolved */
/** @typedef {(specifier: string, context: unknown) => Resolved} NextResolve */
/** Node 24's synchronous module hooks (the types installed predate them). */
const hooks =
  /** @type {{ registerHooks(hooks: { resolve: (s: string, c: unknown, next: NextResolve) => Resolved }): void }} */ (
    /** @type {unknown} */ (module)
  );

const log = process.env.THREAD_LINKS_LOG;
if (log)
  hooks.registerHooks({
    resolve(specifier, context, next) {
      const resolved = next(specifier, context);
      if (resolved.url.endsWith("/contract/subjects.js")) appendFileSync(log, `${threadId}\n`);
      return resolved;
    },
  });
