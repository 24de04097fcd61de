// Prism's router, given only the operations a request's path can reach. Left to itself, Prism's router scores and
// sorts every operation a mock serves for each request, so a request's cost grew with the document's operations and a
// run's with operations × requests. Here the operations are indexed once by their paths' segments: a request is routed
// among those of as many segments whose every literal segment is the request's own (both decoded as Prism decodes
// them); a segment with a template may match any. Every operation whose path Prism would match is among them, in the
// order the mock gave them, so Prism chooses among them as among all, and its errors are the same. A request none can
// reach, a path Prism refuses, and a request naming a server (Prism's `__server`, whose errors read every operation's
// servers) are routed among all the operations, as before.

/** What the index reads of one of Prism's operations. */
interface RoutedOperation {
  path: string;
}

/** The request as Prism's router reads it. */
interface RouteInput {
  url: { path: string; baseUrl?: string };
}

/** Prism's router (`@stoplight/prism-http`'s router), or one made by `reachingRoute`. */
export type PrismRoute<R extends RoutedOperation, I extends RouteInput, Out> = (options: {
  resources: R[];
  input: I;
}) => Out;

interface Branch {
  literal: Map<string, Branch>;
  templated?: Branch;
  /** The operations whose path ends here, by their place in the mock's list. */
  ends: number[];
}

interface PathIndex {
  /** The tree of each count of segments. */
  bySegments: Map<number, Branch>;
  /** Operations whose path Prism reads as malformed: offered to every request, as Prism meets them. */
  always: number[];
}

/** A segment as Prism's router compares it: percent-decoded where it decodes. */
function decoded(segment: string): string {
  try {
    return segment && decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function segmentsOf(path: string): string[] {
  return path.split("/").slice(1).map(decoded);
}

const branch = (): Branch => ({ literal: new Map(), ends: [] });

function indexOf(resources: readonly RoutedOperation[], isTemplated: (segment: string) => boolean): PathIndex {
  const index: PathIndex = { bySegments: new Map(), always: [] };
  for (const [at, { path }] of resources.entries()) {
    if (typeof path !== "string" || !path.startsWith("/")) {
      index.always.push(at);
      continue;
    }
    const written = path.split("/").slice(1);
    let node = index.bySegments.get(written.length) ?? branch();
    index.bySegments.set(written.length, node);
    // A template is told by the segment as written (Prism's reading), a literal by the segment decoded.
    for (const segment of written) {
      if (isTemplated(segment)) node = node.templated ??= branch();
      else {
        const key = decoded(segment);
        const next = node.literal.get(key) ?? branch();
        node.literal.set(key, next);
        node = next;
      }
    }
    node.ends.push(at);
  }
  return index;
}

/** The places of the operations whose path may match `path`, in the mock's order. */
function reachable(index: PathIndex, path: string): number[] {
  const segments = segmentsOf(path);
  const found = [...index.always];
  const walk = (node: Branch, depth: number) => {
    if (depth === segments.length) {
      found.push(...node.ends);
      return;
    }
    const literal = node.literal.get(segments[depth] as string);
    if (literal) walk(literal, depth + 1);
    if (node.templated) walk(node.templated, depth + 1);
  };
  const root = index.bySegments.get(segments.length);
  if (root) walk(root, 0);
  return found.sort((a, b) => a - b);
}

/**
 * Prism's `route`, each request routed among the operations its path can reach (the top says why); `isTemplated` is
 * Prism's own test of a segment holding a template.
 */
export function reachingRoute<R extends RoutedOperation, I extends RouteInput, Out>(
  route: PrismRoute<R, I, Out>,
  isTemplated: (segment: string) => boolean,
): PrismRoute<R, I, Out> {
  const indexes = new WeakMap<readonly R[], PathIndex>();
  return ({ resources, input }) => {
    const { path, baseUrl } = input.url;
    if (baseUrl || typeof path !== "string" || !path.startsWith("/")) return route({ resources, input });
    let index = indexes.get(resources);
    if (!index) indexes.set(resources, (index = indexOf(resources, isTemplated)));
    const places = reachable(index, path);
    return route({ resources: places.length ? places.map((at) => resources[at] as R) : resources, input });
  };
}
