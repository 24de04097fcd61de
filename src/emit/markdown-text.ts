// Text from the inputs (manifests, OpenAPI documents, file names) placed in
// a generated README, which npm and GitHub render as Markdown. Every piece of
// input goes through one of these helpers, so that no input can add raw HTML,
// an image, a link (a `javascript:` one) or a block of its own: it is shown
// as the text it is, and its own code spans stay code.
import { itemAt } from "@blockwright/runtime/internal/generate";
import { oneLine } from "./code-text.js";

/** A block marker at a text's start (markdownText escapes it). */
const BLOCK_START = /^(?:[#>+\-*=|~]|\d+(?=[.)]))/;
/** The characters escapeInline writes otherwise. */
const INLINE_MARKUP = /[\\<[\]`]/;

/**
 * Inline text: on one line, raw HTML and link syntax written as text (`<`,
 * `[`, `]` and `\` escaped outside code spans), a backtick that opens no code
 * span escaped (it could pair with one of the README's own and turn a code
 * span inside out), a block marker at its start (`#`, `>`, `-`, `1.`, ```,
 * …) escaped. The text's own code spans are kept as they are.
 */
export function markdownText(text: string): string {
  const line = oneLine(text);
  let out = "";
  let at = 0;
  for (const span of codeSpans(line)) {
    out += escapeInline(line.slice(at, span.start)) + line.slice(span.start, span.end);
    at = span.end;
  }
  out += escapeInline(line.slice(at));
  return BLOCK_START.test(out) ? out.replace(BLOCK_START, (m) => (/^\d/.test(m) ? `${m}\\` : `\\${m}`)) : out;
}

/** Paragraphs of inline text (a blank line between two), each as markdownText. */
export function markdownParagraphs(text: string): string {
  return text
    .split(/\n[^\S\n]*\n/)
    .map(markdownText)
    .filter(Boolean)
    .join("\n\n");
}

/**
 * A code span holding any text on one line: fenced with more backticks than any run inside, spaced when it starts or
 * ends with one.
 */
export function codeSpan(text: string): string {
  const line = oneLine(text);
  const longest = line.includes("`") ? Math.max(0, ...(line.match(/`+/g) ?? []).map((run) => run.length)) : 0;
  const fence = "`".repeat(longest + 1);
  const pad = line.startsWith("`") || line.endsWith("`") ? " " : "";
  return `${fence}${pad}${line}${pad}${fence}`;
}

/**
 * A table cell of Markdown built from markdownText and codeSpan pieces: no
 * `|` can end it. GFM splits a row at every bar after an even number of
 * backslashes, then reads `\|` as a bar (in code spans too).
 */
export function cell(markdown: string): string {
  const line = oneLine(markdown);
  // Most cells hold no bar: the replace with a function is left for those that do.
  return line.includes("|")
    ? line.replace(/(\\*)\|/g, (bar, backslashes: string) => (backslashes.length % 2 ? bar : `${backslashes}\\|`))
    : line;
}

/** Text inside an HTML comment (`<!-- … -->`): on one line, with no `--` or `>` to end it. */
export function htmlCommentText(text: string): string {
  return oneLine(text)
    .replace(/-(?=-)/g, "- ")
    .replace(/>/g, "&gt;");
}

function escapeInline(text: string): string {
  return INLINE_MARKUP.test(text) ? text.replace(/[\\<[\]`]/g, (c) => (c === "<" ? "&lt;" : `\\${c}`)) : text;
}

/** The code spans of a line (CommonMark: a run of backticks up to the next run of the same length). */
function codeSpans(line: string): { start: number; end: number }[] {
  if (!line.includes("`")) return [];
  const runs = [...line.matchAll(/`+/g)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
  const spans: { start: number; end: number }[] = [];
  for (let i = 0; i < runs.length; i++) {
    const open = itemAt(runs, i);
    const close = runs.findIndex((r, j) => j > i && r.end - r.start === open.end - open.start);
    if (close < 0) continue;
    spans.push({ start: open.start, end: itemAt(runs, close).end });
    i = close;
  }
  return spans;
}
