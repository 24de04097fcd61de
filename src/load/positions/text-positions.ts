// Positions in a document's text, without yaml's document of it: that model
// of a whole published document (27 MB of YAML) took 21 s and a gigabyte to
// build, for a message or two. Text written as JSON (most published API
// documents are) is read from its start, skipping every value off the path to
// a place (a few hundred milliseconds for a 37 MB document at most, nothing
// held); one asked for many places gets jsonc-parser's syntax tree. YAML
// written in block style (what emitters write) is read line by line, by
// indentation, the same way (block-yaml-positions.ts); a place behind anything else (a flow collection,
// a multi-line quoted text, an anchor or tag, a complex key) is left to
// yaml's document, as is every place of a text asked for many.
import { createRequire } from "node:module";
import type { Node, ParseError } from "jsonc-parser";

const require = createRequire(import.meta.url);
const jsonc = (): typeof import("jsonc-parser") => require("jsonc-parser") as typeof import("jsonc-parser");

/**
 * Where the value at `path` (or its key) starts in `text`, or undefined when the text is not plain JSON (yaml locates
 * it then).
 */
export type OffsetOf = (path: readonly (string | number)[], which: "key" | "value") => number | undefined;

/** Places found by reading the text before its syntax tree is built. */
const SCANS_BEFORE_TREE = 16;

export function jsonOffsets(text: string): OffsetOf | undefined {
  if (!/^\s*[[{]/.test(text)) return undefined;
  let scans = 0;
  /** The syntax tree once built; null when the text is not plain JSON. */
  let tree: Node | null | undefined;
  return (path, which) => {
    if (tree === undefined && scans < SCANS_BEFORE_TREE) {
      scans++;
      const found = scanFor(text, path, which);
      if (found !== NOT_JSON) return found;
      tree = null;
    }
    if (tree === undefined) {
      const errors: ParseError[] = [];
      tree = jsonc().parseTree(text, errors, { disallowComments: true, allowTrailingComma: false }) ?? null;
      if (errors.length) tree = null;
    }
    return tree ? offsetIn(tree, path, which) : undefined;
  };
}

/** The offset of the value at `path`, or of its nearest existing ancestor (its key when asked for and there is one). */
function offsetIn(root: Node, path: readonly (string | number)[], which: "key" | "value"): number {
  let node: Node = root;
  let key: Node | undefined;
  for (const segment of path) {
    if (node.type === "object") {
      const property = node.children?.find((p) => p.children?.[0]?.value === String(segment));
      const [name, value] = property?.children ?? [];
      if (!name || !value) break;
      key = name;
      node = value;
    } else if (node.type === "array" && /^\d+$/.test(String(segment))) {
      const item = node.children?.[Number(segment)];
      if (!item) break;
      key = undefined;
      node = item;
    } else {
      break;
    }
  }
  return (which === "key" && key ? key : node).offset;
}

const NOT_JSON = -1;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
/** A literal of plain JSON (read where the sticky index is put). */
const LITERAL = /true|false|null|-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?/y;

/**
 * offsetIn's answer read from the text: the objects and lists on the path are
 * walked, every other value skipped (strings read for their end only). A
 * character that plain JSON has no place for, where the walk meets one, makes
 * it NOT_JSON.
 */
function scanFor(text: string, path: readonly (string | number)[], which: "key" | "value"): number {
  let i = blank(text, 0);
  let node = i;
  let key: number | undefined;
  for (const segment of path) {
    const open = text.charCodeAt(node);
    if (open === 0x7b) {
      // An object: its keys, in turn, until the segment's.
      i = node + 1;
      let found: number | undefined;
      for (;;) {
        i = blank(text, i);
        if (text.charCodeAt(i) === 0x7d) break;
        if (text.charCodeAt(i) !== QUOTE) return NOT_JSON;
        const start = i;
        i = skipString(text, i);
        if (i < 0) return NOT_JSON;
        let name: unknown;
        try {
          name = JSON.parse(text.slice(start, i));
        } catch {
          return NOT_JSON;
        }
        i = blank(text, i);
        if (text.charCodeAt(i) !== 0x3a) return NOT_JSON;
        i = blank(text, i + 1);
        if (name === String(segment)) {
          found = start;
          break;
        }
        i = skipValue(text, i);
        if (i < 0) return NOT_JSON;
        i = blank(text, i);
        if (text.charCodeAt(i) === 0x2c) i++;
        else if (text.charCodeAt(i) !== 0x7d) return NOT_JSON;
      }
      if (found === undefined) break;
      key = found;
      node = i;
    } else if (open === 0x5b && /^\d+$/.test(String(segment))) {
      // A list: its items, in turn, until the segment's index.
      i = blank(text, node + 1);
      if (text.charCodeAt(i) === 0x5d) break;
      let index = 0;
      for (; index < Number(segment); index++) {
        i = skipValue(text, i);
        if (i < 0) return NOT_JSON;
        i = blank(text, i);
        if (text.charCodeAt(i) !== 0x2c) break;
        i = blank(text, i + 1);
      }
      if (index < Number(segment)) break;
      key = undefined;
      node = i;
    } else break;
  }
  return which === "key" && key !== undefined ? key : node;
}

/** Past the blanks (and a byte order mark) from `i`. */
function blank(text: string, i: number): number {
  let at = i;
  for (
    let c = text.charCodeAt(at);
    c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0xfeff;
    c = text.charCodeAt(++at)
  );
  return at;
}

/** Past a string starting at `i` (its opening quote); -1 when it does not end. */
function skipString(text: string, i: number): number {
  for (let at = i + 1; at < text.length; at++) {
    const c = text.charCodeAt(at);
    if (c === BACKSLASH) at++;
    else if (c === QUOTE) return at + 1;
  }
  return -1;
}

/** Past the value starting at `i`; -1 where plain JSON has no place for what is there. */
function skipValue(text: string, i: number): number {
  let at = i;
  let depth = 0;
  do {
    at = blank(text, at);
    const c = text.charCodeAt(at);
    if (c === QUOTE) {
      at = skipString(text, at);
      if (at < 0) return -1;
    } else if (c === 0x7b || c === 0x5b) {
      depth++;
      at++;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
      at++;
    } else if (c === 0x2c || c === 0x3a) {
      if (depth === 0) return -1;
      at++;
    } else {
      LITERAL.lastIndex = at;
      if (!LITERAL.test(text)) return -1;
      at = LITERAL.lastIndex;
    }
  } while (depth > 0);
  return depth === 0 ? at : -1;
}

/** Where each line of `text` starts (a line ends at `\n`), in order: after a last `\n`, the text's length. */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  return starts;
}

/**
 * 1-based line and column of an offset in `text`; `lines`, its lineStarts, read at the first offset asked (a caller
 * that reads the lines for another use too gives the same ones: block-yaml-positions.ts).
 */
export function lineColumn(
  text: string,
  lines: () => readonly number[] = () => lineStarts(text),
): (offset: number) => { line: number; col: number } {
  let starts: readonly number[] | undefined;
  return (offset) => {
    starts ??= lines();
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((starts[mid] ?? 0) <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, col: offset - (starts[low] ?? 0) + 1 };
  };
}
