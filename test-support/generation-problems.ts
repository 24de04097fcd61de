// For tests: the messages of the problems `generate` (or its link step) finds.
import { generate, GenerationErrors, loadProvider } from "../src/emit/generate-all.js";

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
