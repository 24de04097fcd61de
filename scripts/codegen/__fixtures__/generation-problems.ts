// For tests: the messages of the problems `generate` finds in a project.
import { generate, GenerationErrors } from "../generate-all.js";

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
