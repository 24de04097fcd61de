// The step of src/emit/generate-held.test.ts's first test, run in a thread of its own (fresh-heap.ts: each full
// collection there marks a small heap, not the Vitest worker's): what generate holds while a package's files are made.
import { appendFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { writeSyntheticProject } from "../../scripts/bench/synthetic.js";
import { generate } from "../../src/emit/generate-all.js";

const MiB = 1024 * 1024;

/** A project of one synthetic provider in `tmp`; `comment` characters of YAML comment added to its manifest and document. */
export function syntheticProject(tmp: string, name: string, comment: number): string {
  const dir = join(tmp, name);
  mkdirSync(dir);
  const [p] = writeSyntheticProject(dir, 1);
  // Two-byte text (`✓`), as a published document with one character past Latin-1 is: twice its length in bytes.
  const line = `# ${"✓ a review note ".repeat(64)}\n`;
  for (const file of ["manifest.yaml", "openapi.yaml"])
    if (comment)
      appendFileSync(join(dir, "specs", p as string, file), `\n${line.repeat(Math.ceil(comment / line.length))}`);
  return dir;
}

/**
 * What the thread holds beyond its hold before, after two full collections (the heap and the strings outside it: a
 * large text read), at the writes of surface.json and index.js of a provider whose manifest and document carry 9 MiB
 * of comment each.
 */
export async function heldWhileGenerating(tmp: string): Promise<number[]> {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  const held = () => {
    gc();
    gc();
    const { heapUsed, external } = process.memoryUsage();
    return heapUsed + external;
  };
  // Every module and template loaded first.
  await generate({ root: syntheticProject(tmp, "warm", 0), outDir: join(tmp, "warm-out"), onFile: () => {} });
  const before = held();
  const during: number[] = [];
  const dir = syntheticProject(tmp, "large", 9 * MiB);
  await generate({
    root: dir,
    outDir: join(dir, "out"),
    onFile: (path) => {
      if (path.endsWith("/surface.json") || path.endsWith("/index.js")) during.push(held() - before);
    },
  });
  return during;
}
