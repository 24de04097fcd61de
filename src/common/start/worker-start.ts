// A built worker thread's first module: the build's own modules found by their address in this thread too (a hook is
// its thread's own: own-resolve.ts), then the worker's module, the thread's first argument, imported. A file, not an
// evaluated script: Node runs the process's preloads (NODE_OPTIONS' --import) in a worker started from a file only.
import { resolveOwnModules } from "./own-resolve.js";

resolveOwnModules(new URL("../../", import.meta.url).href);
const entry = process.argv[2];
if (entry === undefined) throw new Error("worker-start: no module to run");
await import(entry);
