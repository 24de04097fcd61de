// Text from the inputs (manifests, OpenAPI documents, file names) placed in
// generated code. Every emitter goes through these helpers, so that no input
// can end a comment or a string early and run as code when the package is
// imported, or retype a declaration through a JSDoc tag.

/**
 * A blank oneLine changes (one that is not a space, a space before another blank, or one at either end), or a
 * character it writes as an escape (INVISIBLE).
 */
const LOOSE_BLANKS =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it finds
  /[^\S ]| \s|^ | $|[\u0000-\u0008\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/**
 * What a generated file never holds raw, written `\uXXXX` instead: the control characters that are not blanks (an
 * escape sequence recolours or clears the terminal a file or its diff is shown in) and the marks and overrides of
 * text direction, which make code read otherwise than it runs (CVE-2021-42574, "Trojan Source"). In a string or a
 * regular expression the escape is the same character; in a comment or a README it is text.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it finds
const INVISIBLE = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const escaped = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;

/**
 * Text inside a comment, `/** … *\/` or `//`: on one line (CR, LF, U+2028,
 * U+2029 and every other run of blanks become one space, so a `//` comment
 * cannot end early), `*\/` unable to close the comment, and an `@` after a
 * blank unable to start a JSDoc tag (`@type {number}` in a description would
 * retype the declaration it documents; `alias@domain` is no tag). Markdown
 * renders both escapes as the text they stand for.
 */
export function commentText(text: string): string {
  return oneLine(text)
    .replace(/\*\//g, "*\\/")
    .replace(/(^| )@/g, "$1\\@");
}

/**
 * Text on one line: every line break (CR, LF, U+2028, U+2029) and run of blanks becomes one space, and every other
 * control character and mark of text direction its escape (INVISIBLE).
 */
export function oneLine(text: string): string {
  // Most texts are on one line already (a README calls this some 100,000 times on a whole published API): the test
  // copies nothing, where the replace built a new string at every space.
  return LOOSE_BLANKS.test(text) ? text.replace(INVISIBLE, escaped).replace(/\s+/g, " ").trim() : text;
}

/**
 * A JavaScript (and TypeScript) literal of JSON data; see escapeInvisibles for what JSON leaves raw.
 */
export function codeLiteral(value: unknown): string {
  return escapeInvisibles(JSON.stringify(value));
}

/**
 * Generated code with every raw U+2028 and U+2029 written as an escape, and every INVISIBLE character. JSON (and
 * openapi-typescript) leave the two raw in strings; they end a line for a parser older than ES2019 and for many tools.
 * In a string the escape is the same character, in a comment it is text, and they occur nowhere else.
 */
export function escapeInvisibles(code: string): string {
  // Looked for first: most texts have none, and a replace with a function cost every literal of a package more.
  return UNWRITTEN.test(code) ? code.replace(UNWRITTEN_ALL, escaped) : code;
}

/**
 * A README's or a JSON file's text with every INVISIBLE character written as its escape (U+2028 and U+2029 are text
 * in a README and end no line of JSON; JSON.stringify escapes C0 controls but not the rest): a value in a code example
 * or a table is read as a string or as text either way, and a JSON string as the same string.
 */
export function escapeControls(text: string): string {
  return INVISIBLE_ONE.test(text) ? text.replace(INVISIBLE, escaped) : text;
}

const INVISIBLE_ONE = new RegExp(INVISIBLE.source);
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it finds
const UNWRITTEN = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const UNWRITTEN_ALL = new RegExp(UNWRITTEN, "g");

/**
 * An operation's title and description as one heading (`List books: Books by author or subject`), or the
 * description alone where it only repeats the title (a drafted operation's summary is both): never `List: List`.
 * `text` writes each for its file, apart (Markdown's code spans never join the two).
 */
export function titled(title: string, description: string, text = (t: string) => t): string {
  const said = (t: string) =>
    t
      .trim()
      .replace(/[.!?…]+$/, "")
      .toLowerCase();
  return said(title) === said(description) ? text(description) : `${text(title)}: ${text(description)}`;
}
