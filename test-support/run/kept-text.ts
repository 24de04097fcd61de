// A text a test makes from an input at a cost and needs the same every run (js-yaml's block-style dump of a 7.7 MiB
// document: 0.6 to 1.2 s of CPU), kept in the folder vitest.config.ts names (BLOCKWRIGHT_TEST_KEPT: the disk's
// temporary folder, beside the tests' compile cache, not the tests' memory folder), keyed by the input's bytes and
// what makes it (the writer's name, version and options): the next run reads it back instead of making it again. One
// text is kept per name, the last made; it is written under a name of its own and renamed into place, so that two
// runs at once never read half of one.
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const KEPT_TEXTS = process.env.BLOCKWRIGHT_TEST_KEPT ?? join(tmpdir(), "blockwright-test-kept");

/**
 * `make()`'s text for `input`, made once for the same input and `maker` (what makes it: change it when the text would
 * change) and read back afterwards. `name`: what the text is ([a-z0-9-]), one kept for each.
 */
export function keptText(name: string, input: string, maker: string, make: () => string, folder = KEPT_TEXTS): string {
  const key = createHash("sha256").update(maker).update("\0").update(input).digest("hex").slice(0, 32);
  const file = join(folder, `${name}.${key}.txt`);
  try {
    return readFileSync(file, "utf8");
  } catch {
    // Not kept yet (or removed by another run's newer text): made below.
  }
  const text = make();
  mkdirSync(folder, { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, text);
  renameSync(partial, file);
  for (const other of readdirSync(folder))
    if (other.startsWith(`${name}.`) && other.endsWith(".txt") && join(folder, other) !== file)
      rmSync(join(folder, other), { force: true });
  return text;
}
