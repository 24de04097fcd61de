// YAML whose one anchor is repeated by many aliases: small as text, large once
// its aliases are expanded (a document written out whole, a walk over every
// value). Generated, so that no test commits a large file.

/** A text of `chars` characters, readable as a description. */
export function longText(chars: number): string {
  const sentence = "An anchored description, repeated by every alias that names it. ";
  return sentence.repeat(Math.ceil(chars / sentence.length)).slice(0, chars);
}

/** YAML with one anchored text of `chars` characters and `aliases` aliases of it (one line each). */
export function amplifiedYaml(chars: number, aliases: number): string {
  return (
    [`first: &shared "${longText(chars)}"`, "copies:", ...Array.from({ length: aliases }, () => "  - *shared")].join(
      "\n",
    ) + "\n"
  );
}
