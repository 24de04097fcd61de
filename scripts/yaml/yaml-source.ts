// A parsed YAML (or JSON) file that remembers where every value came from, so
// that any error about its content can name `file:line:col`.
import { readFileSync } from "node:fs";
import { LineCounter, isMap, isPair, isScalar, isSeq, parseDocument, type Document, type Node } from "yaml";

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

export class SourceError extends Error {
  constructor(
    readonly position: SourcePosition,
    readonly detail: string,
  ) {
    super(`${formatPosition(position)}: ${detail}`);
    this.name = "SourceError";
  }
}

/** A file that cannot be read as YAML data at all (not a syntax error with a position). */
export class UnreadableSource extends Error {
  constructor(
    readonly file: string,
    readonly detail: string,
  ) {
    super(`${file}: ${detail}`);
    this.name = "UnreadableSource";
  }
}

/** Alias expansions allowed per document: enough for shared anchors, far too few for an alias bomb. */
const MAX_ALIASES = 100;

export function formatPosition(p: SourcePosition): string {
  return `${p.file}:${p.line}:${p.col}`;
}

/** Parse YAML text; syntax errors become SourceErrors with their position. */
export function parseYamlSource<T = unknown>(text: string, file: string): YamlSource<T> {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true, merge: true });
  const first = doc.errors[0];
  if (first) {
    const pos = lineCounter.linePos(first.pos[0]);
    throw new SourceError({ file, line: pos.line, col: pos.col }, `invalid YAML: ${first.message.split("\n")[0]}`);
  }
  const at = (offset: number): SourcePosition => {
    const pos = lineCounter.linePos(offset);
    return { file, line: pos.line, col: pos.col };
  };
  let data: T;
  try {
    data = doc.toJS({ maxAliasCount: MAX_ALIASES }) as T;
  } catch (e) {
    if (e instanceof ReferenceError && /alias/i.test(e.message)) throw new UnreadableSource(file, `refused: the YAML expands aliases more than ${MAX_ALIASES} times (an alias bomb?)`);
    throw e;
  }
  return {
    file,
    data,
    text,
    locate: (path, which = "key") => locateIn(doc, path, which, at),
  };
}

/** Read and parse a YAML file; a missing file, a folder or an alias bomb is an UnreadableSource. */
export function loadYamlSource<T = unknown>(file: string, displayName = file): YamlSource<T> {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new UnreadableSource(displayName, code === "ENOENT" ? "no such file" : code === "EISDIR" ? "is a folder, not a file" : `cannot be read (${code ?? (e as Error).message})`);
  }
  return parseYamlSource<T>(text, displayName);
}

function locateIn(
  doc: Document,
  path: readonly (string | number)[],
  which: "key" | "value",
  at: (offset: number) => SourcePosition,
): SourcePosition {
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
  const target = which === "key" && keyNode ? keyNode : (node as Node | null) ?? keyNode;
  const offset = target?.range?.[0] ?? 0;
  return at(offset);
}
