// For tests: the messages of the problems `generate` (or its link step) finds, and those of a copy of the shelf
// fixture with text edits.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import { generate, GenerationErrors } from "../src/emit/generate-all.js";
import { loadProvider } from "../src/emit/link-provider.js";
import { type FixtureEdit, shelfCopy } from "./shelf-copy.js";

/** Each problem's message (file:line:col: …) when generating the project at `dir`; none when it generates. */
export async function generationProblems(dir: string): Promise<string[]> {
  try {
    await generate({ root: dir });
  } catch (e) {
    if (e instanceof GenerationErrors) return e.errors.map((x) => x.message);
    throw e;
  }
  return [];
}

/**
 * Each problem's message when loading and linking the one provider in `dir` (a folder of `<root>/specs/`); none when it
 * links.
 */
export async function linkProblems(root: string, dir: string): Promise<string[]> {
  try {
    await loadProvider(root, dir);
  } catch (e) {
    if (e instanceof GenerationErrors) return e.errors.map((x) => x.message);
    throw e;
  }
  return [];
}

/**
 * For the test file that calls it: a work folder removed after its tests, a fresh folder in it (`freshRoot`), and
 * `problems(edits)`, the link step's problems with a copy of the shelf fixture, `edits` applied, in a fresh folder.
 */
export function shelfProblems(): {
  freshRoot: () => string;
  problems: (edits: readonly FixtureEdit[]) => Promise<string[]>;
} {
  const work = mkdtempSync(join(tmpdir(), "blockwright-link-"));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  let counter = 0;
  const freshRoot = () => join(work, String(counter++));
  return {
    freshRoot,
    problems: (edits) => {
      const root = freshRoot();
      return linkProblems(root, shelfCopy(root, edits));
    },
  };
}
