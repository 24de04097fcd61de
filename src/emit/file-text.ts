// A generated file's text as the emitters hand it over: whole, or in parts made as they are taken, for a file too
// large to be made whole before it is written (the surface.json of a whole published API of 45 MiB: 204 MB).

/** Parts of a text, made anew at each call (a generator): joined, they are the file. */
export interface TextParts {
  readonly parts: () => Iterable<string>;
}

export type FileText = string | TextParts;

/** The whole text (for what compares or keeps files in memory: --check, the tests). */
export function wholeText(text: FileText): string {
  return typeof text === "string" ? text : [...text.parts()].join("");
}
