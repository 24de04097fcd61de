// Which of a list of path templates a request's path can reach, found by walking an index of their segments instead of
// trying each template: a router that tries every template pays, for each request, for every operation a document
// has, so a run's cost grew with operations × requests. Each template is indexed once by its count of segments, then
// each segment: a literal one a branch of its own (the request's segment must equal it), one holding an expression a
// branch any segment takes. The router then tries only the templates found, in their order. How a segment is read
// (decoded or raw, which text is an expression) is the router's: it gives the segments. Used by the mocks' router
// (mocks/routing/reachable-operations.ts) and the request judge's (judge/judge.ts).

/**
 * A template's segments as the index reads them: the text a request's segment must be, or `undefined` where any
 * segment may match; `undefined` as a whole where the template may match paths of other counts (a value spanning
 * segments, a path that is no path): offered to every request.
 */
export type IndexedTemplate = readonly (string | undefined)[] | undefined;

interface Branch {
  literal: Map<string, Branch>;
  any?: Branch;
  /** The templates that end here, by their place in the list. */
  ends: number[];
}

export interface SegmentIndex {
  /** The tree of each count of segments. */
  bySegments: Map<number, Branch>;
  /** The templates offered to every request. */
  always: number[];
}

const branch = (): Branch => ({ literal: new Map(), ends: [] });

/** The index of `templates` (each given by its place in the list). */
export function segmentIndex(templates: readonly IndexedTemplate[]): SegmentIndex {
  const index: SegmentIndex = { bySegments: new Map(), always: [] };
  for (const [at, segments] of templates.entries()) {
    if (!segments) {
      index.always.push(at);
      continue;
    }
    let node = index.bySegments.get(segments.length) ?? branch();
    index.bySegments.set(segments.length, node);
    for (const segment of segments) {
      if (segment === undefined) node = node.any ??= branch();
      else {
        const next = node.literal.get(segment) ?? branch();
        node.literal.set(segment, next);
        node = next;
      }
    }
    node.ends.push(at);
  }
  return index;
}

/** The places of the templates a request of these segments may match, in the list's order. */
export function reachableFrom(index: SegmentIndex, segments: readonly string[]): number[] {
  const found = [...index.always];
  const walk = (node: Branch, depth: number) => {
    if (depth === segments.length) {
      found.push(...node.ends);
      return;
    }
    const literal = node.literal.get(segments[depth] as string);
    if (literal) walk(literal, depth + 1);
    if (node.any) walk(node.any, depth + 1);
  };
  const root = index.bySegments.get(segments.length);
  if (root) walk(root, 0);
  return found.sort((a, b) => a - b);
}
