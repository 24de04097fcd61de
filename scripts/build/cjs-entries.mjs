// @ts-nocheck -- a plain JavaScript build tool.
// CommonJS entries for @blockwright/runtime's public subpaths, so that a
// TypeScript project compiling to CommonJS (`module: node16` or `nodenext`,
// a package.json without `"type": "module"`) imports it without TS1479.
//
// Each entry is `<entry>.cjs`, one line that require()s the ESM build (Node.js
// >= 22.12, the packages' engines, loads ESM by require), and its types as
// `.d.cts`: every `.d.ts` of dist/ copied with its relative imports pointed at
// the `.cjs`/`.d.cts` names, so that TypeScript reads the whole graph as
// CommonJS. One copy of the code runs whichever way it is loaded (no dual
// build: no dual-package hazard, one `instanceof UpstreamError` class, one
// token cache). `npm run build` runs this after tsc.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const dist = fileURLToPath(new URL("../../runtime/dist/", import.meta.url));
/** The subpaths package.json gives a `require` condition (runtime/package.json). */
const ENTRIES = ["index", "node", "observe", "adapters/ai-sdk", "adapters/langchain", "adapters/openai-agents"];
const RELATIVE_JS = /((?:from|import)\s*\(?\s*)(["'])(\.{1,2}\/[^"']*?)\.js\2/g;

function* declarations(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* declarations(path);
    else if (entry.name.endsWith(".d.ts")) yield path;
  }
}

for (const file of declarations(dist)) {
  const text = readFileSync(file, "utf8").replace(RELATIVE_JS, "$1$2$3.cjs$2");
  writeFileSync(file.replace(/\.d\.ts$/, ".d.cts"), text);
}
for (const entry of ENTRIES) {
  const name = entry.split("/").pop();
  writeFileSync(
    join(dist, `${entry}.cjs`),
    `// The CommonJS entry of ${relative(dist, join(dist, `${entry}.js`))}: the ESM build itself, ` +
      `loaded by require (Node.js >= 22.12).\nmodule.exports = require("./${name}.js");\n`,
  );
}
