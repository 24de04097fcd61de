// The example workflow drawn by `blockwright graph`'s own code: the SVG image
// the docs show (docs/images/), and the Mermaid flowchart in the workflows
// guide, between its markers.
import { join } from "node:path";
import { readWorkflowStructure, workflowGraph } from "../../src/workflow/graph-model.js";
import { toMermaid } from "../../src/workflow/graph-mermaid.js";
import { toSvg } from "../../src/workflow/graph-svg.js";
import { fence } from "./markdown.js";

/** The workflow the docs draw, relative to the repository. */
export const EXAMPLE_WORKFLOW = "examples/lead-to-deck.yaml";

function exampleGraph(root: string) {
  return workflowGraph(readWorkflowStructure(join(root, EXAMPLE_WORKFLOW), EXAMPLE_WORKFLOW).data);
}

/** What `blockwright graph examples/lead-to-deck.yaml --format svg` prints. */
export function exampleSvg(root: string): string {
  return toSvg(exampleGraph(root), { source: EXAMPLE_WORKFLOW });
}

/** What `blockwright graph examples/lead-to-deck.yaml` prints, in a mermaid block. */
export function exampleMermaid(root: string): string {
  return fence(toMermaid(exampleGraph(root)), "mermaid");
}
