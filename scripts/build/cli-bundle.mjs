// @ts-nocheck -- a plain JavaScript build tool.
// The command's code as a few files: bundles dist/cli.js and every module of dist/ it imports, statically or lazily,
// into dist/cli-bundle/ (esbuild, code splitting: a command's chunks load when it runs, as its modules did), which
// bin/blockwright.js runs. Each start of the command otherwise resolved, read and linked some 100 to 300 modules of
// dist/ one by one (docs/contributing/performance.md, the forty-first round's CLI start). dist/ itself stays the
// package's library and what worker threads load; packages (the runtime among them, whose classes the generated
// packages share) and the vendored CommonJS bundles stay where they are, imported by the bundle.
//
// Each module keeps its own `import.meta.url` (the address of its file in dist/), so that what it finds beside itself
// (templates, schemas, package.json, the vendored bundles, a worker's entry) is found as before; functions and
// classes keep their names (error classes are told apart by name). Source maps (*.map beside each chunk, naming
// dist/'s files) are read with `-v`, where an internal error's stack is printed. `npm run build` runs this after tsc
// and vendor.mjs, before code-hashes.mjs (the bundle is the generator's code too).
import { build } from "esbuild";
import { readFileSync, rmSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));
const dist = join(root, "dist");
const out = join(dist, "cli-bundle");
/** A path from the bundle's folder, as an import names it. */
const fromOut = (file) => `./${relative(out, file).split("\\").join("/")}`;

const ownPlaces = {
  name: "own-places",
  setup(b) {
    // The vendored CommonJS bundles stay files of their own, imported from the bundle's folder.
    b.onResolve({ filter: /\.cjs$/ }, (args) => ({ path: fromOut(join(args.resolveDir, args.path)), external: true }));
    // `import.meta.url` (replaced by `define` below) as the module's own file's address, made from the chunk's.
    b.onLoad({ filter: /\.js$/ }, (args) => {
      const text = readFileSync(args.path, "utf8");
      if (!text.includes("import.meta")) return { contents: text, loader: "js" };
      const place = JSON.stringify(fromOut(args.path));
      const own = `const __ownMeta = import.meta; const __ownUrl = new URL(${place}, __ownMeta.url).href;\n`;
      return { contents: own + text, loader: "js", resolveDir: dirname(args.path) };
    });
  },
};

rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: { cli: join(dist, "cli.js") },
  outdir: out,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node22",
  packages: "external",
  keepNames: true,
  sourcemap: "linked",
  sourcesContent: false,
  define: { "import.meta.url": "__ownUrl" },
  chunkNames: "chunk-[hash]",
  plugins: [ownPlaces],
  logLevel: "warning",
});
