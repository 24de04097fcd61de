// The steps of the tests of what a large text's reading holds once read (src/load/own-strings.test.ts,
// src/emit/generate-held.test.ts), run in a thread of their own (fresh-heap.ts: each full collection there marks a
// small heap, not the Vitest worker's).
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { INPUT_LIMITS } from "../../src/load/input-file.js";
import { parseYamlSource } from "../../src/load/yaml-source.js";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;
const MiB = 1024 * 1024;

/** The heap in use after two full collections. */
function heapUsed(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

/** A YAML text of about `chars` characters (two-byte: `✓`), its values long enough to be cut as views. */
function largeText(chars: number): string {
  const lines = ["items:"];
  const description = "✓ a description long enough to be cut out of the text as a view of it ".repeat(6);
  for (let i = 0, n = 0; n < chars; i++, n += description.length + 40)
    lines.push(`  - name: operation number ${i}`, `    description: "${description}${i}"`);
  return lines.join("\n");
}

/** One value of a 9 MiB text's parse kept: the value, and the heap it holds beyond the heap before. */
export function oneValueKept(): { kept: string | undefined; held: number } {
  const before = heapUsed();
  let kept: string | undefined;
  (() => {
    const text = largeText(9 * MiB);
    const source = parseYamlSource<{ items: { name: string }[] }>(text, "zq-large.yaml", INPUT_LIMITS.document);
    kept = source.data.items[7]?.name;
  })();
  return { kept, held: heapUsed() - before };
}
