// `npm run docs`: write every page and block generated from the code
// (scripts/docs/pages.ts lists them); `npm run docs -- --check` writes
// nothing and exits 1 naming the stale ones. docs.test.ts runs the check.
import { fileURLToPath } from "node:url";
import { staleDocs, writeDocs } from "./render.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
try {
  if (process.argv.includes("--check")) {
    const stale = await staleDocs(root);
    for (const path of stale) process.stderr.write(`docs: stale: ${path}\n`);
    process.exitCode = stale.length ? 1 : 0;
  } else {
    const written = await writeDocs(root);
    process.stderr.write(
      written.length ? written.map((p) => `docs: wrote ${p}\n`).join("") : "docs: every generated page is current\n",
    );
  }
} catch (e) {
  // A page whose markers are gone, a workflow that does not read: one line, not a stack.
  process.stderr.write(`docs: ${(e as Error).message}\n`);
  process.exitCode = 2;
}
