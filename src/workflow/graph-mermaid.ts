// A workflow graph as a Mermaid flowchart (GitHub renders it in Markdown).
// Every text from the workflow file is data: nodes get ids of our own (a
// block id such as `end` or `graph` is a Mermaid keyword), and every label
// character outside a small safe set is written as Mermaid's entity code
// (`#34;`), so no quote, bracket, pipe, backtick or markup can end a label,
// start a link or close the Markdown fence around it.
import type { WorkflowGraph } from "./graph-model.js";

/** Characters a label keeps as they are; everything else becomes `#<code point>;`. */
const SAFE = /[A-Za-z0-9 _.,:/()+=@-]/u;

/** One line of label text, escaped for a quoted Mermaid label. */
export function mermaidText(text: string): string {
  let out = "";
  for (const char of text.replace(/\s+/g, " ")) out += SAFE.test(char) ? char : `#${char.codePointAt(0)};`;
  return out;
}

/** The flowchart, top to bottom: each block with its id, name, provider and operation; each connection an arrow. */
export function toMermaid(graph: WorkflowGraph): string {
  const node = new Map(graph.blocks.map((b, i) => [b.id, `b${i}`]));
  const lines = ["flowchart TD"];
  // The title is front matter, YAML: a JSON string is a YAML string, quotes and backslashes escaped.
  if (graph.title !== undefined) lines.unshift("---", `title: ${JSON.stringify(graph.title.replace(/\s+/g, " "))}`, "---");
  for (const b of graph.blocks) {
    lines.push(`  ${node.get(b.id)}["<b>${mermaidText(b.id)}</b><br/>${mermaidText(b.name)}<br/><i>${mermaidText(b.provider)} › ${mermaidText(b.runs)}</i>"]`);
  }
  for (const e of graph.edges) lines.push(`  ${node.get(e.from)} --> ${node.get(e.to)}`);
  return `${lines.join("\n")}\n`;
}
