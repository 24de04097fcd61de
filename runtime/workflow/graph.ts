// The block graph: connections define the order blocks run in, and which
// blocks count as upstream of which.
import { entryOf } from "../common/checked.js";
import type { Workflow } from "./types.js";

export interface Graph {
  ids: string[];
  /** Direct predecessors of each block. */
  incoming: Map<string, string[]>;
  /** Direct successors of each block. */
  outgoing: Map<string, string[]>;
}

/** The graph of the connections whose targets exist. */
export function buildGraph(workflow: Workflow): Graph {
  const ids = Object.keys(workflow.blocks);
  const incoming = new Map(ids.map((id) => [id, [] as string[]]));
  const outgoing = new Map(ids.map((id) => [id, [] as string[]]));
  for (const [id, block] of Object.entries(workflow.blocks)) {
    const successors = entryOf(outgoing, id);
    for (const { target } of block.connections?.outgoing ?? []) {
      const predecessors = incoming.get(target);
      if (!predecessors || target === id || successors.includes(target)) continue;
      successors.push(target);
      predecessors.push(id);
    }
  }
  return { ids, incoming, outgoing };
}

/** Every block a block transitively depends on. */
export function upstreamOf(graph: Graph, id: string): Set<string> {
  const seen = new Set<string>();
  const stack = [...(graph.incoming.get(id) ?? [])];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    if (seen.has(next)) continue;
    seen.add(next);
    stack.push(...(graph.incoming.get(next) ?? []));
  }
  return seen;
}

/** A cycle as a list of block ids (first repeated at the end), or undefined. */
export function findCycle(graph: Graph): string[] | undefined {
  const state = new Map<string, "visiting" | "done">();
  const stack: string[] = [];
  const visit = (id: string): string[] | undefined => {
    state.set(id, "visiting");
    stack.push(id);
    for (const next of graph.outgoing.get(id) ?? []) {
      if (state.get(next) === "visiting") return [...stack.slice(stack.indexOf(next)), next];
      if (!state.has(next)) {
        const found = visit(next);
        if (found) return found;
      }
    }
    stack.pop();
    state.set(id, "done");
    return undefined;
  };
  for (const id of graph.ids) {
    if (!state.has(id)) {
      const found = visit(id);
      if (found) return found;
    }
  }
  return undefined;
}
