// Preloaded into a process under test (NODE_OPTIONS=--require <this file>):
// at exit, writes to the file LOADED_MODULES_FILE names the CommonJS modules
// the process loaded from node_modules and Node's built-in modules, as JSON
// {cjs, builtins}: what a command loads is counted, never timed. A command
// that runs in a process it starts (generate, src/common/relaunch.ts)
// has both preload this file: each adds its own to what the file holds.
// Also `byNode`: the relative imports of the build's own modules (dist/) that reached Node's resolution, which
// bin/blockwright.js's hooks (src/common/start/own-resolve.ts), set after this one and so asked first, answer.
"use strict";
const { existsSync, readFileSync, writeFileSync } = require("node:fs");
const nodeModule = require("node:module");
const { join } = require("node:path");
const { pathToFileURL } = require("node:url");

const file = process.env.LOADED_MODULES_FILE;
if (file) {
  const dist = pathToFileURL(join(__dirname, "../dist/")).href;
  /** @type {string[]} */
  const byNode = [];
  // Node's in-thread hooks (Node 22.15 and later; not in the project's Node 20 types).
  /** @type {{ registerHooks?: (hooks: object) => unknown }} */ (/** @type {unknown} */ (nodeModule)).registerHooks?.({
    /** @type {(specifier: string, context: { parentURL?: string }, next: Function) => unknown} */
    resolve(specifier, context, next) {
      const parent = context.parentURL ?? "";
      if (parent.startsWith(dist) && /^\.\.?\/.*\.js$/.test(specifier)) byNode.push(`${parent} ${specifier}`);
      return next(specifier, context);
    },
  });
  process.on("exit", () => {
    const cjs = Object.keys(require.cache).filter((path) => path.includes("node_modules"));
    // Node's list of the internal and built-in modules it loaded (not in its types).
    const list = /** @type {string[]} */ (
      /** @type {{ moduleLoadList: string[] }} */ (/** @type {unknown} */ (process)).moduleLoadList
    );
    const builtins = list.filter((m) => m.startsWith("NativeModule ")).map((m) => m.slice("NativeModule ".length));
    const before = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : { cjs: [], builtins: [], byNode: [] };
    /** @type {(a: string[], b: string[]) => string[]} */
    const union = (a, b) => [...new Set([...a, ...b])];
    writeFileSync(
      file,
      JSON.stringify({
        cjs: union(before.cjs, cjs),
        builtins: union(before.builtins, builtins),
        byNode: union(before.byNode, byNode),
      }),
    );
  });
}
