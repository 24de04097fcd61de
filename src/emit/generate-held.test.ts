// What generate holds while a package's files are made (generate-all.ts): neither input text, nor js-yaml's copy of
// it (own-strings.ts), and the README and the surface made only as the write takes their parts (a write keeps the text
// it was handed until the next one).
import { appendFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { writeSyntheticProject } from "../../scripts/bench/synthetic.js";
import { freshHeap } from "../../test-support/heap/fresh-heap.js";
import { OpenApiDocument } from "../load/openapi-document.js";
import { type FileText, wholeText } from "./file-text.js";
import { generate } from "./generate-all.js";
import { templates } from "./precompiled/templates.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const MiB = 1024 * 1024;
const tmp = mkdtempSync(join(runScratch(), "blockwright-generate-held-"));
// What generate holds is measured in a thread of its own (test-support/heap/fresh-heap.ts): the full collections
// there mark a small heap.
const heap = freshHeap();
afterAll(async () => {
  await heap.close();
  rmSync(tmp, { recursive: true, force: true });
});

/** A project of one synthetic provider; `comment` characters of YAML comment added to its manifest and document. */
function project(name: string, comment: number): string {
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

describe("while a package's files are made", () => {
  it("neither input text is held, nor js-yaml's copy of it", async () => {
    const during = await heap.call<number[]>(
      new URL("../../test-support/heap/generate-held.ts", import.meta.url),
      "heldWhileGenerating",
      project("warm", 0),
      project("large", 9 * MiB),
    );
    // Each text is 18 MiB as a string, read and copied: 72 MiB held before.
    expect(during).toHaveLength(2);
    for (const size of during) expect(size).toBeLessThan(8 * MiB);
  });

  it("the README and the surface are made as the write takes their parts, not when they are handed", async () => {
    // The README's template rendered, the document's schemas read for the surface (surfaceSchemas): each only once
    // the write takes the parts.
    const readme = vi.spyOn(templates, "package-readme.md.hbs");
    const schemas = vi.spyOn(OpenApiDocument.prototype, "surfaceSchemas");
    const dir = project("parts", 0);
    const handed = new Map<string, FileText>();
    const madeWhenHanded: number[] = [];
    try {
      await generate({
        root: dir,
        outDir: join(dir, "out"),
        onFile: (path, text) => {
          if (!/\/(README\.md|surface\.json)$/.test(path)) return;
          madeWhenHanded.push(readme.mock.calls.length + schemas.mock.calls.length);
          handed.set(path, text);
        },
      });
      expect(madeWhenHanded).toEqual([0, 0]);
      for (const text of handed.values()) expect(wholeText(text).length).toBeGreaterThan(100);
      expect(readme).toHaveBeenCalledTimes(1);
      expect(schemas).toHaveBeenCalledTimes(1);
    } finally {
      readme.mockRestore();
      schemas.mockRestore();
    }
  });
});
