// Where a description's sentences end, one reading for every reader of prose (add's drafted descriptions and titles,
// the secret-name reading, the auth prose's readers, paging's and limits' words): each reader had its own regular
// expression, and each split "e.g. a key" or "`a. b`" differently.

// A sentence ends at `.`, `!` or `?` (a run of them: "Really?!", "…"), a closing quote or bracket after it, then
// whitespace or the text's end: a version's or an address's dot (`v2.1`, `zq.test/a.json`) is followed by more.
const END = /[.!?]+["'”’)\]]*(?=\s|$)/g;
// Abbreviations whose full stop never ends a sentence ("e.g. the key", "i.e. a token", "vs. the old one").
const NEVER_ENDS = /(?:^|[\s("'])(?:e\.g|i\.e|eg|ie|cf|viz|vs|approx|incl|excl|esp|resp|w\.r\.t|a\.k\.a|aka)\.$/i;
// Abbreviations whose full stop ends one only before a capital ("name, id, etc. The key…"; "max. 5 a minute").
const ENDS_BEFORE_CAPITAL = /(?:^|[\s("'])(?:etc|min|max|no|nr|ca|al)\.$/i;

// A numbered list's marker ("1. Create a key 2. Send it", or "1." at a line's start or after a colon) is no end: a
// description's first sentence was cut to "Steps: 1.". A number at a sentence's end ("The limit is 5.") still ends it.
const MARKER = /(?:^|\s)(\d{1,2})$/;

function isListMarker(text: string, at: number): boolean {
  const digits = MARKER.exec(text.slice(Math.max(0, at - 4), at))?.[1];
  if (digits === undefined) return false;
  const start = at - digits.length;
  const head = text.slice(Math.max(0, start - 80), start);
  if ((start <= 80 ? /(?:^|\n)[ \t]*$/ : /\n[ \t]*$/).test(head) || /:\s*$/.test(head)) return true;
  const n = Number(digits);
  const marker = (k: number) => new RegExp(`(?:^|\\s)${k}\\.\\s`);
  return marker(n + 1).test(text.slice(at + 1)) || (n > 1 && marker(n - 1).test(text.slice(0, start)));
}

/** Where each Markdown code span of a line lies (`a. b` is one literal, no sentence ends inside it). */
function codeSpans(text: string): [number, number][] {
  return [...text.matchAll(/`[^`\n]+`/g)].map((m) => [m.index, m.index + m[0].length]);
}

/**
 * The offsets just past each sentence's end in `text` (its closing quote or bracket included), in order; `spans`, where
 * code lies in a text its marks were taken out of (a plain text's), else its Markdown code spans.
 */
export function sentenceEnds(text: string, spans: readonly (readonly [number, number])[] = codeSpans(text)): number[] {
  const ends: number[] = [];
  for (const m of text.matchAll(END)) {
    const at = m.index;
    if (spans.some(([from, to]) => at > from && at < to)) continue;
    const before = text.slice(Math.max(0, at - 12), at + 1);
    if (m[0].startsWith(".") && NEVER_ENDS.test(before)) continue;
    if (m[0] === "." && isListMarker(text, at)) continue;
    const next = /\S/.exec(text.slice(at + m[0].length))?.[0];
    if (m[0].startsWith(".") && ENDS_BEFORE_CAPITAL.test(before) && next !== undefined && !/[A-Z]/.test(next)) continue;
    ends.push(at + m[0].length);
  }
  return ends;
}

/** The sentences of `text`, each trimmed (inner whitespace as written), none empty. */
export function sentences(text: string): string[] {
  const out: string[] = [];
  let from = 0;
  for (const end of [...sentenceEnds(text), text.length]) {
    const sentence = text.slice(from, end).trim();
    if (sentence) out.push(sentence);
    from = end;
  }
  return out;
}

/** The first sentence of `text`, trimmed (the whole text when none ends). */
export function firstSentence(text: string): string {
  return sentences(text)[0] ?? "";
}
