// Descriptions as a manifest shows them: published documents write theirs
// in HTML (`<p>Creates a customer.</p>`) or Markdown, at any length; a
// manifest's descriptions are read in tool lists, LLM tool schemas and
// error messages, so they are plain, one paragraph, and bounded.

import { sentenceEnds, sentences } from "../load/text/sentences.js";

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/**
 * The text without HTML tags and entities, without Markdown markup (links
 * keep their words, emphasis and code marks go, headings, quotes, list
 * bullets and rules become breaks), its whitespace collapsed.
 */
export function plainText(text: string): string {
  const { plain, spans } = heldPlain(text);
  return restored(plain, spans);
}

/** The code spans put back into a text `heldPlain` gave, its whitespace collapsed. */
const restored = (text: string, spans: readonly string[]): string =>
  text
    .replace(/\uE000(\d+)\uE001/g, (_whole, i: string) => spans[Number(i)] ?? "")
    .replace(/\s+/g, " ")
    .trim();

const COMMENT = /<!--[\s\S]*?-->/g;

/** The plain text with each Markdown code span held aside as a mark (`\uE000i\uE001`), and the spans. */
function heldPlain(text: string): { plain: string; spans: string[] } {
  // A Markdown code span is literal (`<PRODUCT>_<ID>.zip`, `a_b_c`): held aside while tags and marks go, put back as
  // its words.
  const spans: string[] = [];
  const held = text.replace(/`([^`\n]+)`(?!`)/g, (whole, code: string, at: number) =>
    text[at - 1] === "`" ? whole : `\uE000${spans.push(code) - 1}\uE001`,
  );
  const plain = held
    // An HTML comment says nothing to a reader (`<!-- Zq-Inject: <zq-definitions> -->`, a renderer's directive).
    .replace(COMMENT, " ")
    // Only what looks like a tag: `<=YYYY-MM-DD` and `a < b` are words.
    // A block (paragraph, list, item, heading) opened or closed is a break between words.
    .replace(/<\/?(p|li|ul|ol|div|h\d)(\s[^<>]*)?>|<br\s*\/?>/gi, " ")
    .replace(/<\/?[A-Za-z][A-Za-z0-9-]*(\s[^<>]*)?\/?>/g, "")
    .replace(/```[^\n]*\n?/g, " ")
    // Images first, their words kept: a badge is an image inside a link (`[![](badge.svg)](run)`).
    .replace(/!\[([^\]\n]*)\]\([^)\s]*(\s+"[^"]*")?\)/g, "$1")
    .replace(/\[([^\]\n]*)\]\([^)\s]*(\s+"[^"]*")?\)/g, "$1")
    .replace(/^[ \t]*(#{1,6}[ \t]+|>[ \t]?|[-*+][ \t]+|(-{3,}|\*{3,}|_{3,})[ \t]*$)/gm, " ")
    .replace(/(^|\s)-{3,}(?=\s|$)/g, "$1")
    .replace(/\*\*(?=\S)([^\n]*?\S)\*\*/g, "$1")
    // Underscores inside a word open and close no emphasis (CommonMark): `__gte__2017…Z__` is one bold run.
    .replace(/(^|[^\p{L}\p{N}_])__(?=\S)([^\n]*?\S)__(?![\p{L}\p{N}_])/gu, "$1$2")
    .replace(/(^|[\s(])([*_])(?=\S)([^*_\n]*?\S)\2(?=[\s.,;:!?)]|$)/g, "$1$3")
    .replace(/`([^`\n]+)`/g, "$1")
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith("#x") || name.startsWith("#X")) return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith("#")) return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    // A comment written with entities (`&lt;!-- … --&gt;`, as a document's converter escaped one) is one too.
    .replace(COMMENT, " ")
    .replace(/\s+/g, " ")
    .trim();
  return { plain, spans };
}

/**
 * The text without what opens it and says nothing of it: headings (titles: `## About`, `<h1>…</h1>`), and a label whose
 * paragraph after it held a picture alone (`Postman Collection:` above its badge).
 */
function withoutTitles(text: string): string {
  const paragraphs = text
    .replace(/^[ \t]*#{1,6}[ \t]+[^\n]*$/gm, "")
    .replace(/<h[1-6](\s[^<>]*)?>[\s\S]*?<\/h[1-6]>/gi, "\n\n")
    .split(/\n[ \t]*\n/);
  const said = paragraphs.map((p) => plainText(p));
  return paragraphs
    .filter((_p, i) => said[i] && !(said[i]?.endsWith(":") && i + 1 < said.length && !said[i + 1]))
    .join("\n\n");
}

/** The first sentence of a text's plain form, past its titles: a period inside a code span (`a. b`) ends none. */
function plainFirstSentence(text: string): string {
  const { plain, spans } = heldPlain(withoutTitles(text));
  return restored(sentences(plain)[0] ?? "", spans);
}

/**
 * At most `max` characters of the plain text, cut after a sentence when one ends in time (else at a word, with an
 * ellipsis).
 */
export function shortText(text: string, max: number): string {
  const { plain, spans } = heldPlain(text);
  // Where each code span lies once put back (issue 59: a period inside one, `a. b`, was cut at as a sentence's end).
  const marked = restored(
    plain,
    spans.map((code) => `\uE000${code}\uE001`),
  );
  const at: [number, number][] = [];
  const whole = marked.replace(/\uE000([^\uE001]*)\uE001/g, (_m, code: string, i: number) => {
    const from = i - 2 * at.length;
    at.push([from, from + code.length]);
    return code;
  });
  return shortPlain(whole, max, at);
}

function shortPlain(plain: string, max: number, spans?: readonly [number, number][]): string {
  if (plain.length <= max) return plain;
  const head = plain.slice(0, max);
  const sentence = sentenceEnds(plain, spans)
    .filter((end) => end <= max)
    .at(-1);
  if (sentence !== undefined && sentence > max / 3) return head.slice(0, sentence).trimEnd();
  let word = head.lastIndexOf(" ");
  // A space inside a code span cut at leaves half a literal: the cut goes before the span.
  const inside = spans?.find(([from, to]) => word > from && word < to);
  if (inside) word = plain.lastIndexOf(" ", inside[0]);
  return `${head.slice(0, word > max / 2 ? word : max - 1)}…`;
}

/** The first sentence of the plain text (at most `max` characters). */
export function firstSentence(text: string, max: number): string {
  return shortPlain(plainFirstSentence(text), max);
}

/**
 * A label for a block's selector from an operation's summary: its first
 * sentence when that is a short statement (its full stop dropped), else
 * undefined — a summary that opens with a question or an exclamation, a
 * teaser ("**Starting a new project?** We recommend…"), names no operation.
 */
export function titleText(summary: string, max: number): string | undefined {
  const sentence = plainFirstSentence(summary);
  // A question or an exclamation (its closing quote or bracket aside) is no statement.
  if (/[!?]["'”’)\]]*$/.test(sentence)) return undefined;
  const first = sentence.replace(/\.$/, "").trim();
  // A title opens with a capital (`fetch Comment records` → `Fetch…`); a word in mixed case (`iOS`) is a name.
  const opened = /^[a-z]+\b/.test(first) ? `${first[0]?.toUpperCase()}${first.slice(1)}` : first;
  return opened && opened.length <= max ? opened : undefined;
}
