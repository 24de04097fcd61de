// A generated file's text as the emitters hand it over: whole, or in parts made as they are taken, for a file too
// large to be made whole before it is written (the surface.json of a whole published API of 45 MiB: 204 MB; its
// index.js: 144 MB).
//
// A template of code in parts (renderParts): Handlebars concatenates a render into one string; here the lists that
// grow with the document are iterated by the block helper `eachPart` (a template's `{{#each}}` that says its items'
// text may be handed on apart), which leaves a mark in the render and renders its items only as the parts are taken.
// The parts then go through render's blank-line squeeze and final trim as the whole text would (squeezedParts), so
// joined they are the text a whole render gives, byte for byte.
import { randomUUID } from "node:crypto";
import { escapeControls, escapeInvisibles } from "./code-text.js";

/** Parts of a text, made anew at each call (a generator): joined, they are the file. */
export interface TextParts {
  readonly parts: () => Iterable<string>;
}

export type FileText = string | TextParts;

/** The whole text (for what compares or keeps files in memory: --check, the tests). */
export function wholeText(text: FileText): string {
  return typeof text === "string" ? text : [...text.parts()].join("");
}

/** A precompiled template (src/emit/precompiled/templates.ts), with its helpers given at the call. */
type Template = (view: object, options: { helpers: Record<string, unknown> }) => string;

/** What Handlebars gives a block helper (its body, its `{{else}}`, the data frame: `@root`, `@index`…). */
interface BlockOptions {
  fn: (context: unknown, options: { data?: object }) => string;
  inverse: (context: unknown) => string;
  data?: object;
}

/** Parts a text in parts is joined from, up to this many UTF-16 units each (a larger piece is handed on by itself). */
const JOINED_UNITS = 1 << 16;

/**
 * The render of `template` in parts, made as they are taken: the text between the marks, each `eachPart` item's text,
 * and each `deferred` value of the view (its key in the view stands for its parts), squeezed as render squeezes. A
 * template of code (`code`, the default) gets its invisible characters escaped as renderCode's; a README keeps its own.
 */
export function renderParts(
  template: Template,
  view: object,
  deferred: Record<string, () => Iterable<string>> = {},
  { code = true }: { code?: boolean } = {},
): Iterable<string> {
  return squeezedParts(markedParts(template, view, deferred), code);
}

function* markedParts(
  template: Template,
  view: object,
  deferred: Record<string, () => Iterable<string>>,
): Generator<string> {
  // A mark no input text can hold: a fresh random name a render, checked found as many times as made.
  const mark = `\u0000blockwright-part-${randomUUID()}-`;
  const later: (() => Iterable<string>)[] = [];
  const markOf = (parts: () => Iterable<string>) => `${mark}${later.push(parts) - 1}\u0000`;
  const marked: Record<string, string> = {};
  for (const [key, parts] of Object.entries(deferred)) marked[key] = markOf(parts);
  const eachPart = function (this: unknown, context: unknown, options: BlockOptions): string {
    // As Handlebars' `each` does with a list: an empty one (or none) renders the `{{else}}`.
    if (context === undefined || context === null || (Array.isArray(context) && context.length === 0))
      return options.inverse(this);
    if (!Array.isArray(context)) throw new TypeError(`eachPart takes a list, not ${typeof context}`);
    return markOf(() => eachItem(context, options));
  };
  const text = template({ ...view, ...marked }, { helpers: { eachPart } });
  let at = 0;
  let found = 0;
  try {
    for (let i = text.indexOf(mark); i >= 0; i = text.indexOf(mark, at)) {
      if (i > at) yield text.slice(at, i);
      const end = text.indexOf("\u0000", i + mark.length);
      const parts = later[Number(text.slice(i + mark.length, end))];
      if (parts === undefined) throw new RangeError("a template's parts: a mark no part was made for");
      yield* parts();
      found++;
      at = end + 1;
    }
    if (found !== later.length) throw new RangeError(`a template's parts: ${later.length} marked, ${found} found`);
    if (at < text.length) yield text.slice(at);
  } finally {
    // Handlebars keeps the helpers of a template's last render (its container's, for the module's life), and through
    // eachPart these parts and the view they render: a package's entry view and its document's data, held into the next
    // provider's link, were copied by its scavenges and promoted (docs/contributing/performance.md, scale8).
    later.length = 0;
  }
}

/** Each item's text of an `eachPart` block, rendered as Handlebars' `each` renders it (the same data frame). */
function* eachItem(list: unknown[], options: BlockOptions): Generator<string> {
  const data = options.data ? { ...options.data, _parent: options.data } : undefined;
  for (let index = 0; index < list.length; index++) {
    if (data) Object.assign(data, { key: index, index, first: index === 0, last: index === list.length - 1 });
    yield options.fn(list[index], { data });
  }
}

/**
 * What render does to the whole text (each run of three line breaks or more made two, the trailing blanks cut, then a
 * newline) and renderCode after it (escapeInvisibles; escapeControls where `code` is false: a README), done to the
 * parts as they come: a run of blanks across a join is held until a part with more than blanks comes (or the end,
 * which drops it).
 * Small parts are joined up to JOINED_UNITS, so a write takes blocks, not one call a part.
 */
export function* squeezedParts(parts: Iterable<string>, code = true): Generator<string> {
  let held = "";
  const joined: Joined = { block: [], units: 0, out: [] };
  for (const part of parts) {
    const head = blanksBefore(part);
    if (head === part.length) {
      held += part;
      continue;
    }
    const end = textEnd(part);
    // The blanks before and after `part`'s text are bounded by text (or the start) on both sides: squeezed alone,
    // as the whole text's run there is.
    squeezed(joined, head ? held + part.slice(0, head) : held, code);
    squeezed(joined, head || end < part.length ? part.slice(head, end) : part, code);
    held = part.slice(end);
    // Handed on only when a block is made (once in JOINED_UNITS): squeezed was a generator, two generator objects a
    // part for what is mostly nothing to hand on.
    if (joined.out.length) {
      const out = joined.out;
      joined.out = [];
      yield* out;
    }
  }
  // The final newline in the last block's write, not one of its own (a write call more for every file in parts).
  joined.block.push("\n");
  yield joined.block.join("");
}

/**
 * Whether a UTF-16 unit is one `trim` removes (ECMAScript's WhiteSpace and LineTerminator: the Unicode spaces of
 * category Zs, tab, vertical tab, form feed, the byte order mark, and the four line ends).
 */
function isBlank(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/**
 * `text.length - text.trimStart().length`, and `text.trimEnd().length`, counted without the trimmed copy (a string
 * for each part that began or ended with a line break: generate's collector runs by the bytes allocated).
 */
export function blanksBefore(text: string): number {
  let i = 0;
  while (i < text.length && isBlank(text.charCodeAt(i))) i++;
  return i;
}

export function textEnd(text: string): number {
  let end = text.length;
  while (end > 0 && isBlank(text.charCodeAt(end - 1))) end--;
  return end;
}

/** A run of three line breaks or more: one pattern, not one made at each squeezed text (a literal is made anew). */
const LINE_BREAK_RUNS = /\n{3,}/g;

/** The small parts squeezedParts joins before it hands them on, and their length in UTF-16 units. */
interface Joined {
  block: string[];
  units: number;
  /** What is to be handed on (a block, a large text), in order. */
  out: string[];
}

/**
 * A run of `text` squeezed: put in `joined.out` at once when large, else added to `joined.block` (put in `joined.out`
 * once JOINED_UNITS are there). A plain function: made a generator, each call was an object (two a part of every
 * file, a part most often a line); made a generator function in squeezedParts, V8 would keep its map (and the strings
 * its scope holds) until a full collection.
 */
function squeezed(joined: Joined, text: string, code: boolean): void {
  if (!text) return;
  const squeezedText = text.replace(LINE_BREAK_RUNS, "\n\n");
  const out = code ? escapeInvisibles(squeezedText) : escapeControls(squeezedText);
  if (out.length >= JOINED_UNITS) {
    if (joined.block.length) joined.out.push(joined.block.join(""));
    joined.block = [];
    joined.units = 0;
    joined.out.push(out);
    return;
  }
  joined.block.push(out);
  joined.units += out.length;
  if (joined.units >= JOINED_UNITS) {
    joined.out.push(joined.block.join(""));
    joined.block = [];
    joined.units = 0;
  }
}
