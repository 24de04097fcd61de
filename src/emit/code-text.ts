// Text from the inputs (manifests, OpenAPI documents, file names) placed in
// generated code. Every emitter goes through these helpers, so that no input
// can end a comment or a string early and run as code when the package is
// imported, or retype a declaration through a JSDoc tag.

/** A blank oneLine changes: one that is not a space, a space before another blank, or one at either end. */
const LOOSE_BLANKS = /[^\S ]| \s|^ | $/;

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

/** Text on one line: every line break (CR, LF, U+2028, U+2029) and run of blanks becomes one space. */
export function oneLine(text: string): string {
  // Most texts are on one line already (a README calls this some 100,000 times on a whole published API): the test
  // copies nothing, where the replace built a new string at every space.
  return LOOSE_BLANKS.test(text) ? text.replace(/\s+/g, " ").trim() : text;
}

/**
 * A JavaScript (and TypeScript) literal of JSON data; see escapeLineSeparators for the two characters JSON leaves raw.
 */
export function codeLiteral(value: unknown): string {
  return escapeLineSeparators(JSON.stringify(value));
}

/**
 * Generated code with every raw U+2028 and U+2029 written as an escape. JSON
 * (and openapi-typescript) leave them raw in strings; they end a line for a
 * parser older than ES2019 and for many tools. In a string the escape is the
 * same character, in a comment it is text, and they occur nowhere else.
 */
export function escapeLineSeparators(code: string): string {
  // Looked for first: most texts have none, and a replace with a function cost every literal of a package more.
  return LINE_SEPARATOR.test(code)
    ? code.replace(/[\u2028\u2029]/g, (c) => (c === "\u2028" ? "\\u2028" : "\\u2029"))
    : code;
}

const LINE_SEPARATOR = /[\u2028\u2029]/;
