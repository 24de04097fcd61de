// The step of src/emit/generate-held.test.ts's first test, run in a thread of its own (fresh-heap.ts: each full
// collection there marks a small heap, not the Vitest worker's): what generate holds while a package's files are made.
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { generate } from "../../src/emit/generate-all.js";

/**
 * What the thread holds beyond its hold before, after two full collections (the heap and the strings outside it: a
 * large text read), at the writes of surface.json and index.js of the project `large` (one provider whose manifest and
 * document carry a large comment), after a generate of the project `warm` has loaded every module and template.
 */
export async function heldWhileGenerating(warm: string, large: string): Promise<number[]> {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  const held = () => {
    gc();
    gc();
    const { heapUsed, external } = process.memoryUsage();
    return heapUsed + external;
  };
  // Every module and template loaded first.
  await generate({ root: warm, outDir: join(warm, "out"), onFile: () => {} });
  const before = held();
  const during: number[] = [];
  await generate({
    root: large,
    outDir: join(large, "out"),
    onFile: (path) => {
      if (path.endsWith("/surface.json") || path.endsWith("/index.js")) during.push(held() - before);
    },
  });
  return during;
}
