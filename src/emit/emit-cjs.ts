// The CommonJS face of a provider package, for TypeScript projects that
// compile to CommonJS (`module: node16` or `nodenext`, no `"type": "module"`):
// under the `require` condition each entry is `<entry>.cjs`, one line that
// require()s the ESM entry (Node.js >= 22.12, the package's engines, loads
// ESM by require), typed by `<entry>.d.cts`, the entry's own types read as
// CommonJS (they import only the runtime, whose `require` types are CommonJS
// too: scripts/build/cjs-entries.mjs). Not a second build: one copy of the
// code runs whichever way it is loaded, so a client's errors are one class.
import { ADAPTERS } from "./emit-adapters.js";
import type { FileText } from "./file-text.js";

/** Every entry of a provider package, by file name without extension. */
export const ENTRIES = ["index", ...ADAPTERS.map((a) => a.subpath)];

/** An exports entry for `<base>.js`: ESM by import, the .cjs wrapper by require, each with its types. */
export function dualExport(base: string): {
  import: { types: string; default: string };
  require: { types: string; default: string };
} {
  return {
    import: { types: `./${base}.d.ts`, default: `./${base}.js` },
    require: { types: `./${base}.d.cts`, default: `./${base}.cjs` },
  };
}

/**
 * The CommonJS files of a package's entry `<base>.js` typed by `types` (its .d.ts), keyed by path under `folder`: the
 * .d.cts is the same text, which the staged write copies from the .d.ts it staged (staged-write.ts) rather than
 * writing it again.
 */
export function cjsFiles(base: string, types: FileText, folder: string, header: string): Map<string, FileText> {
  // The .d.cts first: handed right after its .d.ts, it is known for the same text (a text between them was written
  // again, its parts made anew).
  return new Map([
    [`${folder}/${base}.d.cts`, types],
    [
      `${folder}/${base}.cjs`,
      `${header}\n// The CommonJS entry: ${base}.js itself, loaded by require (Node.js >= ` +
        `22.12).\nmodule.exports = require("./${base}.js");\n`,
    ],
  ]);
}
