// A long tool id shortened to fit an agent tool name (llm-tools.ts: llmToolName), keeping its most telling words.
// The first two (the provider, the verb) and the last always stay; the others go least telling first: filler words
// (articles, prepositions), then a word another word holds (`repo` beside `repositories`, `issue` beside `issues`),
// then content words from the left, where ids drafted from one path share the path's start (an id written as words
// keeps the one after its verb, what it acts on, longest). A word dropped goes back
// where room is left over, the most telling first, unless another kept word holds it.

/** Words that tell a model little about what a tool does (English articles, prepositions, conjunctions). */
const FILLER = new Set([
  "a",
  "all",
  "an",
  "and",
  "as",
  "at",
  "by",
  "for",
  "from",
  "in",
  "into",
  "of",
  "on",
  "or",
  "per",
  "the",
  "to",
  "via",
  "with",
]);

interface Word {
  /** The separator written before it (`_`, `-`, or none at a camelCase boundary). */
  sep: string;
  text: string;
}

/** `name`'s words: split at `_` and `-` and where a lower-case letter or digit meets a capital. */
function wordsOf(name: string): Word[] {
  const words: Word[] = [];
  for (const m of name.matchAll(/([_-]*)([^_-]+)/g))
    (m[2] ?? "").split(/(?<=[a-z0-9])(?=[A-Z])/).forEach((text, i) => {
      words.push({ sep: i === 0 ? (m[1] ?? "") : "", text });
    });
  return words;
}

/** Whether word `i` is held by another of the kept words (`repo` in `repositories`), the later of two alike. */
function heldElsewhere(words: Word[], kept: boolean[], i: number): boolean {
  const own = words[i]?.text.toLowerCase() ?? "";
  if (own.length < 3) return false;
  return words.some((w, j) => {
    if (j === i || !kept[j]) return false;
    const other = w.text.toLowerCase();
    return other.includes(own) && (other.length > own.length || j < i);
  });
}

const joined = (words: Word[], kept: boolean[]) =>
  words
    .filter((_, i) => kept[i])
    .map((w) => `${w.sep}${w.text}`)
    .join("");

/**
 * `name` in at most `room` characters: the middle words dropped, least telling first (see above), until it fits;
 * then dropped words put back where they fit, the last dropped first. Cut at `room` when the ends alone do not fit.
 */
export function shortWords(name: string, room: number): string {
  if (name.length <= room) return name;
  const words = wordsOf(name);
  const kept = words.map(() => true);
  const middle = words.map((_, i) => i).filter((i) => i >= 2 && i < words.length - 1);
  const dropped: number[] = [];
  const fits = () => joined(words, kept).length <= room;
  const drop = (pick: (i: number) => boolean) => {
    for (const i of middle) {
      if (fits()) return;
      if (kept[i] && pick(i)) {
        kept[i] = false;
        dropped.push(i);
      }
    }
  };
  const filler = (i: number) => FILLER.has(words[i]?.text.toLowerCase() ?? "");
  // An id written as words (a filler among them, or camelCase) names what it acts on after its verb; one drafted from
  // a path holds neither, and its next word is the path's shared start.
  const prose = middle.some(filler) || words.slice(1).some((w) => w.sep === "");
  const object = prose ? middle.find((i) => !filler(i)) : undefined;
  drop(filler);
  drop((i) => heldElsewhere(words, kept, i));
  drop((i) => i !== object);
  drop(() => true);
  for (const i of dropped.reverse()) {
    if (heldElsewhere(words, kept, i)) continue;
    kept[i] = true;
    if (!fits()) kept[i] = false;
  }
  return joined(words, kept).slice(0, room);
}
