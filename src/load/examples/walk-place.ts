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

/** Whether two places are one: the same file and the same keys (a list's index as its text). */
export function samePlace(a: Pick<At, "file" | "path">, b: Pick<At, "file" | "path">): boolean {
  if (a.file !== b.file || a.path.length !== b.path.length) return false;
  for (let i = 0; i < a.path.length; i++) if (String(a.path[i]) !== String(b.path[i])) return false;
  return true;
}

/**
 * The places a walk has met, found by the value there: a place met again is the same value at the same path, and a
 * value is at one place but where the document repeats it (a YAML alias), so a path is made and compared only then. A
 * key of its file and joined path for each place met made every schema's path (a copy at each step down) and a text,
 * nearly half the example walk's work on a document without examples (docs/contributing/performance.md, scale12).
 */
export class PlacesMet {
  private readonly byValue = new Map<object, At | At[]>();

  /** Whether `at` (an object's place) was met before; from now on it was. */
  meet(at: At): boolean {
    const value = at.value as object;
    const known = this.byValue.get(value);
    if (known === undefined) {
      this.byValue.set(value, at);
      return false;
    }
    const list = Array.isArray(known) ? known : [known];
    if (list.some((k) => samePlace(k, at))) return true;
    this.byValue.set(value, [...list, at]);
    return false;
  }
}
