// A parsed YAML (or JSON) file that can say where every value came from, so
// that any error about its content can name `file:line:col`.
//
// Two parsers, each for what it does best: js-yaml reads the data (six times
// faster than building yaml's document model, which made YAML a tenth of a
// generation's time), and yaml's document model, built only when a message
// needs a position, finds it.
import { createRequire } from "node:module";
import jsyaml from "js-yaml";
import type { Document, Node } from "yaml";
import { INPUT_LIMITS, readSourceText, UnreadableSource, type InputLimit } from "./input-file.js";
import { jsonOffsets, lineColumn } from "./json-positions.js";
import { MAX_NESTING, NESTING_RULE } from "../common/nesting.js";
import { type ProblemCode, withCode } from "../common/problem-codes.js";

export { INPUT_LIMITS, readSourceText, UnreadableSource, type InputLimit };

// yaml is loaded only when a position is wanted (loading it costs as much as parsing five specs).
const require = createRequire(import.meta.url);
const yaml = (): typeof import("yaml") => require("yaml") as typeof import("yaml");

// YAML 1.2's core schema (what yaml reads too: dates stay text) with merge keys, and digits after a leading
// zero read as text. Documents written by YAML 1.1 emitters (js-yaml 3, PyYAML) leave such a value unquoted
// when 1.1 reads it as text (`0339…`, not an octal number: it has a 9), where 1.2 reads an integer, its zeros
// and, past 2^53, its digits lost (Zenvia's example bar code `033990…` became 3.39902694414e+45); a 1.2 emitter
// quotes it. `0` itself, `0x1F` and `0o17` are still numbers.
// (@types/js-yaml leaves out the `types` export that holds the merge and int types.)
const YAML_TYPES = (jsyaml as unknown as { types: { merge: jsyaml.Type; int: jsyaml.Type & TypeParts; float: jsyaml.Type & TypeParts } }).types;
interface TypeParts {
  tag: string;
  resolve: (data: string) => boolean;
  construct: (data: string) => unknown;
  predicate: (value: unknown) => boolean;
}
const LEADING_ZERO_DIGITS = /^[-+]?0[0-9_]+$/;
/** The core schema's type (int; float, which takes plain digits too), but not for digits after a leading zero; only read here, never written. */
const withoutLeadingZeros = (type: TypeParts) =>
  new jsyaml.Type(type.tag, { kind: "scalar", resolve: (data: string) => !LEADING_ZERO_DIGITS.test(data) && type.resolve(data), construct: type.construct, predicate: type.predicate } as jsyaml.TypeConstructorOptions);
const SCHEMA = jsyaml.CORE_SCHEMA.extend({ implicit: [YAML_TYPES.merge, withoutLeadingZeros(YAML_TYPES.int), withoutLeadingZeros(YAML_TYPES.float)] });

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

/** Alias expansions allowed per document: enough for shared anchors, far too few for an alias bomb. */
const MAX_ALIASES = 100;

export function formatPosition(p: SourcePosition): string {
  return `${p.file}:${p.line}:${p.col}`;
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
 * characters held, the least recently read going first.
 */
const parsed = new Map<string, ParsedText>();
const PARSED_MAX_CHARS = 64 * 1024 * 1024;
let parsedChars = 0;

interface ParsedText {
  /** A pristine copy of the data, kept from the second read on. */
  data?: unknown;
  located?: Locator;
}

function remember(text: string): ParsedText {
  const entry: ParsedText = {};
  if (text.length > PARSED_MAX_CHARS) return entry;
  for (const [old] of parsed) {
    if (parsedChars + text.length <= PARSED_MAX_CHARS) break;
    parsed.delete(old);
    parsedChars -= old.length;
  }
  parsed.set(text, entry);
  parsedChars += text.length;
  return entry;
}

/** Parse YAML text; syntax errors become SourceErrors with their position, an alias bomb an UnreadableSource. */
export function parseYamlSource<T = unknown>(text: string, file: string): YamlSource<T> {
  const known = parsed.get(text);
  if (!known) return sourceOf(file, text, parseData<T>(text, file), remember(text));
  // Read again: the most recently read.
  parsed.delete(text);
  parsed.set(text, known);
  if (known.data !== undefined) return sourceOf(file, text, structuredClone(known.data) as T, known);
  const data = parseData<T>(text, file);
  known.data = structuredClone(data);
  return sourceOf(file, text, data, known);
}

/** A parsed file whose positions are found (once for its text, then kept in `entry`) when a message first needs one. */
function sourceOf<T>(file: string, text: string, data: T, entry: ParsedText): YamlSource<T> {
  return {
    file,
    data,
    text,
    locate: (path, which = "key") => {
      entry.located ??= jsonLocator(text) ?? yamlLocator(text);
      return { file, ...entry.located(path, which) };
    },
  };
}

function yamlLocator(text: string): Locator {
  const { LineCounter, parseDocument } = yaml();
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, merge: true });
  return (p, w) => lineCounter.linePos(offsetIn(doc, p, w));
}

function parseData<T>(text: string, file: string): T {
  let data: T;
  try {
    // maxDepth: js-yaml's own bound on nesting (its types do not declare it).
    data = jsyaml.load(text, { schema: SCHEMA, filename: file, maxDepth: MAX_NESTING } as jsyaml.LoadOptions) as T;
  } catch (e) {
    // Text nested past the limit is refused as too deep, at its place, before any other reader (yaml's recurses) tries it.
    const mark = (e as jsyaml.YAMLException).mark;
    if (e instanceof RangeError || /nesting exceeded maxDepth/.test((e as Error).message)) throw new SourceError("BW1002", { file, line: (mark?.line ?? 0) + 1, col: (mark?.column ?? 0) + 1 }, `refused: the value there is ${NESTING_RULE}`);
    throw syntaxError(text, file, e as jsyaml.YAMLException);
  }
  // An anchor needs an `&`: most files have none, and a search for the character is far cheaper than the pattern.
  if (text.includes("&") && /(^|[\s[{,:-])&[^\s]/m.test(text) && expandedAliases(data) > MAX_ALIASES) {
    throw new UnreadableSource("BW1004", file, `refused: the YAML expands aliases more than ${MAX_ALIASES} times (an alias bomb?)`);
  }
  return data;
}

/** Positions in text written as JSON, without yaml's document of it (undefined for YAML). */
function jsonLocator(text: string): Locator | undefined {
  const offsetOf = jsonOffsets(text);
  if (!offsetOf) return undefined;
  const position = lineColumn(text);
  return (path, which) => position(offsetOf(path, which));
}

/** The message and position of a syntax error, as yaml words it (clearer than js-yaml's). */
function syntaxError(text: string, file: string, e: jsyaml.YAMLException): SourceError {
  const { LineCounter, parseDocument } = yaml();
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true, merge: true });
  const first = doc.errors[0];
  if (first) {
    const pos = lineCounter.linePos(first.pos[0]);
    return new SourceError("BW1001", { file, line: pos.line, col: pos.col }, `invalid YAML: ${first.message.split("\n")[0]}`);
  }
  return new SourceError("BW1001", { file, line: (e.mark?.line ?? 0) + 1, col: (e.mark?.column ?? 0) + 1 }, `invalid YAML: ${e.reason ?? e.message}`);
}

/**
 * How many values aliases add when the document is expanded: js-yaml shares
 * an anchored value among its aliases, so a few lines can stand for millions
 * of values to whatever walks the data next.
 */
function expandedAliases(root: unknown): number {
  const weight = new Map<object, number>();
  const visit = (node: unknown): number => {
    if (node === null || typeof node !== "object") return 0;
    let total = 0;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (child === null || typeof child !== "object") continue;
      const known = weight.get(child);
      if (known !== undefined)
        total += 1 + known; // an alias: the anchored value once more
      else total += visit(child);
      if (total > MAX_ALIASES) break;
    }
    weight.set(node, total);
    return total;
  };
  return visit(root);
}

/** Read and parse a YAML file; a file that cannot be read as text (see readSourceText) is an UnreadableSource. */
export function loadYamlSource<T = unknown>(file: string, displayName = file, limit: InputLimit = INPUT_LIMITS.file): YamlSource<T> {
  return parseYamlSource<T>(readSourceText(file, displayName, limit), displayName);
}

/** The offset of the value at `path` in yaml's document (of its nearest existing ancestor). */
function offsetIn(doc: Document, path: readonly (string | number)[], which: "key" | "value"): number {
  const { isMap, isPair, isScalar, isSeq } = yaml();
  let node: unknown = doc.contents;
  let keyNode: Node | null = null;
  for (const segment of path) {
    if (isMap(node)) {
      const pair = node.items.find((item) => isPair(item) && isScalar(item.key) && String(item.key.value) === String(segment));
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
