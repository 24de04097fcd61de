// Positions in a document written as JSON (most published API documents
// are), found on jsonc-parser's syntax tree: for a whole published document
// (13 MB) it costs a fraction of the time and memory of yaml's document of
// the same text, which is only needed for YAML.
import { createRequire } from "node:module";
import type { Node, ParseError } from "jsonc-parser";

const require = createRequire(import.meta.url);
const jsonc = (): typeof import("jsonc-parser") => require("jsonc-parser") as typeof import("jsonc-parser");

/** Where the value at `path` (or its key) starts in `text`, or undefined when the text is not plain JSON (yaml locates it then). */
export type OffsetOf = (path: readonly (string | number)[], which: "key" | "value") => number;

export function jsonOffsets(text: string): OffsetOf | undefined {
  if (!/^\s*[[{]/.test(text)) return undefined;
  const errors: ParseError[] = [];
  const root = jsonc().parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  if (!root || errors.length) return undefined;
  return (path, which) => offsetIn(root, path, which);
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

/** 1-based line and column of an offset in `text`. */
export function lineColumn(text: string): (offset: number) => { line: number; col: number } {
  const starts = [0];
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  return (offset) => {
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
