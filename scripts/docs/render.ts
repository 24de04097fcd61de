// What every generated file and block should hold, and writing it.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { type MarkedBlock, splitAtBlock } from "./marked-block.js";
import { GENERATED_FILES, MARKED_BLOCKS } from "./pages.js";

/**
 * Each path `npm run docs` writes, with the whole content it should have. A block whose render is in
 * `asWritten` keeps what its page holds: a test that checks that figure itself (the install weight's, in
 * contract-tests/packages/install-weight.test.ts) spares the docs test a second measure of it.
 */
export async function expectedDocs(
  root: string,
  asWritten: ReadonlySet<MarkedBlock["render"]> = new Set(),
): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const file of GENERATED_FILES) files.set(file.path, await file.render(root));
  // A block printed on several pages is rendered once (the install weight packs the packages: seconds of CPU).
  const blocks = new Map<MarkedBlock["render"], Promise<string>>();
  const renderOnce = (block: MarkedBlock) => {
    let rendered = blocks.get(block.render);
    if (!rendered) {
      rendered = Promise.resolve(block.render(root));
      blocks.set(block.render, rendered);
    }
    return rendered;
  };
  for (const block of MARKED_BLOCKS) {
    const text = files.get(block.path) ?? readFileSync(join(root, block.path), "utf8");
    const split = splitAtBlock(text, block);
    if (!split) throw new Error(`${block.path}: the markers ${block.start} … ${block.end} are missing`);
    const rendered = asWritten.has(block.render) ? split.content : await renderOnce(block);
    files.set(block.path, `${split.before}\n${rendered}\n${split.after}`);
  }
  return files;
}

/**
 * The files whose content differs from what they should hold (missing ones included); `expected` when already rendered.
 */
export async function staleDocs(root: string, expected?: Map<string, string>): Promise<string[]> {
  const stale: string[] = [];
  for (const [path, content] of expected ?? (await expectedDocs(root))) {
    let current: string | undefined;
    try {
      current = readFileSync(join(root, path), "utf8");
    } catch {
      current = undefined;
    }
    if (current !== content) stale.push(path);
  }
  return stale;
}

/** Write every generated file and block; returns the paths that changed. */
export async function writeDocs(root: string): Promise<string[]> {
  // Rendered once: rendering runs the generator and the command's help over every page.
  const expected = await expectedDocs(root);
  const stale = new Set(await staleDocs(root, expected));
  for (const [path, content] of expected) {
    if (!stale.has(path)) continue;
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return [...stale];
}
