// Prism's router, given only the operations a request's path can reach. Left to itself, Prism's router scores and
// sorts every operation a mock serves for each request, so a request's cost grew with the document's operations and a
// run's with operations × requests. Here the operations are indexed once by their paths' segments: a request is routed
// among those of as many segments whose every literal segment is the request's own (both decoded as Prism decodes
// them); a segment with a template may match any. Every operation whose path Prism would match is among them, in the
// order the mock gave them, so Prism chooses among them as among all, and its errors are the same. A request none can
// reach, a path Prism refuses, and a request naming a server (Prism's `__server`, whose errors read every operation's
// servers) are routed among all the operations, as before. The index is common/segment-index.ts, the judge's too.
import { type IndexedTemplate, reachableFrom, type SegmentIndex, segmentIndex } from "../../common/segment-index.js";

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

/** A segment as Prism's router compares it: percent-decoded where it decodes. */
function decoded(segment: string): string {
  try {
    return segment && decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * An operation's path as the index reads it: a template told by the segment as written (Prism's reading), a literal
 * by the segment decoded; a path Prism reads as malformed offered to every request, as Prism meets it.
 */
function indexedPath(path: unknown, isTemplated: (segment: string) => boolean): IndexedTemplate {
  if (typeof path !== "string" || !path.startsWith("/")) return undefined;
  return path
    .split("/")
    .slice(1)
    .map((segment) => (isTemplated(segment) ? undefined : decoded(segment)));
}

/**
 * Prism's `route`, each request routed among the operations its path can reach (the top says why); `isTemplated` is
 * Prism's own test of a segment holding a template.
 */
export function reachingRoute<R extends RoutedOperation, I extends RouteInput, Out>(
  route: PrismRoute<R, I, Out>,
  isTemplated: (segment: string) => boolean,
): PrismRoute<R, I, Out> {
  const indexes = new WeakMap<readonly R[], SegmentIndex>();
  return ({ resources, input }) => {
    const { path, baseUrl } = input.url;
    if (baseUrl || typeof path !== "string" || !path.startsWith("/")) return route({ resources, input });
    let index = indexes.get(resources);
    if (!index) indexes.set(resources, (index = segmentIndex(resources.map((r) => indexedPath(r.path, isTemplated)))));
    const places = reachableFrom(index, path.split("/").slice(1).map(decoded));
    return route({ resources: places.length ? places.map((at) => resources[at] as R) : resources, input });
  };
}
