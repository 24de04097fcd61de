// Positions in YAML text written in block style (what emitters write, and `add` writes), read line by line by
// indentation without yaml's document (text-positions.ts says why): a place behind anything else (a flow collection,
// a multi-line quoted text, an anchor or tag, a complex key) is left to yaml's document, as is every place of a text
// asked for many.
import { lineStarts, type OffsetOf } from "./text-positions.js";

/**
 * How much reading YAML text line by line may cost, in readings of the whole text, before yaml's document is left to
 * find the places: one reading costs about a hundredth of building that document (a 3.5 MB document: a few
 * milliseconds, against a second of CPU and 130 MB). Counted by what each place read, so a document with a hundred
 * warnings (a whole published API's examples) is read line by line, and one asked for thousands of places gets yaml's.
 */
const YAML_SCAN_TEXTS = 100;

/**
 * The offsets of places in YAML text written in block style, as yaml's document gives them (the key, or the value:
 * a scalar's first character, a block collection's first key or dash); undefined for a place this does not read (see
 * the top of this file), and for every place once reading them cost `readings` (YAML_SCAN_TEXTS) readings of the text.
 * `lines`: the text's lineStarts, asked once a place is; the caller's own where it reads them for a line's number too
 * (yaml-source.ts), so that a whole document's lines are found once.
 */
export function blockYamlOffsets(
  text: string,
  readings = YAML_SCAN_TEXTS,
  lines: () => readonly number[] = () => lineStarts(text),
): OffsetOf {
  const budget = readings * Math.max(text.length, 1);
  let read = 0;
  let index: LineIndex | null | undefined;
  const mappings: Mappings = new Map();
  return (path, which) => {
    if (read >= budget || text.charCodeAt(0) === 0xfeff) return undefined;
    try {
      index ??= lineIndex(text, lines());
      const found = blockYamlScan(text, path, which, index ?? undefined, mappings);
      // A place read up to its offset; one not found read the text to its end.
      read += found ?? text.length;
      return found;
    } catch (e) {
      read += text.length;
      if (e === NOT_READ) return undefined;
      throw e;
    }
  };
}

/** The lines of a text that hold something, by where each starts, to skip a value's lines without reading them. */
interface LineIndex {
  /** The first line after the one `at` is on whose column is at most `column`. */
  nextAtMost(at: number, column: number): BlockNode | undefined;
}

/**
 * The index of the lines holding something (as nextContent finds them): each one's first character and column, and
 * the next line at most as indented, so a scan steps over a nested value at once (a whole published document's
 * hundred warnings read its text a hundred times line by line: a tenth of generate's time). Null for a text with a
 * line indented by a tab, which the scan leaves to yaml only if it reaches the line: read line by line as before.
 */
function lineIndex(text: string, starts: readonly number[]): LineIndex | null {
  const at: number[] = [];
  const column: number[] = [];
  // The lines as lineStarts found them: each line's end was looked for again here (a whole published document's
  // 84,628 lines, found twice when a warning's line and column were asked).
  for (let l = 0; l < starts.length; l++) {
    const start = starts[l] as number;
    let i = start;
    while (text.charCodeAt(i) === 0x20) i++;
    const c = text.charCodeAt(i);
    if (c === 0x09) return null;
    if (i >= text.length || c === 0x0a || c === 0x0d || c === 0x23) continue;
    at.push(i);
    column.push(i - start);
  }
  const n = at.length;
  // jump[k]: the next line at most as indented as line k (n: none), by a stack of the lines still waiting for theirs.
  const jump = new Int32Array(n).fill(n);
  const waiting: number[] = [];
  for (let k = 0; k < n; k++) {
    const col = column[k] as number;
    while (waiting.length && (column[waiting[waiting.length - 1] as number] as number) >= col)
      jump[waiting.pop() as number] = k;
    waiting.push(k);
  }
  return {
    nextAtMost(offset, max) {
      // The first line starting after `offset`'s line: its start past `offset`.
      let low = 0;
      let high = n;
      while (low < high) {
        const mid = (low + high) >>> 1;
        if ((at[mid] as number) - (column[mid] as number) > offset) high = mid;
        else low = mid + 1;
      }
      let k = low;
      while (k < n && (column[k] as number) > max) k = jump[k] as number;
      return k < n ? { at: at[k] as number, column: column[k] as number } : undefined;
    },
  };
}

/** Thrown where the text holds what this does not read. */
const NOT_READ = Symbol("not read line by line");

/** A node of block YAML: where it starts, and the column its entries start at. */
interface BlockNode {
  at: number;
  column: number;
}

/**
 * The entries of each block mapping read so far, by where the mapping starts, in order: the next place asked for in it
 * starts from them (a whole published document's hundred warnings each read `paths` and `components` key by key: half
 * of the time they took to place).
 */
type Mappings = Map<number, { entries: MappingEntry[]; ended: boolean }>;

/** An entry of a block mapping: a dash at its column (the value of the key before), or a key and where it was read. */
interface MappingEntry {
  at: number;
  dash: boolean;
  read: { key: string; after: number } | undefined;
}

function blockYamlScan(
  text: string,
  path: readonly (string | number)[],
  which: "key" | "value",
  lines: LineIndex | undefined,
  mappings: Mappings = new Map(),
): number | undefined {
  /** The next line after `at`'s at most as indented as `column`: over the lines of the values between, by the index. */
  const nextAtMost = (at: number, column: number): BlockNode | undefined => {
    if (lines) return lines.nextAtMost(at, column);
    let next = nextContent(text, lineEnd(text, at) + 1);
    while (next && next.column > column) next = nextContent(text, lineEnd(text, next.at) + 1);
    return next;
  };
  const top = nextContent(text, 0);
  if (!top || text.startsWith("---", top.at) || text.charCodeAt(top.at) === 0x25) return undefined;
  let node: BlockNode = top;
  let key: number | undefined;
  for (const [i, segment] of path.entries()) {
    if (isDash(text, node.at)) {
      // A block sequence: its items, dashes at its column, in turn.
      if (!/^\d+$/.test(String(segment))) break;
      let item: number | undefined = node.at;
      for (let i = 0; i < Number(segment) && item !== undefined; i++) {
        const next = nextAtMost(item, node.column);
        item = next && next.column === node.column && isDash(text, next.at) ? next.at : undefined;
      }
      if (item === undefined) break;
      const value = valueAfter(text, item + 1, node.column);
      if (!value) return undefined;
      key = undefined;
      node = value;
      continue;
    }
    // A block mapping: its keys at its column, in turn (those read before first).
    let scan = mappings.get(node.at);
    if (!scan) mappings.set(node.at, (scan = { entries: [], ended: false }));
    let entry: MappingEntry | undefined;
    for (let k = 0; ; k++) {
      entry = scan.entries[k];
      if (!entry) {
        if (scan.ended) break;
        const last = scan.entries[k - 1];
        const at = last ? nextAtMost(last.at, node.column) : node;
        if (!at || at.column < node.column) {
          scan.ended = true;
          break;
        }
        // A dash at the mapping's own column: the value of the key before (the lines more indented are skipped).
        const dash = isDash(text, at.at);
        scan.entries.push((entry = { at: at.at, dash, read: dash ? undefined : keyAt(text, at.at) }));
      }
      if (entry.dash) continue;
      if (!entry.read) return undefined;
      if (entry.read.key === String(segment)) break;
    }
    const found = entry?.read;
    if (!entry || !found) break;
    key = entry.at;
    // The last key asked for itself: its value is not read.
    if (which === "key" && i === path.length - 1) return key;
    const value = valueAfter(text, found.after, node.column);
    if (!value) return undefined;
    node = value;
  }
  return which === "key" && key !== undefined ? key : node.at;
}

function lineStart(text: string, at: number): number {
  return text.lastIndexOf("\n", at - 1) + 1;
}

function lineEnd(text: string, at: number): number {
  const end = text.indexOf("\n", at);
  return end < 0 ? text.length : end;
}

/**
 * The first character of the next line holding something (not blank, not a comment) from `from`, and its column;
 * undefined at the end.
 */
function nextContent(text: string, from: number): BlockNode | undefined {
  for (let start = from; start < text.length; start = lineEnd(text, start) + 1) {
    let at = start;
    while (text.charCodeAt(at) === 0x20) at++;
    const c = text.charCodeAt(at);
    if (c === 0x09) throw NOT_READ;
    if (at >= text.length || c === 0x0a || c === 0x0d || c === 0x23) continue;
    return { at, column: at - start };
  }
  return undefined;
}

/**
 * A plain or quoted key at `at` followed by `:` and a blank or the line's end: its text and where its value may
 * start.
 */
function keyAt(text: string, at: number): { key: string; after: number } | undefined {
  const c = text.charCodeAt(at);
  if (c === 0x22 || c === 0x27) {
    const close = text.indexOf(String.fromCharCode(c), at + 1);
    if (close < 0 || close > lineEnd(text, at)) return undefined;
    const raw = text.slice(at + 1, close);
    // Escapes (and a quote doubled in single quotes) are yaml's to read.
    if ((c === 0x22 && raw.includes("\\")) || (c === 0x27 && text.charCodeAt(close + 1) === 0x27)) return undefined;
    let after = close + 1;
    while (text.charCodeAt(after) === 0x20) after++;
    return text.charCodeAt(after) === 0x3a ? { key: raw, after: after + 1 } : undefined;
  }
  // Indicators that start no plain key: a complex key, a flow collection, an anchor, tag or alias, a directive.
  if ("?[]{}&*!|>%@`,#'\"".includes(text[at] ?? "")) return undefined;
  const end = lineEnd(text, at);
  for (let i = at; i < end; i++) {
    if (text.charCodeAt(i) !== 0x3a) continue;
    const next = text.charCodeAt(i + 1);
    if (i + 1 === end || next === 0x20 || next === 0x0d) {
      const key = text.slice(at, i).trimEnd();
      // A key js-yaml reads as something else than its text (a number written otherwise, True, ~) is yaml's to place.
      if (!key || key === "<<" || / #/.test(key) || (/^[-+.0-9]/.test(key) && !/^(0|[1-9][0-9]*)$/.test(key)))
        return undefined;
      if (/^(true|false|null|~)$/i.test(key) && !/^(true|false|null)$/.test(key)) return undefined;
      return { key, after: i + 1 };
    }
  }
  return undefined;
}

/** A dash that starts a sequence's item. */
function isDash(text: string, at: number): boolean {
  return text.charCodeAt(at) === 0x2d && [0x20, 0x0a, 0x0d].includes(text.charCodeAt(at + 1) || 0x0a);
}

/** Where a value written after a key's colon, or a dash, starts; undefined for what is not read here. */
function valueAfter(text: string, after: number, column: number): BlockNode | undefined {
  let at = after;
  while (text.charCodeAt(at) === 0x20) at++;
  const c = text.charCodeAt(at);
  if (at < text.length && c !== 0x0a && c !== 0x0d && c !== 0x23) {
    // A value on the same line: a scalar, or a node this does not read into.
    if ("&!*{[|>\"'?".includes(text[at] ?? "")) return c === 0x22 || c === 0x27 ? quotedOnOneLine(text, at) : undefined;
    return { at, column: at - lineStart(text, at) };
  }
  const next = nextContent(text, lineEnd(text, at) + 1);
  if (!next) return undefined;
  // The block under the key: more indented, or a sequence at the key's own column.
  return next.column > column || (next.column === column && isDash(text, next.at)) ? next : undefined;
}

/** A quoted scalar that ends on its own line. */
function quotedOnOneLine(text: string, at: number): BlockNode | undefined {
  const close = text.indexOf(text[at] ?? "", at + 1);
  return close > 0 && close < lineEnd(text, at) ? { at, column: at - lineStart(text, at) } : undefined;
}
