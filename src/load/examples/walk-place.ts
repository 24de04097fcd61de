// A place of the example walk (example-walker.ts) in one of the document's files: the walk steps from a place to its
// children, rather than reading each place again from the top of its file.

export type Path = (string | number)[];

/** A place in one of the files, with the value found there. */
export interface At {
  file: string;
  path: Path;
  value: unknown;
}

/**
 * A place inside another, its path made when read: the walk steps through every place an operation reaches, and a
 * copy of the path at each step was most of what it allocated on a document with no examples (generate's collector
 * runs by the bytes allocated). A class's getter: an object's own accessor gets a map that holds its closure until a
 * full collection (docs/contributing/performance.md, the twenty-sixth round).
 */
class Inside implements At {
  private madePath: Path | undefined;
  readonly file: string;
  readonly value: unknown;

  constructor(
    private readonly up: At,
    private readonly key: string | number,
  ) {
    this.file = up.file;
    const v = up.value;
    this.value = v !== null && typeof v === "object" ? (v as Record<string | number, unknown>)[key] : undefined;
  }

  get path(): Path {
    if (this.madePath === undefined) this.madePath = [...this.up.path, this.key];
    return this.madePath;
  }
}

/** The place `key` inside `at` (nothing is inside a value that is not an object or a list). */
export function inside(at: At, key: string | number): At {
  return new Inside(at, key);
}
