// An answer header's example written over several lines (a YAML block: a `Link` of one page link a line): Prism serves
// the example as it is, Node refuses a line break in a header value ("Invalid character in header content"), and
// Prism answered every call of the operation with a 500. HTTP reads a folded header's line break as a space (RFC 9112
// §5.2), so the mock serves each such text on one line, the breaks and the blanks around them one space.
import { isObject, resolved } from "../mock-form-bodies.js";

type Node = Record<string, unknown>;

const BREAK = /[ \t]*(?:\r\n|\r|\n)[ \t]*/g;

/** The header (resolved) with its examples, and its schema's, on one line; the header itself when none breaks. */
export function headerOnOneLine(header: unknown, document: Node): unknown {
  if (!isObject(header)) return header;
  const out: Node = { ...header };
  let changed = examplesOnOneLine(out);
  const schema = resolved(header.schema, document);
  if (isObject(schema)) {
    const own: Node = { ...schema };
    if (examplesOnOneLine(own, "default")) {
      out.schema = own;
      changed = true;
    }
  }
  return changed ? out : header;
}

/** The node's `example`, `examples` (a map of Example Objects, or 3.1's list) and `extra` on one line, in place. */
function examplesOnOneLine(node: Node, extra?: string): boolean {
  let changed = false;
  for (const key of ["example", ...(extra ? [extra] : [])]) {
    const line = oneLine(node[key]);
    if (line !== node[key]) [node[key], changed] = [line, true];
  }
  const examples = node.examples;
  if (Array.isArray(examples)) {
    const lines = examples.map(oneLine);
    if (lines.some((line, i) => line !== examples[i])) [node.examples, changed] = [lines, true];
  } else if (isObject(examples)) {
    const out: Node = {};
    for (const [name, example] of Object.entries(examples)) {
      const line = isObject(example) ? oneLine(example.value) : undefined;
      out[name] = isObject(example) && line !== example.value ? { ...example, value: line } : example;
      changed ||= out[name] !== example;
    }
    if (changed) node.examples = out;
  }
  return changed;
}

function oneLine(value: unknown): unknown {
  return typeof value === "string" && /[\r\n]/.test(value) ? value.replace(BREAK, " ").trim() : value;
}
