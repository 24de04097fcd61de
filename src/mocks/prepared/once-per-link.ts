// What a mock makes of a linked subject (its served copy, mock-document.ts), made once however many mocks of it a
// process starts: a contract run's worker starts its stateless mocks, then a stateful one for its first round trip,
// and each read the same subject's document; a whole published API's copy took 6–12 s of CPU to make again.
// Keyed by the subject object (and the document's file): a new link is a new object, its copy made anew.

/** Values made once for each (subject, file). */
export class OncePerLink<T> {
  private readonly made = new WeakMap<object, Map<string, T>>();

  /** The value made for `subject` and `file`, `make` called only the first time (a rejection kept as made). */
  of(subject: object, file: string, make: () => T): T {
    let byFile = this.made.get(subject);
    if (!byFile) this.made.set(subject, (byFile = new Map()));
    if (!byFile.has(file)) byFile.set(file, make());
    return byFile.get(file) as T;
  }
}
