// Descriptions as a manifest shows them: published documents write theirs
// in HTML (`<p>Creates a customer.</p>`) or Markdown, at any length; a
// manifest's descriptions are read in tool lists, LLM tool schemas and
// error messages, so they are plain, one paragraph, and bounded.

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** The text without HTML tags and entities, its whitespace collapsed. */
export function plainText(text: string): string {
  return text
    .replace(/<\/(p|li|div|h\d)>|<br\s*\/?>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith("#x") || name.startsWith("#X")) return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith("#")) return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, " ")
    .trim();
}

/** At most `max` characters of the plain text, cut after a sentence when one ends in time (else at a word, with an ellipsis). */
export function shortText(text: string, max: number): string {
  const plain = plainText(text);
  if (plain.length <= max) return plain;
  const head = plain.slice(0, max);
  const sentence = head.search(/[.!?](?=\s)[^.!?]*$/);
  if (sentence > max / 3) return head.slice(0, sentence + 1);
  const word = head.lastIndexOf(" ");
  return `${head.slice(0, word > max / 2 ? word : max - 1)}…`;
}

/** The first sentence of the plain text (at most `max` characters). */
export function firstSentence(text: string, max: number): string {
  const plain = plainText(text);
  const end = plain.search(/[.!?](\s|$)/);
  return shortText(end >= 0 ? plain.slice(0, end + 1) : plain, max);
}
