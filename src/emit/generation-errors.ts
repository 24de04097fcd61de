// The problems of a generation's inputs, each with its position: what
// generate reports (every problem at once) and the tools over the generator
// catch by class.
import { OpenApiProblems } from "../load/openapi-source.js";
import { SourceError, UnreadableSource } from "../load/yaml-source.js";

export class GenerationErrors extends Error {
  constructor(readonly errors: SourceError[]) {
    super(errors.map((e) => e.printed).join("\n"));
    this.name = "GenerationErrors";
  }
}

export function asGenerationErrors<T>(load: () => T): T {
  try {
    return load();
  } catch (e) {
    throw generationErrors(e);
  }
}

export async function asGenerationErrorsAsync<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (e) {
    throw generationErrors(e);
  }
}

/** A loading error as GenerationErrors (positions included), or `e` itself when it is no problem of the inputs. */
export function generationErrors(e: unknown): unknown {
  if (e instanceof SourceError) return new GenerationErrors([e]);
  if (e instanceof OpenApiProblems) return new GenerationErrors(e.errors);
  if (e instanceof UnreadableSource)
    return new GenerationErrors([new SourceError(e.code, { file: e.file, line: 1, col: 1 }, e.detail)]);
  return e;
}
