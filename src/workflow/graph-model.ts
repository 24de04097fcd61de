// A workflow as a picture sees it: its blocks (id, name, provider, what each
// runs) and the connections between them, read from the file's structure
// alone. No registry is asked, so `blockwright graph` draws a workflow before
// its packages are generated; `validate` checks the rest.
import { blockAction, type Workflow, type WorkflowBlock } from "@blockwright/runtime/workflow";
import { loadYamlSource, parseYamlSource, SourceError, type YamlSource } from "../load/yaml-source.js";
import { validateSchema, WorkflowErrors } from "./validate.js";

export interface GraphBlock {
  id: string;
  /** The block's human name. */
  name: string;
  /** The block type: the provider. */
  provider: string;
  /** What the block runs: its operation id. */
  runs: string;
}

export interface WorkflowGraph {
  /** The workflow's own name, when it has one. */
  title?: string;
  /** In the file's order. */
  blocks: GraphBlock[];
  /** Connections, each once, in the file's order (a block's connection to itself left out, as the runner does). */
  edges: { from: string; to: string }[];
}

/** The graph of a workflow that passed the workflow schema. */
export function workflowGraph(workflow: Workflow): WorkflowGraph {
  const entries = Object.entries(workflow.blocks);
  const edges: WorkflowGraph["edges"] = [];
  const seen = new Set<string>();
  for (const [from, block] of entries) {
    for (const { target } of block.connections?.outgoing ?? []) {
      const key = JSON.stringify([from, target]);
      if (target === from || seen.has(key) || !Object.hasOwn(workflow.blocks, target)) continue;
      seen.add(key);
      edges.push({ from, to: target });
    }
  }
  return {
    ...(workflow.name !== undefined ? { title: workflow.name } : {}),
    blocks: entries.map(([id, block]) => ({ id, name: block.name, provider: block.type, runs: runs(block) })),
    edges,
  };
}

function runs(block: WorkflowBlock): string {
  return blockAction(block);
}

/**
 * Read a workflow's structure: YAML or JSON (`text`, or the file when it is
 * undefined) that passes the workflow schema, every connection to a block of
 * its own. Throws WorkflowErrors, each problem at its file:line:col.
 */
export function readWorkflowStructure(file: string, displayName = file, text?: string): YamlSource<Workflow> {
  let source: YamlSource<Workflow>;
  try {
    source =
      text === undefined ? loadYamlSource<Workflow>(file, displayName) : parseYamlSource<Workflow>(text, displayName);
  } catch (e) {
    if (e instanceof SourceError) throw new WorkflowErrors([e]);
    throw e;
  }
  const schemaErrors = validateSchema(source);
  if (schemaErrors.length) throw new WorkflowErrors(schemaErrors);
  const errors: SourceError[] = [];
  for (const [id, block] of Object.entries(source.data.blocks)) {
    (block.connections?.outgoing ?? []).forEach(({ target }, i) => {
      if (Object.hasOwn(source.data.blocks, target)) return;
      const at = source.locate(["blocks", id, "connections", "outgoing", i, "target"], "value");
      errors.push(
        new SourceError(
          "BW4002",
          at,
          `${id}: connection to unknown block ${JSON.stringify(target)} (blocks: ` +
            `${Object.keys(source.data.blocks).join(", ")})`,
        ),
      );
    });
  }
  if (errors.length) throw new WorkflowErrors(errors);
  return source;
}
