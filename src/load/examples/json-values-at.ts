// The values at a few places of a JSON document, read from its bytes without parsing the rest: the pinned published
// document (published-examples.ts) is asked for the values at the places of the examples that break their schema (92
// of GitHub's whole document, in 5.7 MB), and JSON.parse of the whole, with the collection of what it made, cost more
// than the rest of that step. Each place's value is parsed alone, from its own bytes; the rest is stepped over, a
// string at a time. A place the bytes do not hold, or bytes that are not JSON where they are read, give no answer: the
// caller then parses the whole document, as before.

type Path = readonly (string | number)[];

/** A place on the way to the paths: the paths that end here, those below it, and the places inside by key. */
interface Step {
  ends: number[];
  below: number[];
  inside: Map<string, Step>;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_LIST = 0x5b;
const CLOSE_LIST = 0x5d;
const COLON = 0x3a;
const COMMA = 0x2c;

/** Bytes that are not JSON where they are read: the caller parses the whole document instead. */
class NotRead extends Error {}

/**
 * The value at each path of the JSON document `bytes` (UTF-8), as `valueAt(JSON.parse(text), path)` gives it for the
 * paths it holds: undefined for a path it does not hold (its own keys and list items only, the last of a key given
 * twice); none at all when the bytes are not JSON on the way to them or past the document's end.
 */
export function jsonValuesAt(bytes: Buffer, paths: readonly Path[]): unknown[] | undefined {
  const at: ([number, number] | undefined)[] = new Array(paths.length).fill(undefined);
  // As the whole text's decoding reads them (a byte-order mark kept, a broken sequence one replacement character).
  const text = (start: number, end: number) => bytes.toString("utf8", start, end);
  const value = (i: number, step: Step): number => {
    // A key given twice: JSON.parse keeps the last, so what an earlier one held is forgotten.
    for (const n of step.below) at[n] = undefined;
    const start = i;
    const first = bytes[i];
    let end: number;
    if (step.inside.size && first === OPEN_OBJECT) {
      i = blanks(bytes, i + 1);
      if (bytes[i] !== CLOSE_OBJECT)
        for (;;) {
          if (bytes[i] !== QUOTE) throw new NotRead();
          const keyEnd = stringEnd(bytes, i);
          const raw = text(i + 1, keyEnd);
          const key = raw.includes("\\") ? (JSON.parse(`"${raw}"`) as string) : raw;
          i = blanks(bytes, keyEnd + 1);
          if (bytes[i] !== COLON) throw new NotRead();
          i = blanks(bytes, i + 1);
          const next = step.inside.get(key);
          i = blanks(bytes, next ? value(i, next) : skipValue(bytes, i));
          if (bytes[i] === COMMA) i = blanks(bytes, i + 1);
          else if (bytes[i] === CLOSE_OBJECT) break;
          else throw new NotRead();
        }
      end = i + 1;
    } else if (step.inside.size && first === OPEN_LIST) {
      i = blanks(bytes, i + 1);
      if (bytes[i] !== CLOSE_LIST)
        for (let item = 0; ; item++) {
          const next = step.inside.get(String(item));
          i = blanks(bytes, next ? value(i, next) : skipValue(bytes, i));
          if (bytes[i] === COMMA) i = blanks(bytes, i + 1);
          else if (bytes[i] === CLOSE_LIST) break;
          else throw new NotRead();
        }
      end = i + 1;
    } else end = skipValue(bytes, i);
    for (const n of step.ends) at[n] = [start, end];
    return end;
  };
  try {
    if (blanks(bytes, value(blanks(bytes, 0), stepsOf(paths))) !== bytes.length) return undefined;
    return at.map((range) => (range ? JSON.parse(text(range[0], range[1])) : undefined));
  } catch (e) {
    if (e instanceof NotRead || e instanceof SyntaxError) return undefined;
    throw e;
  }
}

/** The paths as a tree of steps (a list's item by its index written as a key, as an own key of the list reads it). */
function stepsOf(paths: readonly Path[]): Step {
  const top: Step = { ends: [], below: [], inside: new Map() };
  for (const [n, path] of paths.entries()) {
    let step = top;
    step.below.push(n);
    for (const key of path) {
      let next = step.inside.get(String(key));
      if (!next) step.inside.set(String(key), (next = { ends: [], below: [], inside: new Map() }));
      step = next;
      step.below.push(n);
    }
    step.ends.push(n);
  }
  return top;
}

/** A blank JSON allows between its tokens. */
const isBlank = (c: number | undefined) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** Past the blanks JSON allows at `i`. */
function blanks(bytes: Buffer, i: number): number {
  for (;;) {
    const c = bytes[i];
    if (isBlank(c)) i++;
    else return i;
  }
}

/** The closing quote of the string opening at `i` (no byte of a UTF-8 sequence is a quote or a backslash). */
function stringEnd(bytes: Buffer, i: number): number {
  for (let j = i + 1; ; j++) {
    const c = bytes[j];
    if (c === QUOTE) return j;
    if (c === BACKSLASH) j++;
    else if (c === undefined) throw new NotRead();
  }
}

/** Past the value at `i`: a string, an object or list to its matching close, or a number or word to what ends it. */
function skipValue(bytes: Buffer, i: number): number {
  const first = bytes[i];
  if (first === QUOTE) return stringEnd(bytes, i) + 1;
  if (first === OPEN_OBJECT || first === OPEN_LIST) {
    for (let depth = 0; ; i++) {
      const c = bytes[i];
      if (c === QUOTE) i = stringEnd(bytes, i);
      else if (c === OPEN_OBJECT || c === OPEN_LIST) depth++;
      else if (c === CLOSE_OBJECT || c === CLOSE_LIST) {
        if (--depth === 0) return i + 1;
      } else if (c === undefined) throw new NotRead();
    }
  }
  const start = i;
  for (;;) {
    const c = bytes[i];
    if (c === undefined || c === COMMA || c === CLOSE_OBJECT || c === CLOSE_LIST || isBlank(c)) break;
    i++;
  }
  if (i === start) throw new NotRead();
  return i;
}
