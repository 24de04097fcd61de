// A parsed YAML (or JSON) file that can say where every value came from, so
// that any error about its content can name `file:line:col`.
//
// Two parsers, each for what it does best: js-yaml reads the data (six times
// faster than building yaml's document model, which made YAML a tenth of a
// generation's time), and yaml's document model, built only when a message
// needs a position, finds it.
import { createRequire } from "node:module";
import jsyaml from "../vendor/js-yaml.cjs";
import type { Document, Node } from "yaml";
import { INPUT_LIMITS, readSourceText, UnreadableSource, type InputLimit } from "./input-file.js";
import { jsonOffsets, lineColumn, lineStarts } from "./positions/text-positions.js";
import { blockYamlOffsets } from "./positions/block-yaml-positions.js";
import { MAX_NESTING, NESTING_RULE } from "../common/nesting.js";
import { hasAnchors, MAX_ALIASES, measureAliases } from "./yaml-aliases.js";
import { ownStrings } from "../common/own-strings.js";
import { type ProblemCode, withCode } from "../common/problem-codes.js";
import { lineText } from "../common/github-actions.js";

export { INPUT_LIMITS, readSourceText, UnreadableSource, type InputLimit };
export { type AliasMeasure, measureAliases } from "./yaml-aliases.js";

// yaml is loaded only when a position is wanted (loading it costs as much as parsing five specs).
const require = createRequire(import.meta.url);
const yaml = (): typeof import("yaml") => require("yaml") as typeof import("yaml");

// YAML 1.2's core schema (what yaml reads too: dates stay text) with merge keys, and digits after a leading
// zero read as text. Documents written by YAML 1.1 emitters (js-yaml 3, PyYAML) leave such a value unquoted
// when 1.1 reads it as text (`0339…`, not an octal number: it has a 9), where 1.2 reads an integer, its zeros
// and, past 2^53, its digits lost (Zenvia's example bar code `033990…` became 3.39902694414e+45); a 1.2 emitter
// quotes it. `0` itself, `0x1F` and `0o17` are still numbers.
// (@types/js-yaml leaves out the `types` export that holds the merge and int types.)
const YAML_TYPES = (
  jsyaml as unknown as { types: { merge: jsyaml.Type; int: jsyaml.Type & TypeParts; float: jsyaml.Type & TypeParts } }
).types;
interface TypeParts {
  tag: string;
  resolve: (data: string) => boolean;
  construct: (data: string) => unknown;
  predicate: (value: unknown) => boolean;
}
const LEADING_ZERO_DIGITS = /^[-+]?0[0-9_]+$/;
/**
 * The core schema's type (int; float, which takes plain digits too), but not for digits after a leading zero; only read
 * here, never written.
 */
const withoutLeadingZeros = (type: TypeParts) =>
  new jsyaml.Type(type.tag, {
    kind: "scalar",
    // A number starts with a digit, a sign or a point: a word (most plain scalars) is turned down at its first
    // character, not read by the float's expression and this one (each of them on every plain scalar of a document).
    resolve: (data: string) => startsAsNumber(data) && type.resolve(data) && !LEADING_ZERO_DIGITS.test(data),
    construct: type.construct,
    predicate: type.predicate,
  } as jsyaml.TypeConstructorOptions);
/** Whether a plain scalar starts as the core schema's int or float does: `0`–`9`, `-`, `+` or `.`. */
function startsAsNumber(data: string): boolean {
  const c = data.charCodeAt(0);
  return (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2b || c === 0x2e;
}
const SCHEMA = jsyaml.CORE_SCHEMA.extend({
  implicit: [YAML_TYPES.merge, withoutLeadingZeros(YAML_TYPES.int), withoutLeadingZeros(YAML_TYPES.float)],
});

export interface SourcePosition {
  file: string;
  line: number;
  col: number;
}

export interface YamlSource<T = unknown> {
  file: string;
  data: T;
  /** The text as read. */
  text: string;
  /** Position of the value at `path` (or of its nearest existing ancestor). */
  locate(path: readonly (string | number)[], which?: "key" | "value"): SourcePosition;
}

/** A problem at a place of a file, `file:line:col: detail`, printed with its code (src/common/problem-codes.ts). */
export class SourceError extends Error {
  constructor(
    readonly code: ProblemCode,
    readonly position: SourcePosition,
    readonly detail: string,
  ) {
    super(`${formatPosition(position)}: ${detail}`);
    this.name = "SourceError";
  }

  /** The message as printed: with its code. */
  get printed(): string {
    return withCode(this.code, this.message);
  }
}

/** `file:line:col`, the file's name escaped (a repository's file name is outside text: a control sequence in it). */
export function formatPosition(p: SourcePosition): string {
  return `${lineText(p.file)}:${p.line}:${p.col}`;
}

/** Where the value at a path is, as line and column (the same in every file that holds the text). */
type Locator = (path: readonly (string | number)[], which: "key" | "value") => Omit<SourcePosition, "file">;

/**
 * Texts parsed before, by their text: one process reads the same text again
 * and again (a command's load, its upstream check and its mocks; a server's
 * reloads; the commands the tests run in one process, on copies of the same
 * specs), and parsing costs 4 to 10 times a structured clone of what it made
 * (a 1 MB document: 20.6 ms against 4.5 ms). A caller owns the data it gets
 * and may change it, so each gets a clone, from the second read on (a text
 * read once costs no clone); the positions model (yaml's document, built when
 * a message first needs a place) is read-only, and shared. Bounded by the
 * characters held, the least recently read going first. A text of more than
 * an eighth of them (a whole published document) is not kept: a copy of its
 * data, held for the process's life, was hundreds of megabytes (a mock held
 * it while it served), more than parsing it again costs. Found by its length,
 * then by `===` (another text of that length is told apart at its first
 * differing character), not by a Map keyed by the text: V8 hashes such a key's
 * every character, up to 16,383, to look it up, and generate reads each text
 * once (a provider's document and manifest: about 33 µs; scale14).
 */
const parsed = new Map<number, ParsedText[]>();
/** The texts kept, the least recently read first. */
const byRecency = new Set<ParsedText>();
const PARSED_MAX_CHARS = 64 * 1024 * 1024;
const PARSED_MAX_TEXT = PARSED_MAX_CHARS / 8;
let parsedChars = 0;

interface ParsedText {
  /** The text, while it is kept. */
  text?: string;
  /** A pristine copy of the data, kept from the second read on. */
  data?: unknown;
  located?: Locator;
  /** The data's size with its aliases expanded, in characters (measured only when the text has an anchor). */
  expanded?: number;
}

const knownText = (text: string) => parsed.get(text.length)?.find((p) => p.text === text);

function forget(entry: ParsedText): void {
  const length = entry.text?.length ?? 0;
  const same = parsed.get(length) ?? [];
  same.splice(same.indexOf(entry), 1);
  if (!same.length) parsed.delete(length);
  byRecency.delete(entry);
  parsedChars -= length;
}

function remember(text: string, expanded: number | undefined): ParsedText {
  const entry: ParsedText = expanded === undefined ? {} : { expanded };
  if (text.length > PARSED_MAX_TEXT) return entry;
  for (const old of byRecency) {
    if (parsedChars + text.length <= PARSED_MAX_CHARS) break;
    forget(old);
  }
  entry.text = text;
  const same = parsed.get(text.length);
  if (same) same.push(entry);
  else parsed.set(text.length, [entry]);
  byRecency.add(entry);
  parsedChars += text.length;
  return entry;
}

/**
 * Parse YAML text; syntax errors become SourceErrors with their position, an
 * alias bomb, or aliases that expand the data past `limit` (the input limit of
 * the file's kind: what is written of the data can be read again), an
 * UnreadableSource.
 */
export function parseYamlSource<T = unknown>(
  text: string,
  file: string,
  limit: InputLimit = INPUT_LIMITS.file,
): YamlSource<T> {
  const known = knownText(text);
  if (!known) {
    const { data, expanded } = parseData<T>(text, file);
    withinLimit(expanded, text, file, limit);
    return sourceOf(file, text, data, remember(text, expanded));
  }
  withinLimit(known.expanded, text, file, limit);
  // Read again: the most recently read.
  byRecency.delete(known);
  byRecency.add(known);
  if (known.data !== undefined) return sourceOf(file, text, structuredClone(known.data) as T, known);
  const { data } = parseData<T>(text, file);
  known.data = structuredClone(data);
  return sourceOf(file, text, data, known);
}

/** Aliases may not make the data larger than the file itself may be. */
function withinLimit(expanded: number | undefined, text: string, file: string, limit: InputLimit): void {
  if (expanded === undefined || expanded <= limit.bytes) return;
  const MiB = 1024 * 1024;
  throw new UnreadableSource(
    "BW1004",
    file,
    `refused: its YAML aliases expand its ${(text.length / MiB).toFixed(1)} ` +
      `MiB to about ${(expanded / MiB).toFixed(1)} MiB of values, over the ${limit.bytes / MiB} ` +
      `MiB limit for ${limit.what} (each alias repeats its anchor's value: write the value out, or anchor less)`,
  );
}

/**
 * A parsed file's text let go, its data kept, for a caller that holds the data long after any message by place (a
 * whole published document's text is as large as its data): a place asked for after is the file's start.
 */
export function letTextGo(source: YamlSource): void {
  const { file } = source;
  source.text = "";
  source.locate = () => ({ file, line: 1, col: 1 });
}

/** A parsed file whose positions are found (once for its text, then kept in `entry`) when a message first needs one. */
function sourceOf<T>(file: string, text: string, data: T, entry: ParsedText): YamlSource<T> {
  return {
    file,
    data,
    text,
    locate: (path, which = "key") => {
      entry.located ??= textLocator(text);
      return { file, ...entry.located(path, which) };
    },
  };
}

function yamlLocator(text: string): Locator {
  const { LineCounter, parseDocument } = yaml();
  const lineCounter = new LineCounter();
  // Places only: a repeated key is the data's read's to refuse, and yaml's check of it compares each key of a map with
  // every one before it (a whole published document, 57 MB: 18.1 → 12.4 s of CPU).
  const doc = parseDocument(text, { lineCounter, merge: true, uniqueKeys: false });
  return (p, w) => lineCounter.linePos(offsetIn(doc, p, w));
}

function parseData<T>(text: string, file: string): { data: T; expanded?: number } {
  const json = parsedAsJson(text);
  if (json) return { data: json.data as T };
  let data: T;
  // The parser's state, taken at its first node: its anchors, once the text is read, say whether any alias can be in
  // the data (an alias names an anchor read before it).
  let parser: { anchorMap?: object; listener: unknown } | undefined;
  try {
    // maxDepth: js-yaml's own bound on nesting (its types do not declare it).
    data = jsyaml.load(text, {
      schema: SCHEMA,
      filename: file,
      maxDepth: MAX_NESTING,
      listener: (_event: jsyaml.EventType, state: jsyaml.State) => {
        parser = state as unknown as typeof parser;
        (state as unknown as { listener: unknown }).listener = null;
      },
    } as jsyaml.LoadOptions) as T;
  } catch (e) {
    // Text nested past the limit is refused as too deep, at its place, before any other reader (yaml's recurses) tries
    // it.
    const mark = (e as jsyaml.YAMLException).mark;
    if (e instanceof RangeError || /nesting exceeded maxDepth/.test((e as Error).message))
      throw new SourceError(
        "BW1002",
        { file, line: (mark?.line ?? 0) + 1, col: (mark?.column ?? 0) + 1 },
        `refused: the value there is ${NESTING_RULE}`,
      );
    throw syntaxError(text, file, e as jsyaml.YAMLException);
  }
  // Aliases need an anchor: most files have none (an `&` in a text, `{&page}` in a URL template, is none), and the walk
  // that measures them costs a whole published document a tenth of a second.
  if (!text.includes("&") || !hasAnchors(parser)) return { data: ownedIfLarge(data, text) };
  const measure = measureAliases(data);
  if (measure.cycle) {
    const at = sourceOf(file, text, data, {}).locate(measure.cycle, "value");
    throw new SourceError(
      "BW1004",
      at,
      "refused: this alias stands inside the value its anchor names, so the value holds itself and never ends " +
        "(YAML alias cycle)",
    );
  }
  if (measure.nested > MAX_ALIASES)
    throw new UnreadableSource(
      "BW1004",
      file,
      `refused: the YAML expands aliases more than ${MAX_ALIASES} times (${measure.nested} expansions of aliases ` +
        `inside anchors: an alias bomb?)`,
    );
  return { data: ownedIfLarge(data, text), expanded: measure.chars };
}

/**
 * A large text's data with strings of its own (ownStrings): js-yaml's values hold its copy of the text, and a large
 * text is not kept for another read (PARSED_MAX_TEXT), so that copy would be held by whatever keeps a value.
 */
function ownedIfLarge<T>(data: T, text: string): T {
  if (text.length > PARSED_MAX_TEXT) ownStrings(data);
  return data;
}

/**
 * Text written as JSON, read by JSON.parse: a sixth of js-yaml's time and a fifth of the memory its data holds (a
 * whole published document of 37 MB: 0.34 s and 28 MB, against 2.2 s and 129 MB), the same data where both read it
 * (YAML 1.2 reads JSON as JSON), and no alias to bound. Undefined, for js-yaml to read (and word any problem), when
 * the text is not JSON, repeats a key in an object (js-yaml refuses that; JSON.parse keeps the last) or nests near
 * the limit (js-yaml's maxDepth says where).
 */
function parsedAsJson(text: string): { data: unknown } | undefined {
  if (!/^\s*[[{]/.test(text)) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  const keys = keysWithin(data, MAX_NESTING - 2);
  return keys !== undefined && keys === keysWritten(text) ? { data } : undefined;
}

/** How many keys the objects of `value` hold; undefined when it nests deeper than `levels`. */
function keysWithin(value: unknown, levels: number): number | undefined {
  if (value === null || typeof value !== "object") return 0;
  if (levels <= 0) return undefined;
  let keys = 0;
  if (Array.isArray(value)) {
    for (const item of value) {
      const inner = keysWithin(item, levels - 1);
      if (inner === undefined) return undefined;
      keys += inner;
    }
    return keys;
  }
  for (const key in value) {
    const inner = keysWithin((value as Record<string, unknown>)[key], levels - 1);
    if (inner === undefined) return undefined;
    keys += 1 + inner;
  }
  return keys;
}

/**
 * How many keys JSON text writes: strings followed by a colon (JSON.parse has read it: every quote outside a string
 * opens one). Quotes are found by indexOf, not read character by character (the texts of 200 synthetic providers: 9.1
 * → 5.6 ms).
 */
function keysWritten(text: string): number {
  let keys = 0;
  for (let open = text.indexOf('"'); open !== -1; ) {
    // The string's end: the next quote that an odd run of backslashes does not escape.
    let end = text.indexOf('"', open + 1);
    while (end !== -1 && escaped(text, end)) end = text.indexOf('"', end + 1);
    if (end === -1) break;
    let next = end + 1;
    for (
      let c = text.charCodeAt(next);
      c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
      c = text.charCodeAt(++next)
    );
    if (text.charCodeAt(next) === 0x3a) keys++;
    open = text.indexOf('"', next);
  }
  return keys;
}

/** Whether the character at `at` follows an odd run of backslashes. */
function escaped(text: string, at: number): boolean {
  let before = at - 1;
  while (text.charCodeAt(before) === 0x5c) before--;
  return (at - 1 - before) % 2 === 1;
}

/** Positions read from the text (positions/); yaml's document, built once, finds those it does not read. */
function textLocator(text: string): Locator {
  // The lines found once, for a block YAML place's scan and a line's number alike.
  let starts: number[] | undefined;
  const lines = () => (starts ??= lineStarts(text));
  const offsetOf = jsonOffsets(text) ?? blockYamlOffsets(text, undefined, lines);
  const position = lineColumn(text, lines);
  let yamlPlaces: Locator | undefined;
  return (path, which) => {
    const offset = offsetOf(path, which);
    if (offset !== undefined) return position(offset);
    yamlPlaces ??= yamlLocator(text);
    return yamlPlaces(path, which);
  };
}

/** The message and position of a syntax error, as yaml words it (clearer than js-yaml's). */
function syntaxError(text: string, file: string, e: jsyaml.YAMLException): SourceError {
  const { LineCounter, parseDocument } = yaml();
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true, merge: true });
  const first = doc.errors[0];
  if (first) {
    const pos = lineCounter.linePos(first.pos[0]);
    return new SourceError(
      "BW1001",
      { file, line: pos.line, col: pos.col },
      `invalid YAML: ${first.message.split("\n")[0]}`,
    );
  }
  return new SourceError(
    "BW1001",
    { file, line: (e.mark?.line ?? 0) + 1, col: (e.mark?.column ?? 0) + 1 },
    `invalid YAML: ${e.reason ?? e.message}`,
  );
}

/** Read and parse a YAML file; a file that cannot be read as text (see readSourceText) is an UnreadableSource. */
export function loadYamlSource<T = unknown>(
  file: string,
  displayName = file,
  limit: InputLimit = INPUT_LIMITS.file,
): YamlSource<T> {
  return parseYamlSource<T>(readSourceText(file, displayName, limit), displayName, limit);
}

/** The offset of the value at `path` in yaml's document (of its nearest existing ancestor). */
function offsetIn(doc: Document, path: readonly (string | number)[], which: "key" | "value"): number {
  const { isMap, isPair, isScalar, isSeq } = yaml();
  let node: unknown = doc.contents;
  let keyNode: Node | null = null;
  for (const segment of path) {
    if (isMap(node)) {
      const pair = node.items.find(
        (item) => isPair(item) && isScalar(item.key) && String(item.key.value) === String(segment),
      );
      if (!pair) break;
      keyNode = pair.key as Node;
      node = pair.value;
    } else if (isSeq(node) && /^\d+$/.test(String(segment))) {
      const item = node.items[Number(segment)];
      if (item === undefined) break;
      keyNode = null;
      node = item;
    } else {
      break;
    }
  }
  const target = which === "key" && keyNode ? keyNode : ((node as Node | null) ?? keyNode);
  return target?.range?.[0] ?? 0;
}
