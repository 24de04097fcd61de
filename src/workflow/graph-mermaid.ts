// A workflow graph as a Mermaid flowchart (GitHub renders it in Markdown).
// Every text from the workflow file is data: nodes get ids of our own (a
// block id such as `end` or `graph` is a Mermaid keyword), and every label
// character outside a small safe set is written as Mermaid's entity code
// (`#34;`), so no quote, bracket, pipe, backtick or markup can end a label,
// start a link or close the Markdown fence around it.
import type { WorkflowGraph } from "./graph-model.js";

/**
 * Characters a label keeps as they are (letters and digits of any script among them); everything else becomes `#<code
 * point>;`.
 */
const SAFE = /[\p{L}\p{N} _.,:/()+=@-]/u;

/** One line of label text, escaped for a quoted Mermaid label. */
export function mermaidText(text: string): string {
  let out = "";
  for (const char of text.replace(/\s+/g, " ")) out += SAFE.test(char) ? char : `#${char.codePointAt(0)};`;
  return out;
}

/**
 * The flowchart, top to bottom: each block with its id, name, provider and
 * operation; each connection an arrow. A workflow's name labels a box around
 * its blocks (a subgraph: Mermaid reads its label as it reads a node's, where
 * a front-matter title would take `&` and `<` as markup).
 */
export function toMermaid(graph: WorkflowGraph): string {
  const node = new Map(graph.blocks.map((b, i) => [b.id, `b${i}`]));
  const indent = graph.title !== undefined ? "    " : "  ";
  const lines = ["flowchart TD"];
  // A subgraph's own direction: without one, Mermaid turns a box inside a top-down chart left to right.
  if (graph.title !== undefined) lines.push(`  subgraph w ["${mermaidText(graph.title)}"]`, "    direction TB");
  for (const b of graph.blocks) {
    lines.push(
      `${indent}${node.get(b.id)}["<b>${mermaidText(b.id)}</b><br/>${mermaidText(b.name)}` +
        `<br/><i>${mermaidText(b.provider)} › ${mermaidText(b.runs)}</i>"]`,
    );
  }
  // Inside the box too: a subgraph reached by arrows from outside loses its own direction.
  for (const e of graph.edges) lines.push(`${indent}${node.get(e.from)} --> ${node.get(e.to)}`);
  if (graph.title !== undefined) lines.push("  end");
  return `${lines.join("\n")}\n`;
}
