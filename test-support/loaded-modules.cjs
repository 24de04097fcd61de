// Preloaded into a process under test (NODE_OPTIONS=--require <this file>):
// at exit, writes to the file LOADED_MODULES_FILE names the CommonJS modules
// the process loaded from node_modules and Node's built-in modules, as JSON
// {cjs, builtins}: what a command loads is counted, never timed.
"use strict";
const { writeFileSync } = require("node:fs");

const file = process.env.LOADED_MODULES_FILE;
if (file) {
  process.on("exit", () => {
    const cjs = Object.keys(require.cache).filter((path) => path.includes("node_modules"));
    const builtins = process.moduleLoadList.filter((m) => m.startsWith("NativeModule ")).map((m) => m.slice("NativeModule ".length));
    writeFileSync(file, JSON.stringify({ cjs, builtins }));
  });
}
