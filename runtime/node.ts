// @blockwright/runtime where the process has an environment (the "node"
// condition of its exports: Node.js, Deno, Bun): the public API of index.ts,
// its clients taking credentials, a log level and a User-Agent from the
// environment (client/environment.ts). A browser's bundle takes index.ts and
// carries none of it; both are the same code otherwise (one copy of each
// module, one UpstreamError class, whichever entry a module loads).
export * from "./index.js";
export { createClient, createPackageClient } from "./client/environment.js";
export {
  createExecutor,
  createPackageExecutor,
  executeToolDefinition,
  paginateToolDefinition,
} from "./client/node-agent.js";
